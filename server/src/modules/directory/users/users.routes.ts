import { AdminMsg, Msg, Perm, usersApi } from '@xuetu/contract';
import { sendWorkbook } from '../../../platform/download.ts';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import { EDIT_MODE, PICKER_ACCESS } from './access.ts';
import { exportUsers } from './export.ts';
import { listUsersForAdmin, resetPassword, saveLearner, setUserCompany, toggleUserStatus } from './users.service.ts';

export const userRoutes = routesOf(usersApi, {
  getUserList: {
    access: { action: [...PICKER_ACCESS] },
    summary: '用户列表（分页；Key、Status、OrgCode、PostCode、RefCompanyCode）',
    handler: ({ input, caller }) => listUsersForAdmin(caller, input),
  },
  openAndClose: {
    access: { action: [...EDIT_MODE] },
    summary: '启用或停用用户（停用即结束其全部会话）',
    handler: async ({ input, caller }) => withMsg(await toggleUserStatus(caller, input.userId), Msg.ok),
  },
  setUserCompany: {
    access: { action: Perm.UserSetCompany },
    summary: '设置用户所属公司（Code 为公司编码）',
    handler: async ({ input, caller }) => withMsg(await setUserCompany(caller, input), AdminMsg.companySet),
  },
  setPassword: {
    access: { action: [...EDIT_MODE] },
    summary: '重置密码：生成一次性显示的临时密码（msg）',
    handler: async ({ input, caller }) => withMsg(null, await resetPassword(caller, input.userId)),
  },
  editUserInfo: {
    access: { action: [Perm.UserAdd, ...EDIT_MODE] },
    summary: '新增（type=1）或编辑学员',
    handler: async ({ input, caller }) => withMsg(await saveLearner(caller, input), Msg.modified),
  },
  exportUserList: {
    access: { action: Perm.UserImportExport },
    summary: '导出用户（.xlsx 文件流）',
    handler: async ({ input, caller, reply }) => {
      const { name, stream } = await exportUsers(caller, input);
      return sendWorkbook(reply, stream, name);
    },
  },
});
