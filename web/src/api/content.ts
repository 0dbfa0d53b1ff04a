// Content administration calls (DESIGN.md §4 "Content").
import { contentApi, type NoticeSaveInput, noticesApi, type SiteSettings } from '@xuetu/contract';
import { call } from './client';
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
  call(noticesApi.getNoticeDataPageList, body);
export const getNoticeEditData = (noticeSysCode: string) => call(noticesApi.getNoticeEditData, { noticeSysCode });
export const addNotice = (body: NoticeSaveInput) => call(noticesApi.addNotice, body);
export const updateNotice = (body: NoticeSaveInput) => post<{ noticeSysCode: string }>(`${notice}/UpdateNotice`, body);
export const setNoticeStatus = (noticeSysCode: string, status: 0 | 2) => call(noticesApi.setNoticeStatus, { noticeSysCode, status });
export const delNotice = (noticeSysCode: string) => call(noticesApi.delNotice, { noticeSysCode });

export const getLinkList = (linkType: number | '') => call(contentApi.getLinkDataList, { linkType });
export const saveLink = (body: Record<string, unknown>) => call(contentApi.saveLinkData, body);
export const delLink = (linkCode: string) => post<null>(`${fp}/Fp_link/DelLinkData`, { linkCode });

export const getLecturerList = () => call(contentApi.getLecturerDataList, {});
export const saveLecturer = (body: Record<string, unknown>) => call(contentApi.saveLecturerData, body);
export const delLecturer = (lecturerCode: string) => call(contentApi.delLecturerData, { lecturerCode });

export const getModelList = () => call(contentApi.getModelInfoDataList, { clientType: '' });
export const saveModel = (body: Record<string, unknown>) => call(contentApi.saveModelInfoData, body);
export const delModel = (modelCode: string) => post<null>(`${fp}/Fp_modelinfo/DelModelInfoData`, { modelCode });

export const getRegulationList = (keyword = '') => call(contentApi.getRegulationDataList, { keyword });
export const saveRegulation = (body: Record<string, unknown>) => call(contentApi.saveRegulationData, body);
export const delRegulation = (docCode: string) => post<null>(`${sys}/sys_regulation/DelRegulationData`, { docCode });

export const getSiteSettings = () => call(contentApi.getSiteSettings, {});
export const saveSiteSettings = (body: SiteSettings) => call(contentApi.saveSiteSettings, body);
