import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { OrgPostView, PostView } from './people.schemas.ts';
import { orgPostListBody, postBody, postCodeBody, postListBody, removeOrgPostBody, setOrgPostBody } from './people.schemas.ts';

/** The posts calls (ADR 0039). */
export const postsApi = /* @__PURE__ */ defineGroup('directory', 'posts', {
  getOrgPostListPage: endpoint({
    path: '/Api/User/user_orgpost/GetOrgPostListPage',
    input: orgPostListBody,
    output: answer<PageResult<OrgPostView>>(),
  }),
  removeorgpost: endpoint({ path: '/Api/User/user_orgpost/Removeorgpost', input: removeOrgPostBody, output: answer<null>() }),
  getPostListPage: endpoint({ path: '/Api/User/user_post/GetPostListPage', input: postListBody, output: answer<PageResult<PostView>>() }),
  savePost: endpoint({ path: '/Api/User/user_post/SavePost', input: postBody, output: answer<{ postCode: string }>() }),
  deletePost: endpoint({ path: '/Api/User/user_post/DeletePost', input: postCodeBody, output: answer<null>() }),
  setOrgPostBySelectOrg: endpoint({ path: '/Api/User/user_post/SetOrgPostBySelectOrg', input: setOrgPostBody, output: answer<null>() }),
});
