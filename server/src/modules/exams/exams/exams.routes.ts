import { ExamMsg, examsApi, Msg, PAGE_SIZE_DEFAULT, Perm, pageWindow } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import * as service from './exams.service.ts';

const LIST = { action: Perm.ExamList };
/** the exam list also serves the marking and result pages (issue 14), whose people may hold only those rights */
const LIST_FOR_RESULTS = { action: [Perm.ExamList, Perm.ExamMark, Perm.ExamResultList] };
const EDIT = { action: Perm.ExamEdit };
const PUBLISH = { action: Perm.ExamPublish };

export const examRoutes = routesOf(examsApi, {
  examGetPageList: {
    access: LIST_FOR_RESULTS,
    summary: '考试列表',
    handler: ({ input, caller }) => service.listExamPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  examGetData: {
    access: LIST,
    summary: '考试详情（含参考人员选择）',
    handler: ({ input, caller }) => service.readExam(caller, input.examCode),
  },
  examAddData: {
    access: EDIT,
    summary: '新增考试（未发布）',
    handler: async ({ input, caller }) => withMsg(await service.addExam(caller, input), Msg.saved),
  },
  examUpdateData: {
    access: EDIT,
    summary: '修改考试（有人开始作答后试卷、时长、评分规则和离开页面监控不可改）',
    handler: async ({ input, caller }) => withMsg(await service.updateExam(caller, input), Msg.saved),
  },
  examDelete: {
    access: EDIT,
    summary: '删除考试（已有人作答时拒绝）',
    handler: async ({ input, caller }) => withMsg(await service.deleteExam(caller, input.examCode), Msg.deleted),
  },
  publish: {
    access: PUBLISH,
    summary: '发布考试：确定参考人员并逐人发送考试消息',
    handler: async ({ input, caller }) => {
      const n = await service.publishExam(caller, input.examCode);
      return withMsg({ userCount: n }, ExamMsg.published(n));
    },
  },
  close: {
    access: PUBLISH,
    summary: '结束考试（不再开始新的作答）',
    handler: async ({ input, caller }) => withMsg(await service.closeExam(caller, input.examCode), ExamMsg.closed),
  },
});
