import { answer, defineGroup, endpoint, getAndPost } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { RoleView } from './access.schemas.ts';
import { roleBody, roleCodeQuery, roleListBody, sysRoleEnumQuery } from './access.schemas.ts';
import { saveUserRoleBody } from './people.schemas.ts';

// the original system's controllers these paths are under
const sysRole = '/Api/SysConfig/sys_role';

/** The roles calls (ADR 0039). */
export const rolesApi = /* @__PURE__ */ defineGroup('directory', 'roles', {
  getRoleListPage: endpoint({ path: `${sysRole}/GetRoleListPage`, input: roleListBody, output: answer<PageResult<RoleView>>() }),
  getCurrentRoles: endpoint({
    ...getAndPost('GET'),
    path: `${sysRole}/GetCurrentRoles`,
    input: roleCodeQuery,
    output: answer<RoleView & { roleAct: number[]; allActions: boolean }>(),
  }),
  getSysRoleEnum: endpoint({
    ...getAndPost('GET'),
    path: `${sysRole}/GetSysRoleEnum`,
    input: sysRoleEnumQuery,
    output: answer<{ value: number; label: string }[]>(),
  }),
  addRole: endpoint({ path: `${sysRole}/AddRole`, input: roleBody, output: answer<RoleView>() }),
  eidtRole: endpoint({ path: `${sysRole}/EidtRole`, input: roleBody, output: answer<RoleView>() }),
  saveUserRole: endpoint({ path: '/Api/SysConfig/sys_userrole/SaveUserRole', input: saveUserRoleBody, output: answer<null>() }),
});
