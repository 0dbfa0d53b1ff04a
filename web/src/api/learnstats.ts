// Learning statistics (courses module, ADR 0019): the dashboard's count cards, showcase, calendar,
// rankings and study stars, and the signed-out course preview of /home.
import type {
  CourseCardView,
  MonthLogDay,
  PlayListAnswer,
  RankingItem,
  StudyStarView,
  StudyStatsAnswer,
  UserCountAnswer,
} from '@xuetu/contract';
import { post } from './request';

const res = '/Api/Train_Manage/Train_Res';
const quiet = { silent: true } as const;

export const getUserCount = () => post<UserCountAnswer>('/Api/User/user_user/GetUserCount', {}, quiet);
export const getStudyStats = () => post<StudyStatsAnswer>(`${res}/GetStatisticsUserStudyData`, {}, quiet);
export const getRecommendList = (cate: 1 | 2 | 3, top = 6) => post<CourseCardView[]>(`${res}/IndexRecommendRes`, { cate, top }, quiet);
export const getRanking = (limit: number) => post<RankingItem[]>(`${res}/GetRankingList`, { limit }, quiet);
export const getStars = (limit = 5) => post<StudyStarView[]>(`${res}/GetStudyStarList`, { limit }, quiet);
export const getMonthLog = (month: string) => post<MonthLogDay[]>(`${res}/LearningMonthLog`, { month }, quiet);
export const getPreview = (rescode: string) => post<PlayListAnswer & { introduce: string }>(`${res}/GetTrainResPreView`, { rescode });
