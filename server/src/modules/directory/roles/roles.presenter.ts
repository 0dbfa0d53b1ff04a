import type { RoleView } from '@xuetu/contract';
import type { RoleRow } from './roles.repository.ts';

export function presentRole(row: RoleRow, extra: { companyName?: string | null; editable: boolean; userCount?: number }): RoleView {
  return {
    id: row.id,
    code: row.code,
    roleName: row.roleName,
    sysRoleEnum: row.sysRoleEnum,
    companySysCode: row.companySysCode ?? '',
    companyName: extra.companyName ?? '',
    editable: extra.editable,
    userCount: extra.userCount ?? 0,
  };
}
