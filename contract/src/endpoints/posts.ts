import { answer, endpoint } from '../endpoint.ts';
import type { OrgPostView, PostView } from '../schemas/admin-people.ts';
import { orgPostListBody, postBody, postCodeBody, postListBody, removeOrgPostBody, setOrgPostBody } from '../schemas/admin-people.ts';
import type { PageResult } from '../schemas/common.ts';

/** The posts calls (ADR 0039). */
export const postsApi = {
  getOrgPostListPage: endpoint({
    method: 'POST',
    path: '/Api/User/user_orgpost/GetOrgPostListPage',
    input: orgPostListBody,
    output: answer<PageResult<OrgPostView>>(),
  }),
  removeorgpost: endpoint({
    method: 'POST',
    path: '/Api/User/user_orgpost/Removeorgpost',
    input: removeOrgPostBody,
    output: answer<null>(),
  }),
  getPostListPage: endpoint({
    method: 'POST',
    path: '/Api/User/user_post/GetPostListPage',
    input: postListBody,
    output: answer<PageResult<PostView>>(),
  }),
  savePost: endpoint({ method: 'POST', path: '/Api/User/user_post/SavePost', input: postBody, output: answer<{ postCode: string }>() }),
  deletePost: endpoint({ method: 'POST', path: '/Api/User/user_post/DeletePost', input: postCodeBody, output: answer<null>() }),
  setOrgPostBySelectOrg: endpoint({
    method: 'POST',
    path: '/Api/User/user_post/SetOrgPostBySelectOrg',
    input: setOrgPostBody,
    output: answer<null>(),
  }),
};
