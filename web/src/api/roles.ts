import { type PageResult, ROLE_LIST_ROWS, type RoleBody, type RoleView } from '@xuetu/contract';
import { get, post, postEnvelope } from './request';

const base = '/Api/SysConfig/sys_role';

export const getRoleListPage = (pageIndex = 1, pageRows = ROLE_LIST_ROWS, key = '') =>
  // spec §8: a failed role load only stops the loading state
  post<PageResult<RoleView>>(`${base}/GetRoleListPage`, { pageIndex, pageRows, key }, { silent: true });
export const getCurrentRoles = (roleCode: string) =>
  get<RoleView & { roleAct: number[]; allActions: boolean }>(`${base}/GetCurrentRoles`, { RoleCode: roleCode });
export const getSysRoleEnum = (type = 1) => get<{ value: number; label: string }[]>(`${base}/GetSysRoleEnum`, { Type: type });
export const addRole = (body: RoleBody) => postEnvelope<RoleView>(`${base}/AddRole`, body);
/** spec path spelling: EidtRole */
export const editRole = (body: RoleBody) => postEnvelope<RoleView>(`${base}/EidtRole`, body);
