import type { ActionBody, ActionView } from '@xuetu/contract';
import { get, getEnvelope, postEnvelope } from './request';

const base = '/Api/SysConfig/sys_action';

/** spec: the role tree is fetched with Status 1 and ActionType '0,1,2'; '' shows every status */
export const getRoleTree = (status: '' | 1 = 1, actionType = '0,1,2') =>
  get<ActionView[]>(`${base}/GetRoleTree`, { Status: status, ActionType: actionType });
export const getActionById = (id: number) =>
  get<ActionView & { pageActions: { id: number; name: string; value: string }[] }>(`${base}/GetActionById`, { Id: id });
export const addAction = (body: ActionBody) => postEnvelope<ActionView>(`${base}/AddAction`, body);
export const editAction = (body: ActionBody) => postEnvelope<ActionView>(`${base}/EditAction`, body);
export const saveActionStatus = (code: string) => getEnvelope<ActionView>(`${base}/SaveActionStatus`, { Code: code });
