import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { ActionView } from './access.schemas.ts';
import { actionBody, actionCodeQuery, actionIdQuery, roleTreeQuery } from './access.schemas.ts';

/** The actions calls (ADR 0039). */
export const actionsApi = /* @__PURE__ */ defineGroup('directory', 'actions', {
  getRoleTree: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/SysConfig/sys_action/GetRoleTree',
    input: roleTreeQuery,
    output: answer<ActionView[]>(),
  }),
  getActionById: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/SysConfig/sys_action/GetActionById',
    input: actionIdQuery,
    output: answer<ActionView & { pageActions: { id: number; name: string; value: string }[] }>(),
  }),
  addAction: endpoint({ path: '/Api/SysConfig/sys_action/AddAction', input: actionBody, output: answer<ActionView>() }),
  editAction: endpoint({ path: '/Api/SysConfig/sys_action/EditAction', input: actionBody, output: answer<ActionView>() }),
  saveActionStatus: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/SysConfig/sys_action/SaveActionStatus',
    input: actionCodeQuery,
    output: answer<ActionView>(),
  }),
});
