import { auditlogApi, importsApi, type UploadResult } from '@xuetu/contract';
import { call, callEnvelope } from './client';
import { upload } from './request';

export const uploadTemporarily = (file: Blob) => upload<UploadResult>('/Api/upload/Upload/UploadZFileByFormTemporarily', file);
export const uploadFile = (file: Blob) => upload<UploadResult>('/Api/upload/Upload/UploadZFileByForm', file);
export const checkUserInfo = (urls: string[], companySysCode = '') => callEnvelope(importsApi.checkuserinfo, { urls, companySysCode });
/** The counts of an import written at once, or the job of a large one (follow it with getImportJob). */
export const saveExportIn = (urls: string[], companySysCode = '') =>
  callEnvelope(importsApi.saveExportIn, { urls, companySysCode }, { silent: true });
export const getImportJob = (jobId: number) => call(importsApi.getImportJob, { jobId }, { silent: true });
export const userExportIn = (urls: string[]) => callEnvelope(importsApi.userExportIn, { urls });
export const getAuditLogPage = (q: { key?: string; action?: string; pageIndex: number; pageSize: number }) =>
  call(auditlogApi.getAuditLogPage, q);
