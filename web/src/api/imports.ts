import { importsApi } from '@xuetu/contract';
import { call, callEnvelope, callUpload } from './client';

export const uploadTemporarily = (file: Blob) => callUpload(importsApi.uploadZFileByFormTemporarily, file);
export const uploadFile = (file: Blob) => callUpload(importsApi.uploadZFileByForm, file);
export const checkUserInfo = (urls: string[], companySysCode = '') => callEnvelope(importsApi.checkuserinfo, { urls, companySysCode });
/** The counts of an import written at once, or the job of a large one (follow it with getImportJob). */
export const saveExportIn = (urls: string[], companySysCode = '') =>
  callEnvelope(importsApi.saveExportIn, { urls, companySysCode }, { silent: true });
export const getImportJob = (jobId: number) => call(importsApi.getImportJob, { jobId }, { silent: true });
export const userExportIn = (urls: string[]) => callEnvelope(importsApi.userExportIn, { urls });
