import { formatDateTime, type UserInfo } from '@xuetu/contract';
import { fileUrl } from '../../../platform/files/index.ts';
import type { UserLabels, UserRow } from '../../directory/public.ts';

export const DEFAULT_AVATAR = '/default-avatar.png';

export function presentUserInfo(user: UserRow, labels: UserLabels): UserInfo {
  const sysRoles = [...new Set(labels.roles.map((r) => r.sysRoleEnum).filter((v) => v > 0))].sort();
  const roleCodes = labels.roles.map((r) => r.code);
  const avatar = fileUrl(user.headImage) || DEFAULT_AVATAR;
  const isSysUser = user.userType === 'SysUser';
  return {
    userId: user.id,
    accountCode: user.accountCode,
    userType: user.userType === 'SysUser' ? 'SysUser' : 'ComPanyUser',
    name: user.chnName,
    avatar,
    introduction: '',
    // the route guard needs a non-empty list; a user without roles still has a session
    roles: roleCodes.length ? roleCodes : ['guest'],
    company: labels.companyName,
    sysroles: sysRoles,
    orgname: labels.orgName,
    postname: labels.postName,
    loginlogo: '',
    chnName: user.chnName,
    headImage: avatar,
    headImagePath: user.headImage,
    comPanyName: labels.companyName,
    companySysCode: user.companySysCode ?? '',
    orgName: labels.orgName,
    postName: labels.postName,
    roleNameList: labels.roles.map((r) => r.name),
    sysRoles,
    idCard: user.idCard,
    sex: user.sex,
    mobile: user.mobile,
    qq: user.qq,
    weChat: user.weChat,
    email: user.email,
    jobNum: isSysUser ? user.jobNum : '',
    orgCodeName: labels.orgName,
    postCodeName: labels.postName,
    partTimePostCodeName: labels.partTimePostName,
    ssNo: isSysUser ? user.ssNo : '',
    ssAddr: isSysUser ? user.ssAddr : '',
    ssState: isSysUser ? user.ssState : '',
    validDate: formatDateTime(user.validDate),
    mustChangePassword: user.mustChangePassword,
  };
}
