import { answer, defineGroup, endpoint, type FileAnswer, getAndPost } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { UserRowView } from './people.schemas.ts';
import { learnerBody, setUserCompanyQuery, userIdQuery, userListBody } from './people.schemas.ts';

// the original system's controllers these paths are under
const userUser = '/Api/User/user_user';

/** The users calls (ADR 0039). */
export const usersApi = /* @__PURE__ */ defineGroup('directory', 'users', {
  getUserList: endpoint({ path: `${userUser}/GetUserList`, input: userListBody, output: answer<PageResult<UserRowView>>() }),
  openAndClose: endpoint({
    ...getAndPost('GET'),
    path: `${userUser}/OpenAndClose`,
    input: userIdQuery,
    output: answer<{ status: number }>(),
  }),
  setUserCompany: endpoint({
    ...getAndPost('GET'),
    path: `${userUser}/SetUserCompany`,
    input: setUserCompanyQuery,
    output: answer<null>(),
  }),
  setPassword: endpoint({
    method: 'POST',
    methods: ['POST', 'GET'],
    path: `${userUser}/SetPassword`,
    input: userIdQuery,
    output: answer<null>(),
  }),
  editUserInfo: endpoint({ path: `${userUser}/EditUserInfo`, input: learnerBody, output: answer<{ userId: number }>() }),
  exportUserList: endpoint({ path: `${userUser}/ExportUserList`, input: userListBody, output: answer<FileAnswer>(), kind: 'file' }),
});
