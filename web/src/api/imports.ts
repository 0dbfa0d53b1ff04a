import { auditlogApi, type ImportJobStarted, type ImportJobView, type UploadResult, type UserRowView } from '@xuetu/contract';
import { call } from './client';
import { post, postEnvelope, upload } from './request';

const base = '/Api/User/user_user';

export const uploadTemporarily = (file: Blob) => upload<UploadResult>('/Api/upload/Upload/UploadZFileByFormTemporarily', file);
export const uploadFile = (file: Blob) => upload<UploadResult>('/Api/upload/Upload/UploadZFileByForm', file);
export const checkUserInfo = (urls: string[], companySysCode = '') =>
  postEnvelope<string[]>(`${base}/checkuserinfo`, { urls, companySysCode });
/** The counts of an import written at once, or the job of a large one (follow it with getImportJob). */
export const saveExportIn = (urls: string[], companySysCode = '') =>
  postEnvelope<{ added: number; updated: number } | ImportJobStarted>(`${base}/SaveExportIn`, { urls, companySysCode }, { silent: true });
export const getImportJob = (jobId: number) => post<ImportJobView>(`${base}/GetImportJob`, { jobId }, { silent: true });
export const userExportIn = (urls: string[]) => postEnvelope<UserRowView[]>(`${base}/UserExportIn`, { urls });
export const getAuditLogPage = (q: { key?: string; action?: string; pageIndex: number; pageSize: number }) =>
  call(auditlogApi.getAuditLogPage, q);
