import {
  EXAM_BASE,
  examPaperInput,
  examResultListInput,
  excodeInput,
  MARKING_BASE,
  markInput,
  markingQueueInput,
  myExamListInput,
  PAGE_SIZE_DEFAULT,
  Perm,
  pageWindow,
  reportLeaveInput,
  saveAnswerInput,
  submitExamInput,
  USER_EXAM_BASE,
  UserExamMsg,
  userExamCodeInput,
  userpaperIdInput,
} from '@xuetu/contract';
import { sendDownload, sendWorkbook } from '../../platform/download.ts';
import { withMsg } from '../../platform/envelope.ts';
import { defineRoute } from '../../platform/route.ts';
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
import { examStatistics, exportResults } from './stats/stats.service.ts';

const base = USER_EXAM_BASE;
const RESULTS = { action: RESULT_READERS };
const MARK = { action: Perm.ExamMark };

/** Exam taking and results (issue 14, ADR 0036): the learner's calls; results also for administrators. */
export const userExamRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetMyExamList`,
    access: 'user',
    summary: '我的考试（考试卡片）',
    input: myExamListInput,
    handler: ({ input, caller }) => listMyExams(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/IsExistImgExam`,
    access: 'user',
    summary: '是否有学习前必须完成的考试',
    handler: ({ caller }) => hasMandatoryExam(caller),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetExamDetail`,
    access: 'user',
    summary: '考试详情（开始考试前）',
    input: userExamCodeInput,
    handler: ({ input, caller }) => readExamDetail(caller, input.examCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserExamDetail`,
    access: 'user',
    summary: '考试详情与本人的作答记录',
    input: excodeInput,
    handler: ({ input, caller }) => readExamDetail(caller, input.excode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/BeginExam`,
    access: 'user',
    summary: '开始（或继续）考试',
    input: userExamCodeInput,
    handler: ({ input, caller }) => beginExam(caller, input.examCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetExamPaper`,
    access: 'user',
    summary: '答卷：试题、已存答案、截止时间（不含答案与解析）',
    input: examPaperInput,
    handler: ({ input, caller }) => readExamPaper(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SaveAnswer`,
    access: 'user',
    summary: '保存一题答案（按 seq 排序，幂等）',
    input: saveAnswerInput,
    handler: ({ input, caller }) => saveAnswer(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SubmitExam`,
    access: 'user',
    summary: '交卷（重复交卷无害）',
    input: submitExamInput,
    handler: async ({ input, caller }) => withMsg(await submitExam(caller, input.userpaperId, input.holder), UserExamMsg.submitted),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/ReportLeave`,
    access: 'user',
    summary: '报告一次离开考试页面（按事件标识幂等；超过次数由服务器交卷）',
    input: reportLeaveInput,
    handler: ({ input, caller }) => reportLeave(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetExamResult`,
    access: 'user',
    summary: '考试结果（本人或本公司管理员）',
    input: userpaperIdInput,
    handler: ({ input, caller }) => readExamResult(caller, input.userpaperId),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/ExportResultPdf`,
    access: 'user',
    summary: '考试结果 PDF（中文可选中文本）',
    input: userpaperIdInput,
    handler: async ({ input, caller, reply }) => {
      const { buffer, name } = await renderResultPdf(caller, input.userpaperId);
      return sendDownload(reply, buffer, { name, type: 'application/pdf', fallback: 'result.pdf' });
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetExamResultList`,
    access: RESULTS,
    summary: '考试成绩列表（每次作答一行）',
    input: examResultListInput,
    handler: ({ input, caller }) => listExamResults(caller, input.examCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${MARKING_BASE}/GetQueue`,
    access: MARK,
    summary: '阅卷队列（简答题，未阅在前）',
    input: markingQueueInput,
    handler: ({ input, caller }) => markingQueue(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  }),
  defineRoute({
    method: 'POST',
    url: `${MARKING_BASE}/Mark`,
    access: MARK,
    summary: '给一道简答题打分',
    input: markInput,
    handler: async ({ input, caller }) => withMsg(await markAnswer(caller, input), UserExamMsg.markSaved),
  }),
  defineRoute({
    method: 'POST',
    url: `${EXAM_BASE}/ex_exam/GetStatistics`,
    access: RESULTS,
    summary: '考试统计',
    input: userExamCodeInput,
    handler: ({ input, caller }) => examStatistics(caller, input.examCode),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${EXAM_BASE}/ex_exam/ExportResults`,
    access: RESULTS,
    summary: '导出考试成绩（.xlsx）',
    input: userExamCodeInput,
    handler: async ({ input, caller, reply }) => {
      const { buffer, name } = await exportResults(caller, input.examCode);
      return sendWorkbook(reply, buffer, name);
    },
  }),
];
