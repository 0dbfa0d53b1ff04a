import { AdminMsg, learnerBody, Msg, Perm, setUserCompanyQuery, userIdQuery, userListBody } from '@xuetu/contract';
import { sendWorkbook } from '../../../platform/download.ts';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { EDIT_MODE, PICKER_ACCESS } from './access.ts';
import { exportUsers } from './export.ts';
import { listUsersForAdmin, resetPassword, saveLearner, setUserCompany, toggleUserStatus } from './users.service.ts';

const base = '/Api/User/user_user';

export const userRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserList`,
    access: { action: [...PICKER_ACCESS] },
    summary: '用户列表（分页；Key、Status、OrgCode、PostCode、RefCompanyCode）',
    input: userListBody,
    handler: ({ input, caller }) => listUsersForAdmin(caller, input),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/OpenAndClose`,
    access: { action: [...EDIT_MODE] },
    summary: '启用或停用用户（停用即结束其全部会话）',
    input: userIdQuery,
    handler: async ({ input, caller }) => withMsg(await toggleUserStatus(caller, input.userId), Msg.ok),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/SetUserCompany`,
    access: { action: Perm.UserSetCompany },
    summary: '设置用户所属公司（Code 为公司编码）',
    input: setUserCompanyQuery,
    handler: async ({ input, caller }) => withMsg(await setUserCompany(caller, input), AdminMsg.companySet),
  }),
  defineRoute({
    method: ['POST', 'GET'],
    url: `${base}/SetPassword`,
    access: { action: [...EDIT_MODE] },
    summary: '重置密码：生成一次性显示的临时密码（msg）',
    input: userIdQuery,
    handler: async ({ input, caller }) => withMsg(null, await resetPassword(caller, input.userId)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/EditUserInfo`,
    access: { action: [Perm.UserAdd, ...EDIT_MODE] },
    summary: '新增（type=1）或编辑学员',
    input: learnerBody,
    handler: async ({ input, caller }) => withMsg(await saveLearner(caller, input), Msg.modified),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/ExportUserList`,
    access: { action: Perm.UserImportExport },
    summary: '导出用户（.xlsx 文件流）',
    input: userListBody,
    handler: async ({ input, caller, reply }) => {
      const { name, stream } = await exportUsers(caller, input);
      return sendWorkbook(reply, stream, name);
    },
  }),
];
