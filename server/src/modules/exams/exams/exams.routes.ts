import { EXAM_BASE, ExamMsg, examCodeInput, examPageInput, examSaveInput, Msg, PAGE_SIZE_DEFAULT, Perm, pageWindow } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import * as service from './exams.service.ts';

const base = `${EXAM_BASE}/ex_exam`;
const LIST = { action: Perm.ExamList };
/** the exam list also serves the marking and result pages (issue 14), whose people may hold only those rights */
const LIST_FOR_RESULTS = { action: [Perm.ExamList, Perm.ExamMark, Perm.ExamResultList] };
const EDIT = { action: Perm.ExamEdit };
const PUBLISH = { action: Perm.ExamPublish };

export const examRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetPageList`,
    access: LIST_FOR_RESULTS,
    summary: '考试列表',
    input: examPageInput,
    handler: ({ input, caller }) => service.listExamPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetData`,
    access: LIST,
    summary: '考试详情（含参考人员选择）',
    input: examCodeInput,
    handler: ({ input, caller }) => service.readExam(caller, input.examCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/AddData`,
    access: EDIT,
    summary: '新增考试（未发布）',
    input: examSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.addExam(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/UpdateData`,
    access: EDIT,
    summary: '修改考试（有人开始作答后试卷、时长和评分规则不可改）',
    input: examSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.updateExam(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Delete`,
    access: EDIT,
    summary: '删除考试（已有人作答时拒绝）',
    input: examCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.deleteExam(caller, input.examCode), Msg.deleted),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Publish`,
    access: PUBLISH,
    summary: '发布考试：确定参考人员并逐人发送考试消息',
    input: examCodeInput,
    handler: async ({ input, caller }) => {
      const n = await service.publishExam(caller, input.examCode);
      return withMsg({ userCount: n }, ExamMsg.published(n));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Close`,
    access: PUBLISH,
    summary: '结束考试（不再开始新的作答）',
    input: examCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.closeExam(caller, input.examCode), ExamMsg.closed),
  }),
];
