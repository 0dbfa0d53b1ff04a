import { actionsApi, Msg, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import { addAction, editAction, getActionById, getActionTree, toggleActionStatus } from './actions.service.ts';

export const actionRoutes = routesOf(actionsApi, {
  getRoleTree: {
    // the permission page's tree table and the role dialog's checkbox tree
    access: { action: [Perm.ActionList, Perm.RoleList] },
    summary: '权限树（Status、ActionType 过滤，如 1 与 0,1,2）',
    handler: ({ input, caller }) => getActionTree(caller, input),
  },
  getActionById: {
    access: { action: Perm.ActionList },
    summary: '权限详情（含页面按钮权限 pageActions）',
    handler: ({ input, caller }) => getActionById(caller, input.id),
  },
  addAction: {
    access: { action: Perm.ActionAdd },
    summary: '新增菜单、页面或权限',
    handler: async ({ input, caller }) => withMsg(await addAction(caller, input), Msg.saved),
  },
  editAction: {
    access: { action: Perm.ActionEdit },
    summary: '编辑菜单、页面或权限',
    handler: async ({ input, caller }) => withMsg(await editAction(caller, input), Msg.modified),
  },
  saveActionStatus: {
    access: { action: Perm.ActionStatus },
    summary: '切换权限有效/无效',
    handler: async ({ input, caller }) => withMsg(await toggleActionStatus(caller, input.code), Msg.ok),
  },
});
