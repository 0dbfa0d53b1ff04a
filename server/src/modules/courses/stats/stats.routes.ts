import { learnstatsApi } from '@xuetu/contract';
import { routesOf } from '../../../platform/route.ts';
import * as service from './stats.service.ts';

// Learning statistics (spec portal-and-learner §2 "Learner dashboard and home panels", "Public
// home page"; §7 GetUserCount, GetStatisticsUserStudyData, IndexHotRes, IndexRecommendRes(NoCache),
// GetRankingList, LearningMonthLog; GetStudyStarList is the home page's 学习之星 call). ADR 0019.

export const learnStatsRoutes = routesOf(learnstatsApi, {
  getUserCount: {
    access: 'user',
    summary: '学员总数（item1）与已激活学员（item2）：本公司；平台人员为全部公司或所选公司',
    handler: ({ input, caller }) => service.userCount(caller, input.companySysCode),
  },
  getStatisticsUserStudyData: {
    access: 'user',
    summary: '课程总数、课程总时长（分钟）、学习时长（分钟）、学习课程数；学员（系统角色 4）为本人数据',
    handler: ({ input, caller }) => service.studyStats(caller, input.companySysCode),
  },
  indexHotRes: {
    access: 'public',
    summary: '首页热门课程（按学习人次，dCode 为空表示全部分类，默认前 10）',
    handler: ({ input, caller }) => service.hotRes(caller, input.dCode, input.top),
  },
  indexRecommendRes: {
    access: 'public',
    summary: '推荐课程（cate 1 HOT 精选，2 NEW 最新，3 GOOD 免费；缓存）',
    handler: ({ input, caller }) => service.recommendRes(caller, input.cate, input.top),
  },
  indexRecommendResNoCache: {
    access: 'public',
    summary: '推荐课程（不经缓存）',
    handler: ({ input, caller }) => service.recommendRes(caller, input.cate, input.top, false),
  },
  getRankingList: {
    access: 'public',
    summary: '课程排行（近 30 天累计学习时长，limit 条）',
    handler: ({ input, caller }) => service.ranking(caller, input.limit),
  },
  getStudyStarList: {
    access: 'public',
    summary: '学习之星（近 30 天学习时长最多的学员）',
    handler: ({ input, caller }) => service.studyStars(caller, input.limit),
  },
  learningMonthLog: {
    access: 'user',
    summary: '学习日历：本人某月（yyyy-MM）每天的学习分钟数',
    handler: ({ input, caller }) => service.monthLog(caller, input.month),
  },
});
