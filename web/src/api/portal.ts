// Public portal calls (spec portal-and-learner §7: OpenApi, sys_notice, Fp_modelinfo) and the
// course showcase calls of the home page (served by the courses module).
import {
  type LecturerDetail,
  type LecturerItem,
  type LinkItem,
  learnstatsApi,
  type ModelItem,
  type NoticeDetail,
  type NoticeItem,
  type PageResult,
  type RegulationItem,
  type SiteSettings,
} from '@xuetu/contract';
import { call } from './client';
import { post, postEnvelope } from './request';

const open = '/Api/Ydxs/OpenApi';
const notice = '/Api/SysConfig/sys_notice';

export const getInfoNoticePage = (body: {
  search?: { keyword?: string };
  pageIndex: number;
  pageRows: number;
  sortField?: string;
  sortType?: string;
}) => post<PageResult<NoticeItem>>(`${open}/GetInfoNoticeDataPageList`, body);
export const getLinks = (linkType: number) => post<LinkItem[]>(`${open}/GetFPLinkInfoList`, { linkType });
export const getLecturers = () => post<LecturerItem[]>(`${open}/GetFPLecturerInfoList`, {});
export const getLecturerDetail = (lecturerCode: string) => post<LecturerDetail>(`${open}/GetFPLecturerDetailInfoData`, { lecturerCode });
export const getHomeNotices = (top = 6) => post<NoticeItem[]>(`${open}/GetFPNoticeInfoList`, { top });
/** the whole envelope: the viewer shows `success: false` as a warning with the server msg */
export const getNoticeDetail = (noticeSysCode: string) =>
  postEnvelope<NoticeDetail>(`${open}/GetNoticeDetailDataBySysCode`, { noticeSysCode }, { silent: true });
export const getHomeImageNotices = () => post<NoticeItem[]>(`${notice}/GetHomePageImageNotice`, {});
export const getIndexImageNotices = (top = 6) => post<NoticeItem[]>(`${notice}/GetIndexPageImageNotice`, { top });
export const getSiteConfig = () => post<SiteSettings>(`${open}/GetSiteConfig`, {});
export const getShowModels = () => post<ModelItem[]>('/Api/Fp_Manage/Fp_modelinfo/GetShowModelInfoDataList', { clientType: 2 });
export const getRegulations = (keyword = '') => post<RegulationItem[]>(`${notice}/Getguizhangzhidu`, { keyword });

// ---- course showcase (courses module); quiet so a missing endpoint shows an empty state ----
export interface ResDir {
  dCode: string;
  dName: string;
  dNo: string;
  dpNo: string;
}
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
export const getIndexResDirList = () => post<ResDir[]>('/Api/Train_Manage/Train_ResDir/GetIndexResDirList', {}, quiet);
export const getIndexHotRes = (dCode: string, top = 10) => call(learnstatsApi.indexHotRes, { dCode, top }, quiet);
export const getRankingList = (limit = 5) => call(learnstatsApi.getRankingList, { limit }, quiet);
export const getStudyStars = () => call(learnstatsApi.getStudyStarList, {}, quiet);
export const getRecommendRes = (cate: 1 | 2 | 3) => call(learnstatsApi.indexRecommendRes, { cate }, quiet);
