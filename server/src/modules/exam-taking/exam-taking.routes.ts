import { PAGE_SIZE_DEFAULT, Perm, pageWindow, USER_EXAM_BASE, UserExamMsg, userexamApi } from '@xuetu/contract';
import { sendDownload, sendWorkbook } from '../../platform/download.ts';
import { withMsg } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/route.ts';
import { beginExam, readExamPaper, reportLeave, saveAnswer, submitExam } from './attempts/attempts.service.ts';
import { markAnswer, markingQueue } from './marking/marking.service.ts';
import { renderResultPdf } from './results/result-pdf.ts';
import {
  hasMandatoryExam,
  listExamResults,
  listMyExams,
  RESULT_READERS,
  readExamDetail,
  readExamResult,
} from './results/results.service.ts';
import { exportItemAnalysis, itemAnalysis } from './stats/item-analysis.service.ts';
import { examStatistics, exportResults } from './stats/stats.service.ts';

const _base = USER_EXAM_BASE;
const RESULTS = { action: RESULT_READERS };
const MARK = { action: Perm.ExamMark };

/** Exam taking and results (issue 14, ADR 0036): the learner's calls; results also for administrators. */
export const userExamRoutes = routesOf(userexamApi, {
  getMyExamList: {
    access: 'user',
    summary: '我的考试（考试卡片）',
    handler: ({ input, caller }) => listMyExams(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  isExistImgExam: {
    access: 'user',
    summary: '是否有学习前必须完成的考试',
    handler: ({ caller }) => hasMandatoryExam(caller),
  },
  getExamDetail: {
    access: 'user',
    summary: '考试详情（开始考试前）',
    handler: ({ input, caller }) => readExamDetail(caller, input.examCode),
  },
  getUserExamDetail: {
    access: 'user',
    summary: '考试详情与本人的作答记录',
    handler: ({ input, caller }) => readExamDetail(caller, input.excode),
  },
  beginExam: {
    access: 'user',
    summary: '开始（或继续）考试',
    handler: ({ input, caller }) => beginExam(caller, input.examCode),
  },
  getExamPaper: {
    access: 'user',
    summary: '答卷：试题、已存答案、截止时间（不含答案与解析）',
    handler: ({ input, caller }) => readExamPaper(caller, input),
  },
  saveAnswer: {
    access: 'user',
    summary: '保存一题答案（按 seq 排序，幂等）',
    handler: ({ input, caller }) => saveAnswer(caller, input),
  },
  submitExam: {
    access: 'user',
    summary: '交卷（重复交卷无害）',
    handler: async ({ input, caller }) => withMsg(await submitExam(caller, input.userpaperId, input.holder), UserExamMsg.submitted),
  },
  reportLeave: {
    access: 'user',
    summary: '报告一次离开考试页面（按事件标识幂等；超过次数由服务器交卷）',
    handler: ({ input, caller }) => reportLeave(caller, input),
  },
  getExamResult: {
    access: 'user',
    summary: '考试结果（本人或本公司管理员）',
    handler: ({ input, caller }) => readExamResult(caller, input.userpaperId),
  },
  exportResultPdf: {
    access: 'user',
    summary: '考试结果 PDF（中文可选中文本）',
    handler: async ({ input, caller, reply }) => {
      const { buffer, name } = await renderResultPdf(caller, input.userpaperId);
      return sendDownload(reply, buffer, { name, type: 'application/pdf', fallback: 'result.pdf' });
    },
  },
  getExamResultList: {
    access: RESULTS,
    summary: '考试成绩列表（每次作答一行）',
    handler: ({ input, caller }) => listExamResults(caller, input.examCode),
  },
  getQueue: {
    access: MARK,
    summary: '阅卷队列（简答题，未阅在前）',
    handler: ({ input, caller }) => markingQueue(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  mark: {
    access: MARK,
    summary: '给一道简答题打分',
    handler: async ({ input, caller }) => withMsg(await markAnswer(caller, input), UserExamMsg.markSaved),
  },
  getStatistics: {
    access: RESULTS,
    summary: '考试统计',
    handler: ({ input, caller }) => examStatistics(caller, input.examCode),
  },
  exportResults: {
    access: RESULTS,
    summary: '导出考试成绩（.xlsx）',
    handler: async ({ input, caller, reply }) => {
      const { buffer, name } = await exportResults(caller, input.examCode);
      return sendWorkbook(reply, buffer, name);
    },
  },
  getItemAnalysis: {
    access: RESULTS,
    summary: '试题分析（分数分布、难度、区分度、选项选择）',
    handler: ({ input, caller }) => itemAnalysis(caller, input.examCode),
  },
  exportItemAnalysis: {
    access: RESULTS,
    summary: '导出试题分析（.xlsx）',
    handler: async ({ input, caller, reply }) => {
      const { buffer, name } = await exportItemAnalysis(caller, input.examCode);
      return sendWorkbook(reply, buffer, name);
    },
  },
});
