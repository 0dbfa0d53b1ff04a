import { type LeaveKind, USER_EXAM_BASE, userexamApi } from '@xuetu/contract';
import { call, callDownload, callEnvelope } from './client';

const _base = USER_EXAM_BASE;

export const getMyExamList = (body: { status?: number; mustComplete?: number; pageIndex: number; pageSize: number }) =>
  call(userexamApi.getMyExamList, body);
export const isExistImgExam = () => call(userexamApi.isExistImgExam, {}, { silent: true });
export const getUserExamDetail = (excode: string) => call(userexamApi.getUserExamDetail, { excode });
export const beginExam = (examCode: string) => call(userexamApi.beginExam, { examCode });
/** `holder`: the page's id (it becomes the attempt's holder unless takeOver is 0, issue 23 item 3) */
export const getExamPaper = (userpaperId: number, page?: { holder: string; takeOver: 0 | 1 }) =>
  call(userexamApi.getExamPaper, { userpaperId, ...page }, { dedupe: false });
/** silent: the exam page shows its own saved/offline/taken-over state instead of toasts */
export const saveAnswerEnvelope = (body: {
  userpaperId: number;
  qCode: string;
  answer?: string | string[];
  flag?: number;
  seq: number;
  holder?: string;
}) => callEnvelope(userexamApi.saveAnswer, body, { silent: true, dedupe: false });
/** `holder`: refused (ATTEMPT_TAKEN_OVER) when another page holds the attempt */
export const submitExam = (userpaperId: number, holder?: string) =>
  call(userexamApi.submitExam, { userpaperId, holder }, { dedupe: false });
export const getExamResult = (userpaperId: number) => call(userexamApi.getExamResult, { userpaperId });
export const getExamResultList = (exammcode: string) => call(userexamApi.getExamResultList, { exammcode });
/** One leave of the exam page, idempotent per eventId (silent: the page shows the count itself) */
export const reportLeaveEnvelope = (body: { userpaperId: number; eventId: string; kind: LeaveKind; leftAtMs: number; holder?: string }) =>
  callEnvelope(userexamApi.reportLeave, body, { silent: true, dedupe: false });

/** Downloads the result PDF the server renders (selectable Chinese text; ADR 0036); a refusal rejects with the server's message. */
export const downloadResultPdf = (userpaperId: number) =>
  callDownload(userexamApi.exportResultPdf, { userpaperId }, { fileName: '考试结果.pdf', silent: true });
