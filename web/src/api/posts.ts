import type { OrgPostView, PageResult, PostBody, PostView } from '@xuetu/contract';
import { post, postEnvelope } from './request';

export const getOrgPostListPage = (q: {
  keyWord?: string;
  orgCode?: string;
  pageIndex: number;
  pageSize: number;
  companySysCode?: string;
}) =>
  post<PageResult<OrgPostView>>('/Api/User/user_orgpost/GetOrgPostListPage', {
    KeyWord: q.keyWord ?? '',
    OrgCode: q.orgCode ?? '',
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    companySysCode: q.companySysCode ?? '',
  });
export const removeOrgPost = (row: Pick<OrgPostView, 'postCode' | 'orgCode'>) =>
  postEnvelope<null>('/Api/User/user_orgpost/Removeorgpost', row);
export const getPostListPage = (q: { keyWord?: string; pageIndex: number; pageSize: number; companySysCode?: string }) =>
  post<PageResult<PostView>>('/Api/User/user_post/GetPostListPage', {
    KeyWord: q.keyWord ?? '',
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    companySysCode: q.companySysCode ?? '',
  });
export const savePost = (body: PostBody) => postEnvelope<{ postCode: string }>('/Api/User/user_post/SavePost', body);
export const deletePost = (postCode: string) => postEnvelope<null>('/Api/User/user_post/DeletePost', { PostCode: postCode });
export const setOrgPostBySelectOrg = (postCode: string, orgIds: number[]) =>
  postEnvelope<null>('/Api/User/user_post/SetOrgPostBySelectOrg', { PostCode: postCode, OrgIds: orgIds });
