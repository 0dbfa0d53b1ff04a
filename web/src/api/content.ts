// Content administration calls (DESIGN.md §4 "Content").
import type {
  LecturerAdminItem,
  LinkItem,
  ModelItem,
  NoticeAdminItem,
  NoticeDetail,
  NoticeSaveInput,
  PageResult,
  RegulationItem,
  SiteSettings,
} from '@xuetu/contract';
import { post, upload } from './request';

const notice = '/Api/SysConfig/sys_notice';
const fp = '/Api/Fp_Manage';
const sys = '/Api/SysConfig';

export interface UploadedFile {
  key: string;
  url: string;
  name: string;
  size: number;
}
export const uploadContentFile = (file: Blob, kind: 'image' | 'document' | 'video') =>
  upload<UploadedFile>(`${notice}/UploadContentFile?kind=${kind}`, file);

export interface NoticeAdminSearch {
  keyword: string;
  status: '' | number;
  noticeChannel: '' | number;
  companySysCode: string;
}
export const getNoticeAdminPage = (body: { search: NoticeAdminSearch; pageIndex: number; pageRows: number }) =>
  post<PageResult<NoticeAdminItem>>(`${notice}/GetNoticeDataPageList`, body);
export const getNoticeEditData = (noticeSysCode: string) =>
  post<NoticeDetail & NoticeAdminItem>(`${notice}/GetNoticeEditData`, { noticeSysCode });
export const addNotice = (body: NoticeSaveInput) => post<{ noticeSysCode: string }>(`${notice}/AddNotice`, body);
export const updateNotice = (body: NoticeSaveInput) => post<{ noticeSysCode: string }>(`${notice}/UpdateNotice`, body);
export const setNoticeStatus = (noticeSysCode: string, status: 0 | 2) => post<null>(`${notice}/SetNoticeStatus`, { noticeSysCode, status });
export const delNotice = (noticeSysCode: string) => post<null>(`${notice}/DelNotice`, { noticeSysCode });

export const getLinkList = (linkType: number | '') => post<LinkItem[]>(`${fp}/Fp_link/GetLinkDataList`, { linkType });
export const saveLink = (body: Record<string, unknown>) => post<{ linkCode: string }>(`${fp}/Fp_link/SaveLinkData`, body);
export const delLink = (linkCode: string) => post<null>(`${fp}/Fp_link/DelLinkData`, { linkCode });

export const getLecturerList = () => post<LecturerAdminItem[]>(`${fp}/Fp_lecturer/GetLecturerDataList`, {});
export const saveLecturer = (body: Record<string, unknown>) => post<{ lecturerCode: string }>(`${fp}/Fp_lecturer/SaveLecturerData`, body);
export const delLecturer = (lecturerCode: string) => post<null>(`${fp}/Fp_lecturer/DelLecturerData`, { lecturerCode });

export const getModelList = () => post<ModelItem[]>(`${fp}/Fp_modelinfo/GetModelInfoDataList`, { clientType: '' });
export const saveModel = (body: Record<string, unknown>) => post<{ modelCode: string }>(`${fp}/Fp_modelinfo/SaveModelInfoData`, body);
export const delModel = (modelCode: string) => post<null>(`${fp}/Fp_modelinfo/DelModelInfoData`, { modelCode });

export const getRegulationList = (keyword = '') => post<RegulationItem[]>(`${sys}/sys_regulation/GetRegulationDataList`, { keyword });
export const saveRegulation = (body: Record<string, unknown>) =>
  post<{ docCode: string }>(`${sys}/sys_regulation/SaveRegulationData`, body);
export const delRegulation = (docCode: string) => post<null>(`${sys}/sys_regulation/DelRegulationData`, { docCode });

export const getSiteSettings = () => post<SiteSettings>(`${sys}/sys_site/GetSiteSettings`, {});
export const saveSiteSettings = (body: SiteSettings) => post<SiteSettings>(`${sys}/sys_site/SaveSiteSettings`, body);
