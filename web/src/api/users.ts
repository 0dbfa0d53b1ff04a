import { type LearnerBody, type PageResult, rolesApi, type UserListBody, type UserRowView } from '@xuetu/contract';
import { callEnvelope } from './client';
import { download, get, getEnvelope, post, postEnvelope } from './request';

const base = '/Api/User/user_user';

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

export const getUserList = (q: UserQuery) => post<PageResult<UserRowView>>(`${base}/GetUserList`, toBody(q));
export const openAndClose = (userId: number) => getEnvelope<{ status: number }>(`${base}/OpenAndClose`, { UserId: userId });
export const setUserCompany = (code: string, userId: number) => getEnvelope<null>(`${base}/SetUserCompany`, { Code: code, UserId: userId });
export const saveUserRole = (userId: number, roleList: string[]) =>
  callEnvelope(rolesApi.saveUserRole, { UserId: userId, RoleList: roleList });
/** spec: POST with the user id in the query; msg carries the temporary password */
export const setPassword = (userId: number) => postEnvelope<null>(`${base}/SetPassword`, undefined, { params: { UserId: userId } });
export const editUserInfo = (body: LearnerBody) => postEnvelope<{ userId: number }>(`${base}/EditUserInfo`, body);
export const exportUserList = (q: Omit<UserQuery, 'pageIndex' | 'pageSize'>) =>
  download(`${base}/ExportUserList`, toBody({ ...q, pageIndex: 1, pageSize: 20 }));
export const getwwwrootUrl = () => get<null>(`${base}/GetwwwrootUrl`);
