import { Msg, Perm, rolesApi } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import { addRole, editRole, getRole, listRolesForAdmin, saveUserRoles, sysRoleOptions } from './roles.service.ts';

export const roleRoutes = routesOf(rolesApi, {
  getRoleListPage: {
    // the role page and the assign-roles dialog of the user list
    access: { action: [Perm.RoleList, Perm.UserSetRoles] },
    summary: '角色列表（分页）',
    handler: ({ input, caller }) => listRolesForAdmin(caller, input),
  },
  getCurrentRoles: {
    access: { action: Perm.RoleList },
    summary: '角色详情及其权限 id（roleAct）',
    handler: ({ input, caller }) => getRole(caller, input.roleCode),
  },
  getSysRoleEnum: {
    access: { action: Perm.RoleList },
    summary: '可选的角色类型 sysRoleEnum',
    handler: async ({ caller }) => sysRoleOptions(caller),
  },
  addRole: {
    access: { action: Perm.RoleAdd },
    summary: '新增角色（roleAct 为权限 id 列表）',
    handler: async ({ input, caller }) => withMsg(await addRole(caller, input), Msg.saved),
  },
  eidtRole: {
    access: { action: Perm.RoleEdit },
    summary: '编辑角色（路径拼写同原系统）',
    handler: async ({ input, caller }) => withMsg(await editRole(caller, input), Msg.modified),
  },
  saveUserRole: {
    access: { action: Perm.UserSetRoles },
    summary: '设置用户角色（RoleList 为角色编码）',
    handler: async ({ input, caller }) => withMsg(await saveUserRoles(caller, input), Msg.modified),
  },
});
