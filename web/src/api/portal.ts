// Public portal calls (spec portal-and-learner §7: OpenApi, sys_notice, Fp_modelinfo) and the
// course showcase calls of the home page (served by the courses module).
import { type IndexResDir, learnstatsApi, noticesApi, portalApi, resDirApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';

export const getInfoNoticePage = (body: {
  search?: { keyword?: string };
  pageIndex: number;
  pageRows: number;
  sortField?: string;
  sortType?: string;
}) => call(noticesApi.getInfoNoticeDataPageList, body);
export const getLinks = (linkType: number) => call(portalApi.getFPLinkInfoList, { linkType });
export const getLecturers = () => call(portalApi.getFPLecturerInfoList, {});
export const getLecturerDetail = (lecturerCode: string) => call(portalApi.getFPLecturerDetailInfoData, { lecturerCode });
export const getHomeNotices = (top = 6) => call(noticesApi.getFPNoticeInfoList, { top });
/** the whole envelope: the viewer shows `success: false` as a warning with the server msg */
export const getNoticeDetail = (noticeSysCode: string) =>
  callEnvelope(noticesApi.getNoticeDetailDataBySysCode, { noticeSysCode }, { silent: true });
export const getHomeImageNotices = () => call(noticesApi.getHomePageImageNotice, {});
export const getIndexImageNotices = (top = 6) => call(noticesApi.getIndexPageImageNotice, { top });
export const getSiteConfig = () => call(portalApi.getSiteConfig, {});
export const getShowModels = () => call(portalApi.getShowModelInfoDataList, { clientType: 2 });
export const getRegulations = (keyword = '') => call(portalApi.getguizhangzhidu, { keyword });

// ---- course showcase (courses module); quiet so a missing endpoint shows an empty state ----
export type ResDir = IndexResDir;
export interface CourseCard {
  id?: number;
  resCode: string;
  resName: string;
  introduce?: string;
  cover?: string;
  viewCnt?: number;
  /** GetRankingList: credited study minutes of the last 30 days */
  studyMinutes?: number;
}
export interface StudyStar {
  chnName: string;
  orgName: string;
  headImg: string;
  studyHoursStr: string;
}
const quiet = { silent: true } as const;
export const getIndexResDirList = () => call(resDirApi.getIndexResDirList, {}, quiet);
export const getIndexHotRes = (dCode: string, top = 10) => call(learnstatsApi.indexHotRes, { dCode, top }, quiet);
export const getRankingList = (limit = 5) => call(learnstatsApi.getRankingList, { limit }, quiet);
export const getStudyStars = () => call(learnstatsApi.getStudyStarList, {}, quiet);
export const getRecommendRes = (cate: 1 | 2 | 3) => call(learnstatsApi.indexRecommendRes, { cate }, quiet);
