import { type ActionBody, actionsApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';

/** spec: the role tree is fetched with Status 1 and ActionType '0,1,2'; '' shows every status */
export const getRoleTree = (status: '' | 1 = 1, actionType = '0,1,2') =>
  call(actionsApi.getRoleTree, { Status: status, ActionType: actionType });
export const getActionById = (id: number) => call(actionsApi.getActionById, { Id: id });
export const addAction = (body: ActionBody) => callEnvelope(actionsApi.addAction, body);
export const editAction = (body: ActionBody) => callEnvelope(actionsApi.editAction, body);
export const saveActionStatus = (code: string) => callEnvelope(actionsApi.saveActionStatus, { Code: code });
