import { importsApi, type LearnerBody, rolesApi, type UserListBody, usersApi } from '@xuetu/contract';
import { call, callDownload, callEnvelope } from './client';

export type UserQuery = Partial<Pick<UserListBody, 'key' | 'status' | 'orgCode' | 'postCode' | 'refCompanyCode'>> & {
  pageIndex: number;
  pageSize: number;
};
const toBody = (q: UserQuery) => ({
  Key: q.key ?? '',
  Status: q.status ?? '',
  OrgCode: q.orgCode ?? '',
  PostCode: q.postCode ?? '',
  RefCompanyCode: q.refCompanyCode ?? '',
  pageIndex: q.pageIndex,
  pageSize: q.pageSize,
});

export const getUserList = (q: UserQuery) => call(usersApi.getUserList, toBody(q));
export const openAndClose = (userId: number) => callEnvelope(usersApi.openAndClose, { UserId: userId });
export const setUserCompany = (code: string, userId: number) => callEnvelope(usersApi.setUserCompany, { Code: code, UserId: userId });
export const saveUserRole = (userId: number, roleList: string[]) =>
  callEnvelope(rolesApi.saveUserRole, { UserId: userId, RoleList: roleList });
/** spec: POST with the user id in the query; msg carries the temporary password */
export const setPassword = (userId: number) => callEnvelope(usersApi.setPassword, undefined, { params: { UserId: userId } });
export const editUserInfo = (body: LearnerBody) => callEnvelope(usersApi.editUserInfo, body);
export const exportUserList = (q: Omit<UserQuery, 'pageIndex' | 'pageSize'>) =>
  callDownload(usersApi.exportUserList, toBody({ ...q, pageIndex: 1, pageSize: 20 }));
export const getwwwrootUrl = () => call(importsApi.getwwwrootUrl);
