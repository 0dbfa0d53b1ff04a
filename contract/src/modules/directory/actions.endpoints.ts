import { answer, defineGroup, endpoint, getAndPost } from '../../endpoint.ts';
import type { ActionView } from './access.schemas.ts';
import { actionBody, actionCodeQuery, actionIdQuery, roleTreeQuery } from './access.schemas.ts';

// the original system's controllers these paths are under
const sysAction = '/Api/SysConfig/sys_action';

/** The actions calls (ADR 0039). */
export const actionsApi = /* @__PURE__ */ defineGroup('directory', 'actions', {
  getRoleTree: endpoint({ ...getAndPost('GET'), path: `${sysAction}/GetRoleTree`, input: roleTreeQuery, output: answer<ActionView[]>() }),
  getActionById: endpoint({
    ...getAndPost('GET'),
    path: `${sysAction}/GetActionById`,
    input: actionIdQuery,
    output: answer<ActionView & { pageActions: { id: number; name: string; value: string }[] }>(),
  }),
  addAction: endpoint({ path: `${sysAction}/AddAction`, input: actionBody, output: answer<ActionView>() }),
  editAction: endpoint({ path: `${sysAction}/EditAction`, input: actionBody, output: answer<ActionView>() }),
  saveActionStatus: endpoint({
    ...getAndPost('GET'),
    path: `${sysAction}/SaveActionStatus`,
    input: actionCodeQuery,
    output: answer<ActionView>(),
  }),
});
