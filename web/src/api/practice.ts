import { type InputOf, practiceApi } from '@xuetu/contract';
import { call } from './client';

// Practice and the 错题本 (issue 26 item 1, ADR 0043).
export const getPracticePage = (body: { keyword: string; companySysCode: string; pageIndex: number; pageRows: number }) =>
  call(practiceApi.getPageList, body);
export const getPractice = (practiceCode: string) => call(practiceApi.getData, { practiceCode });
export type PracticeBody = InputOf<typeof practiceApi.addData>;
export const addPractice = (body: PracticeBody) => call(practiceApi.addData, body);
export const updatePractice = (body: PracticeBody) => call(practiceApi.updateData, body);
export const deletePractice = (practiceCode: string) => call(practiceApi.delete, { practiceCode });
/** which open exams hold the chosen source's questions (their learners practise them without feedback till the exam ends) */
export const getExamOverlap = (body: InputOf<typeof practiceApi.getExamOverlap>) =>
  call(practiceApi.getExamOverlap, body, { silent: true });

export const getMyPractices = () => call(practiceApi.getMyPracticeList, {});
/** dedupe off: each call asks for the next unanswered question */
export const getNextQuestion = (practiceCode: string) => call(practiceApi.getNextQuestion, { practiceCode }, { dedupe: false });
/** the feedback of one answer (right or wrong, the key and the analysis when they may be shown) */
export const answerQuestion = (body: { practiceCode: string; qCode: string; answer: string | string[] }) =>
  call(practiceApi.answerQuestion, body, { dedupe: false });
export const restartPractice = (practiceCode: string) => call(practiceApi.restart, { practiceCode });
export const getWrongBook = () => call(practiceApi.getWrongBook, {});
export const answerWrong = (body: { wrongId: number; answer: string | string[] }) => call(practiceApi.answerWrong, body, { dedupe: false });
export const removeWrong = (wrongId: number) => call(practiceApi.removeWrong, { wrongId });
export const getPracticeCounts = () => call(practiceApi.getCounts, {}, { silent: true });
