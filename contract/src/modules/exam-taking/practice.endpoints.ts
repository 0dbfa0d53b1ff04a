import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type {
  MyPracticeCard,
  PracticeCounts,
  PracticeDetail,
  PracticeExamOverlap,
  PracticeFeedback,
  PracticeNext,
  PracticeView,
  WrongBookView,
} from './practice.schemas.ts';
import {
  practiceAnswerInput,
  practiceCodeInput,
  practiceOverlapInput,
  practicePageInput,
  practiceSaveInput,
  wrongAnswerInput,
  wrongBookInput,
  wrongIdInput,
} from './practice.schemas.ts';

/** Practice and the wrong-question book (issue 26 item 1, ADR 0043). */
export const practiceApi = /* @__PURE__ */ defineGroup('exam-taking', 'practice', {
  // administration
  getPageList: endpoint({
    path: '/Api/Exam_Manage/ex_practice/GetPageList',
    input: practicePageInput,
    output: answer<PageResult<PracticeView>>(),
  }),
  getData: endpoint({ path: '/Api/Exam_Manage/ex_practice/GetData', input: practiceCodeInput, output: answer<PracticeDetail>() }),
  getExamOverlap: endpoint({
    path: '/Api/Exam_Manage/ex_practice/GetExamOverlap',
    input: practiceOverlapInput,
    output: answer<PracticeExamOverlap>(),
  }),
  addData: endpoint({ path: '/Api/Exam_Manage/ex_practice/AddData', input: practiceSaveInput, output: answer<{ practiceCode: string }>() }),
  updateData: endpoint({ path: '/Api/Exam_Manage/ex_practice/UpdateData', input: practiceSaveInput, output: answer<null>() }),
  delete: endpoint({ path: '/Api/Exam_Manage/ex_practice/Delete', input: practiceCodeInput, output: answer<null>() }),
  // the learner
  getMyPracticeList: endpoint({ path: '/Api/UserExam/ex_practice/GetMyPracticeList', output: answer<MyPracticeCard[]>() }),
  getNextQuestion: endpoint({
    path: '/Api/UserExam/ex_practice/GetNextQuestion',
    input: practiceCodeInput,
    output: answer<PracticeNext>(),
  }),
  answerQuestion: endpoint({
    path: '/Api/UserExam/ex_practice/AnswerQuestion',
    input: practiceAnswerInput,
    output: answer<PracticeFeedback>(),
  }),
  restart: endpoint({ path: '/Api/UserExam/ex_practice/Restart', input: practiceCodeInput, output: answer<null>() }),
  getWrongBook: endpoint({ path: '/Api/UserExam/ex_wrongbook/GetWrongBook', input: wrongBookInput, output: answer<WrongBookView>() }),
  answerWrong: endpoint({ path: '/Api/UserExam/ex_wrongbook/AnswerWrong', input: wrongAnswerInput, output: answer<PracticeFeedback>() }),
  removeWrong: endpoint({ path: '/Api/UserExam/ex_wrongbook/Remove', input: wrongIdInput, output: answer<null>() }),
  getCounts: endpoint({ path: '/Api/UserExam/ex_practice/GetCounts', output: answer<PracticeCounts>() }),
});
