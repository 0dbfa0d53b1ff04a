import { z } from 'zod';
import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { ImportJobStarted, ImportJobView, UploadResult } from './admin.schemas.ts';
import { importBody, importJobBody } from './admin.schemas.ts';
import type { UserRowView } from './people.schemas.ts';

// the original system's controllers these paths are under
const upload = '/Api/upload/Upload';
const userUser = '/Api/User/user_user';

/** The imports calls (ADR 0039). */
export const importsApi = /* @__PURE__ */ defineGroup('directory', 'imports', {
  checkuserinfo: endpoint({ path: `${userUser}/checkuserinfo`, input: importBody, output: answer<string[]>() }),
  saveExportIn: endpoint({
    path: `${userUser}/SaveExportIn`,
    input: importBody,
    output: answer<{ added: number; updated: number } | ImportJobStarted>(),
  }),
  getImportJob: endpoint({ path: `${userUser}/GetImportJob`, input: importJobBody, output: answer<ImportJobView>() }),
  userExportIn: endpoint({ path: `${userUser}/UserExportIn`, input: importBody, output: answer<UserRowView[]>() }),
  /** a workbook for an import: private, read back through a short-lived signed link */
  uploadZFileByFormTemporarily: endpoint({
    path: `${upload}/UploadZFileByFormTemporarily`,
    input: z.object({}),
    output: answer<UploadResult>(),
    kind: 'upload',
  }),
  /** a document, workbook or image */
  uploadZFileByForm: endpoint({ path: `${upload}/UploadZFileByForm`, input: z.object({}), output: answer<UploadResult>(), kind: 'upload' }),
  getwwwrootUrl: endpoint({ path: `${userUser}/GetwwwrootUrl`, output: answer<null>() }),
});
