import {
  Msg,
  PAGE_SIZE_DEFAULT,
  Perm,
  pageWindow,
  resAuditInput,
  resCodeInput,
  resCodesInput,
  resMoveInput,
  resMultiMoveInput,
  resPageInput,
  resRecommendEditInput,
  resReorderInput,
  resSaveInput,
  resSetPrivateInput,
  resSetRecommendInput,
  TRAIN_BASE,
  TrainResMsg,
} from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import * as service from './resources.service.ts';

const base = `${TRAIN_BASE}/Train_Res`;
const LIST = { action: [Perm.ResList, Perm.ResAudit] };
const ADD = { action: Perm.ResAdd };
const EDIT = { action: Perm.ResEdit };
const DELETE = { action: Perm.ResDelete };
const AUDIT = { action: Perm.ResAudit };
const RECOMMEND = { action: Perm.ResRecommend };

export const resAdminRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetTrainResPageList`,
    access: LIST,
    summary: '资源列表（目录含下级、关键字、类型、审核状态、推荐）',
    input: resPageInput,
    handler: ({ input, caller }) => service.listResPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetSearchPageList`,
    access: LIST,
    summary: '资源搜索（同资源列表，供选择资源的对话框）',
    input: resPageInput,
    handler: ({ input, caller }) => service.listResPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetTrainResAuditPageList`,
    access: AUDIT,
    summary: '审核队列（待审核在前）',
    input: resPageInput,
    handler: ({ input, caller }) => service.listResPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT), 'pendingFirst'),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetTrainRes`,
    access: LIST,
    summary: '资源详情（编辑用）',
    input: resCodeInput,
    handler: ({ input, caller }) => service.getRes(caller, input.rescode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/AddData`,
    access: ADD,
    summary: '新增资源（草稿）',
    input: resSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.addRes(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/UpdateData`,
    access: EDIT,
    summary: '修改资源（已通过的资源回到草稿重新审核，学员仍看到已通过的版本）',
    input: resSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.updateRes(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/ChangeDirectory`,
    access: EDIT,
    summary: '移动资源到目录',
    input: resMoveInput,
    handler: async ({ input, caller }) => withMsg(await service.changeDirectory(caller, [input.rescode], input.dcode), Msg.ok),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/MultiChangeDirectory`,
    access: EDIT,
    summary: '批量移动资源到目录',
    input: resMultiMoveInput,
    handler: async ({ input, caller }) => withMsg(await service.changeDirectory(caller, input.rescodes, input.dcode), Msg.ok),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/ReOrder`,
    access: EDIT,
    summary: '在目录内上移或下移',
    input: resReorderInput,
    handler: async ({ input, caller }) => withMsg(await service.reorder(caller, input.rescode, input.direction), Msg.ok),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SetPrivate`,
    access: EDIT,
    summary: '设为仅本公司可见 / 取消（不传 isPrivate 时切换）',
    input: resSetPrivateInput,
    handler: async ({ input, caller }) => withMsg(await service.setPrivate(caller, input.rescode, input.isPrivate), Msg.ok),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SetRecommend`,
    access: RECOMMEND,
    summary: '推荐 / 取消推荐（不传 recommendCate 时切换）',
    input: resSetRecommendInput,
    handler: async ({ input, caller }) => withMsg(await service.setRecommend(caller, input.rescode, input.recommendCate), Msg.ok),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/EditRecommendRes`,
    access: RECOMMEND,
    summary: '设置推荐类别（0 不推荐，1 HOT，2 NEW，3 GOOD）与排序',
    input: resRecommendEditInput,
    handler: async ({ input, caller }) =>
      withMsg(await service.setRecommend(caller, input.rescode, input.recommendCate, input.sort), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Delete`,
    access: DELETE,
    summary: '删除资源（软删除，学习记录保留）',
    input: resCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.deleteMany(caller, [input.rescode]), Msg.deleted),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/BatchDelete`,
    access: DELETE,
    summary: '批量删除资源',
    input: resCodesInput,
    handler: async ({ input, caller }) => {
      const n = await service.deleteMany(caller, input.rescodes);
      return withMsg(n, TrainResMsg.batchDeleted(n));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/PostCheck`,
    access: EDIT,
    summary: '提交审核',
    input: resCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.postCheck(caller, input.rescode), TrainResMsg.submitted),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/BatchPostCheck`,
    access: EDIT,
    summary: '批量提交审核（逐个说明未能提交的原因）',
    input: resCodesInput,
    handler: async ({ input, caller }) => {
      const out = await service.batchPostCheck(caller, input.rescodes);
      return withMsg(out, TrainResMsg.batchSubmitted(out.ok.length, out.failed.length));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Audit`,
    access: AUDIT,
    summary: '审核（pass 通过 / 驳回，驳回须填写意见）',
    input: resAuditInput,
    handler: async ({ input, caller }) =>
      withMsg(await service.audit(caller, input.rescode, input.pass, input.comment), TrainResMsg.audited),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Revoke`,
    access: AUDIT,
    summary: '撤回已通过的资源（学员不再可见）',
    input: resCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.revoke(caller, input.rescode), TrainResMsg.revoked),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetAuditHistory`,
    access: LIST,
    summary: '审核记录（谁、何时、状态变化、意见）',
    input: resCodeInput,
    handler: ({ input, caller }) => service.auditHistory(caller, input.rescode),
  }),
];
