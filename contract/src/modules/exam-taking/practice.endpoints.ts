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

// the original system's controllers these paths are under
const exWrongbook = '/Api/UserExam/ex_wrongbook';
const managePractice = '/Api/Exam_Manage/ex_practice';
const userPractice = '/Api/UserExam/ex_practice';

/** Practice and the wrong-question book (issue 26 item 1, ADR 0043). */
export const practiceApi = /* @__PURE__ */ defineGroup('exam-taking', 'practice', {
  // administration
  getPageList: endpoint({ path: `${managePractice}/GetPageList`, input: practicePageInput, output: answer<PageResult<PracticeView>>() }),
  getData: endpoint({ path: `${managePractice}/GetData`, input: practiceCodeInput, output: answer<PracticeDetail>() }),
  getExamOverlap: endpoint({
    path: `${managePractice}/GetExamOverlap`,
    input: practiceOverlapInput,
    output: answer<PracticeExamOverlap>(),
  }),
  addData: endpoint({ path: `${managePractice}/AddData`, input: practiceSaveInput, output: answer<{ practiceCode: string }>() }),
  updateData: endpoint({ path: `${managePractice}/UpdateData`, input: practiceSaveInput, output: answer<null>() }),
  delete: endpoint({ path: `${managePractice}/Delete`, input: practiceCodeInput, output: answer<null>() }),
  // the learner
  getMyPracticeList: endpoint({ path: `${userPractice}/GetMyPracticeList`, output: answer<MyPracticeCard[]>() }),
  getNextQuestion: endpoint({ path: `${userPractice}/GetNextQuestion`, input: practiceCodeInput, output: answer<PracticeNext>() }),
  answerQuestion: endpoint({ path: `${userPractice}/AnswerQuestion`, input: practiceAnswerInput, output: answer<PracticeFeedback>() }),
  restart: endpoint({ path: `${userPractice}/Restart`, input: practiceCodeInput, output: answer<null>() }),
  getWrongBook: endpoint({ path: `${exWrongbook}/GetWrongBook`, input: wrongBookInput, output: answer<WrongBookView>() }),
  answerWrong: endpoint({ path: `${exWrongbook}/AnswerWrong`, input: wrongAnswerInput, output: answer<PracticeFeedback>() }),
  removeWrong: endpoint({ path: `${exWrongbook}/Remove`, input: wrongIdInput, output: answer<null>() }),
  getCounts: endpoint({ path: `${userPractice}/GetCounts`, output: answer<PracticeCounts>() }),
});
