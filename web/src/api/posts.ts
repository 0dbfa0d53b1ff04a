import { type OrgPostView, type PostBody, postsApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';

export const getOrgPostListPage = (q: {
  keyWord?: string;
  orgCode?: string;
  pageIndex: number;
  pageSize: number;
  companySysCode?: string;
}) =>
  call(postsApi.getOrgPostListPage, {
    KeyWord: q.keyWord ?? '',
    OrgCode: q.orgCode ?? '',
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    companySysCode: q.companySysCode ?? '',
  });
export const removeOrgPost = (row: Pick<OrgPostView, 'postCode' | 'orgCode'>) => callEnvelope(postsApi.removeorgpost, row);
export const getPostListPage = (q: { keyWord?: string; pageIndex: number; pageSize: number; companySysCode?: string }) =>
  call(postsApi.getPostListPage, {
    KeyWord: q.keyWord ?? '',
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    companySysCode: q.companySysCode ?? '',
  });
export const savePost = (body: PostBody) => callEnvelope(postsApi.savePost, body);
export const deletePost = (postCode: string) => callEnvelope(postsApi.deletePost, { PostCode: postCode });
export const setOrgPostBySelectOrg = (postCode: string, orgIds: number[]) =>
  callEnvelope(postsApi.setOrgPostBySelectOrg, { PostCode: postCode, OrgIds: orgIds });
