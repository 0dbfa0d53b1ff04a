import { z } from 'zod';
import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { ImportJobStarted, ImportJobView, UploadResult } from './admin.schemas.ts';
import { importBody, importJobBody } from './admin.schemas.ts';
import type { UserRowView } from './people.schemas.ts';

/** The imports calls (ADR 0039). */
export const importsApi = /* @__PURE__ */ defineGroup('directory', 'imports', {
  checkuserinfo: endpoint({ path: '/Api/User/user_user/checkuserinfo', input: importBody, output: answer<string[]>() }),
  saveExportIn: endpoint({
    path: '/Api/User/user_user/SaveExportIn',
    input: importBody,
    output: answer<{ added: number; updated: number } | ImportJobStarted>(),
  }),
  getImportJob: endpoint({ path: '/Api/User/user_user/GetImportJob', input: importJobBody, output: answer<ImportJobView>() }),
  userExportIn: endpoint({ path: '/Api/User/user_user/UserExportIn', input: importBody, output: answer<UserRowView[]>() }),
  /** a workbook for an import: private, read back through a short-lived signed link */
  uploadZFileByFormTemporarily: endpoint({
    path: '/Api/upload/Upload/UploadZFileByFormTemporarily',
    input: z.object({}),
    output: answer<UploadResult>(),
    kind: 'upload',
  }),
  /** a document, workbook or image */
  uploadZFileByForm: endpoint({
    path: '/Api/upload/Upload/UploadZFileByForm',
    input: z.object({}),
    output: answer<UploadResult>(),
    kind: 'upload',
  }),
  getwwwrootUrl: endpoint({ path: '/Api/User/user_user/GetwwwrootUrl', output: answer<null>() }),
});
