import { answer, defineGroup, endpoint, getAndPost } from '../../endpoint.ts';
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

// the original system's controllers these paths are under
const exExam = '/Api/Exam_Manage/ex_exam';
const exMarking = '/Api/Exam_Manage/ex_marking';
const exUserExam = '/Api/UserExam/ex_userexam';

/** The userexam calls (ADR 0039). */
export const userexamApi = /* @__PURE__ */ defineGroup('exam-taking', 'attempts', {
  getMyExamList: endpoint({ path: `${exUserExam}/GetMyExamList`, input: myExamListInput, output: answer<PageResult<MyExamCard>>() }),
  isExistImgExam: endpoint({ path: `${exUserExam}/IsExistImgExam`, output: answer<boolean>() }),
  getExamDetail: endpoint({ path: `${exUserExam}/GetExamDetail`, input: userExamCodeInput, output: answer<unknown>() }),
  getUserExamDetail: endpoint({ path: `${exUserExam}/GetUserExamDetail`, input: excodeInput, output: answer<UserExamDetail>() }),
  beginExam: endpoint({ path: `${exUserExam}/BeginExam`, input: userExamCodeInput, output: answer<BeginExamResult>() }),
  getExamPaper: endpoint({ path: `${exUserExam}/GetExamPaper`, input: examPaperInput, output: answer<ExamPaperView>() }),
  saveAnswer: endpoint({ path: `${exUserExam}/SaveAnswer`, input: saveAnswerInput, output: answer<SaveAnswerResult>() }),
  reportLeave: endpoint({ path: `${exUserExam}/ReportLeave`, input: reportLeaveInput, output: answer<ReportLeaveResult>() }),
  submitExam: endpoint({ path: `${exUserExam}/SubmitExam`, input: submitExamInput, output: answer<SubmitExamResult>() }),
  getExamResult: endpoint({ path: `${exUserExam}/GetExamResult`, input: userpaperIdInput, output: answer<ExamResultView>() }),
  exportResultPdf: endpoint({
    ...getAndPost('GET'),
    path: `${exUserExam}/ExportResultPdf`,
    input: userpaperIdInput,
    output: answer<unknown>(),
  }),
  getExamResultList: endpoint({ path: `${exUserExam}/GetExamResultList`, input: examResultListInput, output: answer<ExamResultRow[]>() }),
  getQueue: endpoint({ path: `${exMarking}/GetQueue`, input: markingQueueInput, output: answer<PageResult<MarkingRow>>() }),
  mark: endpoint({ path: `${exMarking}/Mark`, input: markInput, output: answer<{ delayMarkingPapers: number; score: number }>() }),
  getStatistics: endpoint({ path: `${exExam}/GetStatistics`, input: userExamCodeInput, output: answer<ExamStatistics>() }),
  exportResults: endpoint({ ...getAndPost('GET'), path: `${exExam}/ExportResults`, input: userExamCodeInput, output: answer<unknown>() }),
  getItemAnalysis: endpoint({ path: `${exExam}/GetItemAnalysis`, input: userExamCodeInput, output: answer<ItemAnalysis>() }),
  exportItemAnalysis: endpoint({
    ...getAndPost('GET'),
    path: `${exExam}/ExportItemAnalysis`,
    input: userExamCodeInput,
    output: answer<unknown>(),
  }),
});
