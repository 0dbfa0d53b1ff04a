import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { CourseCardView, MonthLogDay, RankingItem, StudyStarView, StudyStatsAnswer, UserCountAnswer } from './stats.schemas.ts';
import { hotResInput, monthLogInput, rankingInput, recommendResInput, statsFilterInput, studyStarInput } from './stats.schemas.ts';

// the original system's controllers these paths are under
const trainRes = '/Api/Train_Manage/Train_Res';

/** The learnstats calls (ADR 0039). */
export const learnstatsApi = /* @__PURE__ */ defineGroup('courses', 'stats', {
  getUserCount: endpoint({ path: '/Api/User/user_user/GetUserCount', input: statsFilterInput, output: answer<UserCountAnswer>() }),
  getStatisticsUserStudyData: endpoint({
    path: `${trainRes}/GetStatisticsUserStudyData`,
    input: statsFilterInput,
    output: answer<StudyStatsAnswer>(),
  }),
  indexHotRes: endpoint({ path: `${trainRes}/IndexHotRes`, input: hotResInput, output: answer<CourseCardView[]>() }),
  indexRecommendRes: endpoint({ path: `${trainRes}/IndexRecommendRes`, input: recommendResInput, output: answer<CourseCardView[]>() }),
  indexRecommendResNoCache: endpoint({ path: `${trainRes}/IndexRecommendResNoCache`, input: recommendResInput, output: answer<unknown>() }),
  getRankingList: endpoint({ path: `${trainRes}/GetRankingList`, input: rankingInput, output: answer<RankingItem[]>() }),
  getStudyStarList: endpoint({ path: `${trainRes}/GetStudyStarList`, input: studyStarInput, output: answer<StudyStarView[]>() }),
  learningMonthLog: endpoint({ path: `${trainRes}/LearningMonthLog`, input: monthLogInput, output: answer<MonthLogDay[]>() }),
});
