import { actionBody, actionCodeQuery, actionIdQuery, Msg, Perm, roleTreeQuery } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { addAction, editAction, getActionById, getActionTree, toggleActionStatus } from './actions.service.ts';

const base = '/Api/SysConfig/sys_action';

export const actionRoutes = [
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetRoleTree`,
    // the permission page's tree table and the role dialog's checkbox tree
    access: { action: [Perm.ActionList, Perm.RoleList] },
    summary: '权限树（Status、ActionType 过滤，如 1 与 0,1,2）',
    input: roleTreeQuery,
    handler: ({ input, caller }) => getActionTree(caller, input),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetActionById`,
    access: { action: Perm.ActionList },
    summary: '权限详情（含页面按钮权限 pageActions）',
    input: actionIdQuery,
    handler: ({ input, caller }) => getActionById(caller, input.id),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/AddAction`,
    access: { action: Perm.ActionAdd },
    summary: '新增菜单、页面或权限',
    input: actionBody,
    handler: async ({ input, caller }) => withMsg(await addAction(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/EditAction`,
    access: { action: Perm.ActionEdit },
    summary: '编辑菜单、页面或权限',
    input: actionBody,
    handler: async ({ input, caller }) => withMsg(await editAction(caller, input), Msg.modified),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/SaveActionStatus`,
    access: { action: Perm.ActionStatus },
    summary: '切换权限有效/无效',
    input: actionCodeQuery,
    handler: async ({ input, caller }) => withMsg(await toggleActionStatus(caller, input.code), Msg.ok),
  }),
];
