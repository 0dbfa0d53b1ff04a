import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { OrgPostView, PostView } from './people.schemas.ts';
import { orgPostListBody, postBody, postCodeBody, postListBody, removeOrgPostBody, setOrgPostBody } from './people.schemas.ts';

// the original system's controllers these paths are under
const userOrgPost = '/Api/User/user_orgpost';
const userPost = '/Api/User/user_post';

/** The posts calls (ADR 0039). */
export const postsApi = /* @__PURE__ */ defineGroup('directory', 'posts', {
  getOrgPostListPage: endpoint({
    path: `${userOrgPost}/GetOrgPostListPage`,
    input: orgPostListBody,
    output: answer<PageResult<OrgPostView>>(),
  }),
  removeorgpost: endpoint({ path: `${userOrgPost}/Removeorgpost`, input: removeOrgPostBody, output: answer<null>() }),
  getPostListPage: endpoint({ path: `${userPost}/GetPostListPage`, input: postListBody, output: answer<PageResult<PostView>>() }),
  savePost: endpoint({ path: `${userPost}/SavePost`, input: postBody, output: answer<{ postCode: string }>() }),
  deletePost: endpoint({ path: `${userPost}/DeletePost`, input: postCodeBody, output: answer<null>() }),
  setOrgPostBySelectOrg: endpoint({ path: `${userPost}/SetOrgPostBySelectOrg`, input: setOrgPostBody, output: answer<null>() }),
});
