// Learning statistics (courses module, ADR 0019): the dashboard's count cards, showcase, calendar,
// rankings and study stars, and the signed-out course preview of /home.
import { learnstatsApi, trainResApi } from '@xuetu/contract';
import { call } from './client';

const quiet = { silent: true } as const;

export const getUserCount = () => call(learnstatsApi.getUserCount, {}, quiet);
export const getStudyStats = () => call(learnstatsApi.getStatisticsUserStudyData, {}, quiet);
export const getRecommendList = (cate: 1 | 2 | 3, top = 6) => call(learnstatsApi.indexRecommendRes, { cate, top }, quiet);
export const getRanking = (limit: number) => call(learnstatsApi.getRankingList, { limit }, quiet);
export const getStars = (limit = 5) => call(learnstatsApi.getStudyStarList, { limit }, quiet);
export const getMonthLog = (month: string) => call(learnstatsApi.learningMonthLog, { month }, quiet);
export const getPreview = (rescode: string) => call(trainResApi.getTrainResPreView, { rescode });
