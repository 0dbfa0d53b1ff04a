import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type {
  BeginExamResult,
  ExamPaperView,
  ExamResultRow,
  ExamResultView,
  ExamStatistics,
  MarkingRow,
  MyExamCard,
  ReportLeaveResult,
  SaveAnswerResult,
  SubmitExamResult,
  UserExamDetail,
} from './attempts.schemas.ts';
import {
  examPaperInput,
  examResultListInput,
  excodeInput,
  markInput,
  markingQueueInput,
  myExamListInput,
  reportLeaveInput,
  saveAnswerInput,
  submitExamInput,
  userExamCodeInput,
  userpaperIdInput,
} from './attempts.schemas.ts';
import type { ItemAnalysis } from './itemanalysis.schemas.ts';

/** The userexam calls (ADR 0039). */
export const userexamApi = /* @__PURE__ */ defineGroup('exam-taking', 'attempts', {
  getMyExamList: endpoint({
    path: '/Api/UserExam/ex_userexam/GetMyExamList',
    input: myExamListInput,
    output: answer<PageResult<MyExamCard>>(),
  }),
  isExistImgExam: endpoint({ path: '/Api/UserExam/ex_userexam/IsExistImgExam', output: answer<boolean>() }),
  getExamDetail: endpoint({ path: '/Api/UserExam/ex_userexam/GetExamDetail', input: userExamCodeInput, output: answer<unknown>() }),
  getUserExamDetail: endpoint({
    path: '/Api/UserExam/ex_userexam/GetUserExamDetail',
    input: excodeInput,
    output: answer<UserExamDetail>(),
  }),
  beginExam: endpoint({ path: '/Api/UserExam/ex_userexam/BeginExam', input: userExamCodeInput, output: answer<BeginExamResult>() }),
  getExamPaper: endpoint({ path: '/Api/UserExam/ex_userexam/GetExamPaper', input: examPaperInput, output: answer<ExamPaperView>() }),
  saveAnswer: endpoint({ path: '/Api/UserExam/ex_userexam/SaveAnswer', input: saveAnswerInput, output: answer<SaveAnswerResult>() }),
  reportLeave: endpoint({ path: '/Api/UserExam/ex_userexam/ReportLeave', input: reportLeaveInput, output: answer<ReportLeaveResult>() }),
  submitExam: endpoint({ path: '/Api/UserExam/ex_userexam/SubmitExam', input: submitExamInput, output: answer<SubmitExamResult>() }),
  getExamResult: endpoint({ path: '/Api/UserExam/ex_userexam/GetExamResult', input: userpaperIdInput, output: answer<ExamResultView>() }),
  exportResultPdf: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/UserExam/ex_userexam/ExportResultPdf',
    input: userpaperIdInput,
    output: answer<unknown>(),
  }),
  getExamResultList: endpoint({
    path: '/Api/UserExam/ex_userexam/GetExamResultList',
    input: examResultListInput,
    output: answer<ExamResultRow[]>(),
  }),
  getQueue: endpoint({ path: '/Api/Exam_Manage/ex_marking/GetQueue', input: markingQueueInput, output: answer<PageResult<MarkingRow>>() }),
  mark: endpoint({
    path: '/Api/Exam_Manage/ex_marking/Mark',
    input: markInput,
    output: answer<{ delayMarkingPapers: number; score: number }>(),
  }),
  getStatistics: endpoint({ path: '/Api/Exam_Manage/ex_exam/GetStatistics', input: userExamCodeInput, output: answer<ExamStatistics>() }),
  exportResults: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/Exam_Manage/ex_exam/ExportResults',
    input: userExamCodeInput,
    output: answer<unknown>(),
  }),
  getItemAnalysis: endpoint({ path: '/Api/Exam_Manage/ex_exam/GetItemAnalysis', input: userExamCodeInput, output: answer<ItemAnalysis>() }),
  exportItemAnalysis: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/Exam_Manage/ex_exam/ExportItemAnalysis',
    input: userExamCodeInput,
    output: answer<unknown>(),
  }),
});
