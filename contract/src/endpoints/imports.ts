import { answer, endpoint } from '../endpoint.ts';
import type { ImportJobStarted, ImportJobView } from '../schemas/admin.ts';
import { importBody, importJobBody } from '../schemas/admin.ts';
import type { UserRowView } from '../schemas/admin-people.ts';

/** The imports calls (ADR 0039). */
export const importsApi = {
  checkuserinfo: endpoint({ method: 'POST', path: '/Api/User/user_user/checkuserinfo', input: importBody, output: answer<string[]>() }),
  saveExportIn: endpoint({
    method: 'POST',
    path: '/Api/User/user_user/SaveExportIn',
    input: importBody,
    output: answer<{ added: number; updated: number } | ImportJobStarted>(),
  }),
  getImportJob: endpoint({
    method: 'POST',
    path: '/Api/User/user_user/GetImportJob',
    input: importJobBody,
    output: answer<ImportJobView>(),
  }),
  userExportIn: endpoint({ method: 'POST', path: '/Api/User/user_user/UserExportIn', input: importBody, output: answer<UserRowView[]>() }),
  getwwwrootUrl: endpoint({ method: 'POST', path: '/Api/User/user_user/GetwwwrootUrl', output: answer<null>() }),
};
