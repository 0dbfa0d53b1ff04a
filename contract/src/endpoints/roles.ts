import { answer, endpoint } from '../endpoint.ts';
import type { RoleView } from '../schemas/admin-access.ts';
import { roleBody, roleCodeQuery, roleListBody, sysRoleEnumQuery } from '../schemas/admin-access.ts';
import { saveUserRoleBody } from '../schemas/admin-people.ts';
import type { PageResult } from '../schemas/common.ts';

/** The roles calls (ADR 0039). */
export const rolesApi = {
  getRoleListPage: endpoint({
    method: 'POST',
    path: '/Api/SysConfig/sys_role/GetRoleListPage',
    input: roleListBody,
    output: answer<PageResult<RoleView>>(),
  }),
  getCurrentRoles: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/SysConfig/sys_role/GetCurrentRoles',
    input: roleCodeQuery,
    output: answer<RoleView & { roleAct: number[]; allActions: boolean }>(),
  }),
  getSysRoleEnum: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/SysConfig/sys_role/GetSysRoleEnum',
    input: sysRoleEnumQuery,
    output: answer<{ value: number; label: string }[]>(),
  }),
  addRole: endpoint({ method: 'POST', path: '/Api/SysConfig/sys_role/AddRole', input: roleBody, output: answer<RoleView>() }),
  eidtRole: endpoint({ method: 'POST', path: '/Api/SysConfig/sys_role/EidtRole', input: roleBody, output: answer<RoleView>() }),
  saveUserRole: endpoint({
    method: 'POST',
    path: '/Api/SysConfig/sys_userrole/SaveUserRole',
    input: saveUserRoleBody,
    output: answer<null>(),
  }),
};
