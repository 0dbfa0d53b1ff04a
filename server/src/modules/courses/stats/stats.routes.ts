import { hotResInput, monthLogInput, rankingInput, recommendResInput, statsFilterInput, studyStarInput, TRAIN_BASE } from '@xuetu/contract';
import { defineRoute } from '../../../platform/route.ts';
import * as service from './stats.service.ts';

// Learning statistics (spec portal-and-learner §2 "Learner dashboard and home panels", "Public
// home page"; §7 GetUserCount, GetStatisticsUserStudyData, IndexHotRes, IndexRecommendRes(NoCache),
// GetRankingList, LearningMonthLog; GetStudyStarList is the home page's 学习之星 call). ADR 0019.
const base = `${TRAIN_BASE}/Train_Res`;

export const learnStatsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/Api/User/user_user/GetUserCount',
    access: 'user',
    summary: '学员总数（item1）与已激活学员（item2）：本公司；平台人员为全部公司或所选公司',
    input: statsFilterInput,
    handler: ({ input, caller }) => service.userCount(caller, input.companySysCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetStatisticsUserStudyData`,
    access: 'user',
    summary: '课程总数、课程总时长（分钟）、学习时长（分钟）、学习课程数；学员（系统角色 4）为本人数据',
    input: statsFilterInput,
    handler: ({ input, caller }) => service.studyStats(caller, input.companySysCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/IndexHotRes`,
    access: 'public',
    summary: '首页热门课程（按学习人次，dCode 为空表示全部分类，默认前 10）',
    input: hotResInput,
    handler: ({ input, caller }) => service.hotRes(caller, input.dCode, input.top),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/IndexRecommendRes`,
    access: 'public',
    summary: '推荐课程（cate 1 HOT 精选，2 NEW 最新，3 GOOD 免费；缓存）',
    input: recommendResInput,
    handler: ({ input, caller }) => service.recommendRes(caller, input.cate, input.top),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/IndexRecommendResNoCache`,
    access: 'public',
    summary: '推荐课程（不经缓存）',
    input: recommendResInput,
    handler: ({ input, caller }) => service.recommendRes(caller, input.cate, input.top, false),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetRankingList`,
    access: 'public',
    summary: '课程排行（近 30 天累计学习时长，limit 条）',
    input: rankingInput,
    handler: ({ input, caller }) => service.ranking(caller, input.limit),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetStudyStarList`,
    access: 'public',
    summary: '学习之星（近 30 天学习时长最多的学员）',
    input: studyStarInput,
    handler: ({ input, caller }) => service.studyStars(caller, input.limit),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/LearningMonthLog`,
    access: 'user',
    summary: '学习日历：本人某月（yyyy-MM）每天的学习分钟数',
    input: monthLogInput,
    handler: ({ input, caller }) => service.monthLog(caller, input.month),
  }),
];
