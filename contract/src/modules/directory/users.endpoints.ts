import { answer, defineGroup, endpoint, type FileAnswer } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { UserRowView } from './people.schemas.ts';
import { learnerBody, setUserCompanyQuery, userIdQuery, userListBody } from './people.schemas.ts';

/** The users calls (ADR 0039). */
export const usersApi = /* @__PURE__ */ defineGroup('directory', 'users', {
  getUserList: endpoint({ path: '/Api/User/user_user/GetUserList', input: userListBody, output: answer<PageResult<UserRowView>>() }),
  openAndClose: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/OpenAndClose',
    input: userIdQuery,
    output: answer<{ status: number }>(),
  }),
  setUserCompany: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/SetUserCompany',
    input: setUserCompanyQuery,
    output: answer<null>(),
  }),
  setPassword: endpoint({
    method: 'POST',
    methods: ['POST', 'GET'],
    path: '/Api/User/user_user/SetPassword',
    input: userIdQuery,
    output: answer<null>(),
  }),
  editUserInfo: endpoint({ path: '/Api/User/user_user/EditUserInfo', input: learnerBody, output: answer<{ userId: number }>() }),
  exportUserList: endpoint({ path: '/Api/User/user_user/ExportUserList', input: userListBody, output: answer<FileAnswer>(), kind: 'file' }),
});
