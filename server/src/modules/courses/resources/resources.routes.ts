import { Msg, PAGE_SIZE_DEFAULT, Perm, pageWindow, TrainResMsg, trainResApi } from '@xuetu/contract';
import { doneWithMsg, withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import * as service from './resources.service.ts';

const LIST = { action: [Perm.ResList, Perm.ResAudit] };
const ADD = { action: Perm.ResAdd };
const EDIT = { action: Perm.ResEdit };
const DELETE = { action: Perm.ResDelete };
const AUDIT = { action: Perm.ResAudit };
const RECOMMEND = { action: Perm.ResRecommend };

export const resAdminRoutes = routesOf(trainResApi, {
  getTrainResPageList: {
    access: LIST,
    summary: '资源列表（目录含下级、关键字、类型、审核状态、推荐）',
    handler: ({ input, caller }) => service.listResPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  getSearchPageList: {
    access: LIST,
    summary: '资源搜索（同资源列表，供选择资源的对话框）',
    handler: ({ input, caller }) => service.listResPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  getTrainResAuditPageList: {
    access: AUDIT,
    summary: '审核队列（待审核在前）',
    handler: ({ input, caller }) => service.listResPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT), 'pendingFirst'),
  },
  getTrainRes: {
    access: LIST,
    summary: '资源详情（编辑用）',
    handler: ({ input, caller }) => service.getRes(caller, input.rescode),
  },
  addData: {
    access: ADD,
    summary: '新增资源（草稿）',
    handler: async ({ input, caller }) => withMsg(await service.addRes(caller, input), Msg.saved),
  },
  updateData: {
    access: EDIT,
    summary: '修改资源（已通过的资源回到草稿重新审核，学员仍看到已通过的版本）',
    handler: async ({ input, caller }) => withMsg(await service.updateRes(caller, input), Msg.saved),
  },
  changeDirectory: {
    access: EDIT,
    summary: '移动资源到目录',
    handler: async ({ input, caller }) => withMsg(await service.changeDirectory(caller, [input.rescode], input.dcode), Msg.ok),
  },
  multiChangeDirectory: {
    access: EDIT,
    summary: '批量移动资源到目录',
    handler: async ({ input, caller }) => withMsg(await service.changeDirectory(caller, input.rescodes, input.dcode), Msg.ok),
  },
  reOrder: {
    access: EDIT,
    summary: '在目录内上移或下移',
    handler: ({ input, caller }) => doneWithMsg(service.reorder(caller, input.rescode, input.direction), Msg.ok),
  },
  setPrivate: {
    access: EDIT,
    summary: '设为仅本公司可见 / 取消（不传 isPrivate 时切换）',
    handler: async ({ input, caller }) => withMsg(await service.setPrivate(caller, input.rescode, input.isPrivate), Msg.ok),
  },
  setRecommend: {
    access: RECOMMEND,
    summary: '推荐 / 取消推荐（不传 recommendCate 时切换）',
    handler: async ({ input, caller }) => withMsg(await service.setRecommend(caller, input.rescode, input.recommendCate), Msg.ok),
  },
  editRecommendRes: {
    access: RECOMMEND,
    summary: '设置推荐类别（0 不推荐，1 HOT，2 NEW，3 GOOD）与排序',
    handler: async ({ input, caller }) =>
      withMsg(await service.setRecommend(caller, input.rescode, input.recommendCate, input.sort), Msg.saved),
  },
  delete: {
    access: DELETE,
    summary: '删除资源（软删除，学习记录保留）',
    handler: async ({ input, caller }) => withMsg(await service.deleteMany(caller, [input.rescode]), Msg.deleted),
  },
  batchDelete: {
    access: DELETE,
    summary: '批量删除资源',
    handler: async ({ input, caller }) => {
      const n = await service.deleteMany(caller, input.rescodes);
      return withMsg(n, TrainResMsg.batchDeleted(n));
    },
  },
  postCheck: {
    access: EDIT,
    summary: '提交审核',
    handler: ({ input, caller }) => doneWithMsg(service.postCheck(caller, input.rescode), TrainResMsg.submitted),
  },
  batchPostCheck: {
    access: EDIT,
    summary: '批量提交审核（逐个说明未能提交的原因）',
    handler: async ({ input, caller }) => {
      const out = await service.batchPostCheck(caller, input.rescodes);
      return withMsg(out, TrainResMsg.batchSubmitted(out.ok.length, out.failed.length));
    },
  },
  audit: {
    access: AUDIT,
    summary: '审核（pass 通过 / 驳回，驳回须填写意见）',
    handler: ({ input, caller }) => doneWithMsg(service.audit(caller, input.rescode, input.pass, input.comment), TrainResMsg.audited),
  },
  revoke: {
    access: AUDIT,
    summary: '撤回已通过的资源（学员不再可见）',
    handler: ({ input, caller }) => doneWithMsg(service.revoke(caller, input.rescode), TrainResMsg.revoked),
  },
  getAuditHistory: {
    access: LIST,
    summary: '审核记录（谁、何时、状态变化、意见）',
    handler: ({ input, caller }) => service.auditHistory(caller, input.rescode),
  },
});
