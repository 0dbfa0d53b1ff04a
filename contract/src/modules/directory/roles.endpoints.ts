import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { RoleView } from './access.schemas.ts';
import { roleBody, roleCodeQuery, roleListBody, sysRoleEnumQuery } from './access.schemas.ts';
import { saveUserRoleBody } from './people.schemas.ts';

/** The roles calls (ADR 0039). */
export const rolesApi = /* @__PURE__ */ defineGroup('directory', 'roles', {
  getRoleListPage: endpoint({
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
  addRole: endpoint({ path: '/Api/SysConfig/sys_role/AddRole', input: roleBody, output: answer<RoleView>() }),
  eidtRole: endpoint({ path: '/Api/SysConfig/sys_role/EidtRole', input: roleBody, output: answer<RoleView>() }),
  saveUserRole: endpoint({ path: '/Api/SysConfig/sys_userrole/SaveUserRole', input: saveUserRoleBody, output: answer<null>() }),
});
