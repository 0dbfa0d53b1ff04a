import {
  AdminMsg,
  Msg,
  orgPostListBody,
  Perm,
  postBody,
  postCodeBody,
  postListBody,
  removeOrgPostBody,
  setOrgPostBody,
} from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { PICKER_ACCESS } from '../users/access.ts';
import { deletePost, listOrgPostsForAdmin, listPostsForAdmin, removeOrgPost, savePost, setOrgPosts } from './posts.service.ts';

export const postRoutes = [
  defineRoute({
    method: 'POST',
    url: '/Api/User/user_orgpost/GetOrgPostListPage',
    access: { action: [Perm.PostList, ...PICKER_ACCESS] },
    summary: '部门岗位列表（分页）',
    input: orgPostListBody,
    handler: ({ input, caller }) => listOrgPostsForAdmin(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: '/Api/User/user_orgpost/Removeorgpost',
    access: { action: Perm.PostSetOrg },
    summary: '把岗位从部门移除',
    input: removeOrgPostBody,
    handler: async ({ input, caller }) => withMsg(await removeOrgPost(caller, input), AdminMsg.removed),
  }),
  defineRoute({
    method: 'POST',
    url: '/Api/User/user_post/GetPostListPage',
    access: { action: [Perm.PostList, ...PICKER_ACCESS] },
    summary: '岗位列表（分页）',
    input: postListBody,
    handler: ({ input, caller }) => listPostsForAdmin(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: '/Api/User/user_post/SavePost',
    access: { action: [Perm.PostAdd, Perm.PostEdit] },
    summary: '新增或编辑岗位（PostCode 为空时新增）',
    input: postBody,
    handler: async ({ input, caller }) => withMsg(await savePost(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: '/Api/User/user_post/DeletePost',
    access: { action: Perm.PostDelete },
    summary: '删除岗位（仍有用户时拒绝）',
    input: postCodeBody,
    handler: async ({ input, caller }) => withMsg(await deletePost(caller, input.postCode), Msg.deleted),
  }),
  defineRoute({
    method: 'POST',
    url: '/Api/User/user_post/SetOrgPostBySelectOrg',
    access: { action: Perm.PostSetOrg },
    summary: '设置岗位所属部门（OrgIds 为各路径末级 id）',
    input: setOrgPostBody,
    handler: async ({ input, caller }) => withMsg(await setOrgPosts(caller, input), Msg.saved),
  }),
];
