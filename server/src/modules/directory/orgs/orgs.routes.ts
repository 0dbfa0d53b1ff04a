import { Msg, orgsApi, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import { PICKER_ACCESS } from '../users/access.ts';
import { addOrg, deleteOrg, editOrg, getOrgTree } from './orgs.service.ts';

export const orgRoutes = routesOf(orgsApi, {
  getOrgTree: {
    // the tree page, the learner dialog's picker and the participant dialog all read it
    access: { action: [Perm.OrgList, ...PICKER_ACCESS] },
    summary: '组织架构树（ShowTop=0 不含虚拟根 -1）',
    handler: ({ input, caller }) => getOrgTree(caller, input),
  },
  addOrg: {
    access: { action: Perm.OrgAdd },
    summary: '新增部门（pId 0 为顶级）',
    handler: async ({ input, caller }) => withMsg(await addOrg(caller, input), Msg.saved),
  },
  editOrg: {
    access: { action: Perm.OrgEdit },
    summary: '编辑部门',
    handler: async ({ input, caller }) => withMsg(await editOrg(caller, input), Msg.modified),
  },
  deleteOrg: {
    access: { action: Perm.OrgDelete },
    summary: '删除部门及其下级部门（仍有用户时拒绝）',
    handler: async ({ input, caller }) => withMsg(await deleteOrg(caller, input), Msg.deleted),
  },
});
