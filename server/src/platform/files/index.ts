// The public surface of platform/files: uploads with owners, quotas, private files, purge.
export { checkFileName } from './filename.ts';
export { purgeOrphanFilesJob, purgeTempFilesJob } from './jobs.ts';
export { registerFileReferences } from './references.ts';
export { onExpiredUploads, releaseUpload, reserveUpload } from './reservations.ts';
export {
  FILE_URL_PURPOSE,
  type Handoff,
  handoffOf,
  isSignedFileLink,
  SECURE_LINK_PREFIX,
  type SegmentHandoff,
  secureLinkUrl,
  segmentHandoffOf,
  sendStorageBytes,
  sendStoredFile,
} from './serve.ts';
export { signedFileUrl } from './signed-url.ts';
export { type UploadPart, type UploadSource, uploadSource } from './source.ts';
export { attachFiles, fileKeysInHtml, markFilesAttached, remainingQuota, type StoredUpload, storeUpload, streamUpload } from './store.ts';
export { downloadUrl, fileUrl } from './url.ts';
