// Content administration calls (DESIGN.md §4 "Content").
import { type ContentUploadKind, contentApi, type NoticeSaveInput, noticesApi, type SiteSettings } from '@xuetu/contract';
import { call, callUpload } from './client';

/** a stored content file as the forms hold it (an upload's answer, or one already saved) */
export interface UploadedFile {
  key: string;
  url: string;
  name: string;
  size: number;
}
/** the kind travels in the query (the multipart body carries the file only) */
export const uploadContentFile = (file: Blob, kind: ContentUploadKind) =>
  callUpload(noticesApi.uploadContentFile, file, { params: { kind } });

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
export const updateNotice = (body: NoticeSaveInput) => call(noticesApi.updateNotice, body);
export const setNoticeStatus = (noticeSysCode: string, status: 0 | 2) => call(noticesApi.setNoticeStatus, { noticeSysCode, status });
export const delNotice = (noticeSysCode: string) => call(noticesApi.delNotice, { noticeSysCode });

export const getLinkList = (linkType: number | '') => call(contentApi.getLinkDataList, { linkType });
export const saveLink = (body: Record<string, unknown>) => call(contentApi.saveLinkData, body);
export const delLink = (linkCode: string) => call(contentApi.delLinkData, { linkCode });

export const getLecturerList = () => call(contentApi.getLecturerDataList, {});
export const saveLecturer = (body: Record<string, unknown>) => call(contentApi.saveLecturerData, body);
export const delLecturer = (lecturerCode: string) => call(contentApi.delLecturerData, { lecturerCode });

export const getModelList = () => call(contentApi.getModelInfoDataList, { clientType: '' });
export const saveModel = (body: Record<string, unknown>) => call(contentApi.saveModelInfoData, body);
export const delModel = (modelCode: string) => call(contentApi.delModelInfoData, { modelCode });

export const getRegulationList = (keyword = '') => call(contentApi.getRegulationDataList, { keyword });
export const saveRegulation = (body: Record<string, unknown>) => call(contentApi.saveRegulationData, body);
export const delRegulation = (docCode: string) => call(contentApi.delRegulationData, { docCode });

export const getSiteSettings = () => call(contentApi.getSiteSettings, {});
export const saveSiteSettings = (body: SiteSettings) => call(contentApi.saveSiteSettings, body);
