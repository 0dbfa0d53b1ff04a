import { Msg, orgBody, orgDeleteBody, orgTreeQuery, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { PICKER_ACCESS } from '../users/access.ts';
import { addOrg, deleteOrg, editOrg, getOrgTree } from './orgs.service.ts';

const base = '/Api/User/user_org';

export const orgRoutes = [
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetOrgTree`,
    // the tree page, the learner dialog's picker and the participant dialog all read it
    access: { action: [Perm.OrgList, ...PICKER_ACCESS] },
    summary: '组织架构树（ShowTop=0 不含虚拟根 -1）',
    input: orgTreeQuery,
    handler: ({ input, caller }) => getOrgTree(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/AddOrg`,
    access: { action: Perm.OrgAdd },
    summary: '新增部门（pId 0 为顶级）',
    input: orgBody,
    handler: async ({ input, caller }) => withMsg(await addOrg(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/EditOrg`,
    access: { action: Perm.OrgEdit },
    summary: '编辑部门',
    input: orgBody,
    handler: async ({ input, caller }) => withMsg(await editOrg(caller, input), Msg.modified),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/DeleteOrg`,
    access: { action: Perm.OrgDelete },
    summary: '删除部门及其下级部门（仍有用户时拒绝）',
    input: orgDeleteBody,
    handler: async ({ input, caller }) => withMsg(await deleteOrg(caller, input), Msg.deleted),
  }),
];
