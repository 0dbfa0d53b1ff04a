import { EnableStatus, formatDateTime, type UserRowView } from '@xuetu/contract';
import type { UserListRow } from './users.repository.ts';

export function presentUserRow(r: UserListRow, roleList: { code: string; roleName: string }[] = []): UserRowView {
  const u = r.user;
  return {
    userId: u.id,
    chnName: u.chnName,
    accountCode: u.accountCode,
    userType: u.userType,
    companySysCode: u.companySysCode ?? '',
    companyCode: r.companyCode ?? '',
    companyName: r.companyName ?? '',
    orgCode: r.orgCode ?? '',
    orgCodeName: r.orgName ?? '',
    postCode: r.postCode ?? '',
    postCodeName: r.postName ?? '',
    partTimePostCode: r.partTimePostCode ?? '',
    partTimePostCodeName: r.partTimePostName ?? '',
    idCard: u.idCard,
    mobile: u.mobile,
    status: u.status === EnableStatus.Enabled ? EnableStatus.Enabled : EnableStatus.Disabled,
    validDate: formatDateTime(u.validDate),
    roleCode: roleList.map((x) => x.code),
    roleName: roleList.map((x) => x.roleName),
    activated: Boolean(u.passwordHash),
  };
}
