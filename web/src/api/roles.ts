import { ROLE_LIST_ROWS, type RoleBody, rolesApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';

export const getRoleListPage = (pageIndex = 1, pageRows = ROLE_LIST_ROWS, key = '') =>
  // spec §8: a failed role load only stops the loading state
  call(rolesApi.getRoleListPage, { pageIndex, pageRows, key }, { silent: true });
export const getCurrentRoles = (roleCode: string) => call(rolesApi.getCurrentRoles, { RoleCode: roleCode });
export const getSysRoleEnum = (type = 1) => call(rolesApi.getSysRoleEnum, { Type: type });
export const addRole = (body: RoleBody) => callEnvelope(rolesApi.addRole, body);
/** spec path spelling: EidtRole */
export const editRole = (body: RoleBody) => callEnvelope(rolesApi.eidtRole, body);
