// The public surface of platform/files: uploads with owners, quotas, private files, purge.

export { type FileAccess, fileAccess } from './access.ts';
export { checkFileName } from './filename.ts';
export { purgeOrphanFilesJob, purgeTempFilesJob } from './jobs.ts';
export { registerFileReferences } from './references.ts';
export { onExpiredUploads, releaseUpload, reserveUpload } from './reservations.ts';
export {
  type Handoff,
  handoffOf,
  SECURE_LINK_PREFIX,
  type SegmentHandoff,
  secureLinkUrl,
  segmentHandoffOf,
  sendStorageBytes,
  sendStoredFile,
} from './serve.ts';
export { FILE_URL_PURPOSE, isSignedFileLink, signedFileUrl } from './signed-url.ts';
export { type UploadPart, type UploadSource, uploadSource } from './source.ts';
export { attachFiles, fileKeysInHtml, markFilesAttached, remainingQuota, type StoredUpload, storeUpload, streamUpload } from './store.ts';
export { downloadUrl, fileUrl } from './url.ts';
