import { Msg, Perm, roleBody, roleCodeQuery, roleListBody, saveUserRoleBody, sysRoleEnumQuery } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { addRole, editRole, getRole, listRolesForAdmin, saveUserRoles, sysRoleOptions } from './roles.service.ts';

const base = '/Api/SysConfig/sys_role';

export const roleRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetRoleListPage`,
    // the role page and the assign-roles dialog of the user list
    access: { action: [Perm.RoleList, Perm.UserSetRoles] },
    summary: '角色列表（分页）',
    input: roleListBody,
    handler: ({ input, caller }) => listRolesForAdmin(caller, input),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetCurrentRoles`,
    access: { action: Perm.RoleList },
    summary: '角色详情及其权限 id（roleAct）',
    input: roleCodeQuery,
    handler: ({ input, caller }) => getRole(caller, input.roleCode),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetSysRoleEnum`,
    access: { action: Perm.RoleList },
    summary: '可选的角色类型 sysRoleEnum',
    input: sysRoleEnumQuery,
    handler: async ({ caller }) => sysRoleOptions(caller),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/AddRole`,
    access: { action: Perm.RoleAdd },
    summary: '新增角色（roleAct 为权限 id 列表）',
    input: roleBody,
    handler: async ({ input, caller }) => withMsg(await addRole(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/EidtRole`,
    access: { action: Perm.RoleEdit },
    summary: '编辑角色（路径拼写同原系统）',
    input: roleBody,
    handler: async ({ input, caller }) => withMsg(await editRole(caller, input), Msg.modified),
  }),
  defineRoute({
    method: 'POST',
    url: '/Api/SysConfig/sys_userrole/SaveUserRole',
    access: { action: Perm.UserSetRoles },
    summary: '设置用户角色（RoleList 为角色编码）',
    input: saveUserRoleBody,
    handler: async ({ input, caller }) => withMsg(await saveUserRoles(caller, input), Msg.modified),
  }),
];
