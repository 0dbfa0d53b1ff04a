import { AdminMsg, Msg, Perm, postsApi } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import { PICKER_ACCESS } from '../users/access.ts';
import { deletePost, listOrgPostsForAdmin, listPostsForAdmin, removeOrgPost, savePost, setOrgPosts } from './posts.service.ts';

export const postRoutes = routesOf(postsApi, {
  getOrgPostListPage: {
    access: { action: [Perm.PostList, ...PICKER_ACCESS] },
    summary: '部门岗位列表（分页）',
    handler: ({ input, caller }) => listOrgPostsForAdmin(caller, input),
  },
  removeorgpost: {
    access: { action: Perm.PostSetOrg },
    summary: '把岗位从部门移除',
    handler: async ({ input, caller }) => withMsg(await removeOrgPost(caller, input), AdminMsg.removed),
  },
  getPostListPage: {
    access: { action: [Perm.PostList, ...PICKER_ACCESS] },
    summary: '岗位列表（分页）',
    handler: ({ input, caller }) => listPostsForAdmin(caller, input),
  },
  savePost: {
    access: { action: [Perm.PostAdd, Perm.PostEdit] },
    summary: '新增或编辑岗位（PostCode 为空时新增）',
    handler: async ({ input, caller }) => withMsg(await savePost(caller, input), Msg.saved),
  },
  deletePost: {
    access: { action: Perm.PostDelete },
    summary: '删除岗位（仍有用户时拒绝）',
    handler: async ({ input, caller }) => withMsg(await deletePost(caller, input.postCode), Msg.deleted),
  },
  setOrgPostBySelectOrg: {
    access: { action: Perm.PostSetOrg },
    summary: '设置岗位所属部门（OrgIds 为各路径末级 id）',
    handler: async ({ input, caller }) => withMsg(await setOrgPosts(caller, input), Msg.saved),
  },
});
