import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { CourseCardView, MonthLogDay, RankingItem, StudyStarView, StudyStatsAnswer, UserCountAnswer } from './stats.schemas.ts';
import { hotResInput, monthLogInput, rankingInput, recommendResInput, statsFilterInput, studyStarInput } from './stats.schemas.ts';

/** The learnstats calls (ADR 0039). */
export const learnstatsApi = /* @__PURE__ */ defineGroup('courses', 'stats', {
  getUserCount: endpoint({ path: '/Api/User/user_user/GetUserCount', input: statsFilterInput, output: answer<UserCountAnswer>() }),
  getStatisticsUserStudyData: endpoint({
    path: '/Api/Train_Manage/Train_Res/GetStatisticsUserStudyData',
    input: statsFilterInput,
    output: answer<StudyStatsAnswer>(),
  }),
  indexHotRes: endpoint({ path: '/Api/Train_Manage/Train_Res/IndexHotRes', input: hotResInput, output: answer<CourseCardView[]>() }),
  indexRecommendRes: endpoint({
    path: '/Api/Train_Manage/Train_Res/IndexRecommendRes',
    input: recommendResInput,
    output: answer<CourseCardView[]>(),
  }),
  indexRecommendResNoCache: endpoint({
    path: '/Api/Train_Manage/Train_Res/IndexRecommendResNoCache',
    input: recommendResInput,
    output: answer<unknown>(),
  }),
  getRankingList: endpoint({ path: '/Api/Train_Manage/Train_Res/GetRankingList', input: rankingInput, output: answer<RankingItem[]>() }),
  getStudyStarList: endpoint({
    path: '/Api/Train_Manage/Train_Res/GetStudyStarList',
    input: studyStarInput,
    output: answer<StudyStarView[]>(),
  }),
  learningMonthLog: endpoint({
    path: '/Api/Train_Manage/Train_Res/LearningMonthLog',
    input: monthLogInput,
    output: answer<MonthLogDay[]>(),
  }),
});
