// Exam authoring calls under /Api/Exam_Manage/ (issue 12).
import { examsApi, type PaperPreviewQuestion, QUESTION_REFUSED_NAME, QUESTION_TEMPLATE_NAME } from '@xuetu/contract';
import { call, callDownload, callEnvelope } from './client';

export const getQuestionDirTree = (companySysCode = '') => call(examsApi.getTreeData, { companySysCode });
export const saveQuestionDir = (body: { dirCode?: string; dirName: string; pCode: string; sortOrder?: number; companySysCode?: string }) =>
  call(examsApi.saveData, body);
export const deleteQuestionDir = (dirCode: string) => call(examsApi.deleteData, { dirCode });

export interface QuestionSearch {
  dirCode: string;
  qType?: number;
  difficulty?: number;
  keyword: string;
  companySysCode: string;
}
export const getQuestionPage = (body: QuestionSearch & { pageIndex: number; pageRows: number }) => call(examsApi.questionGetPageList, body);
export const getQuestion = (qCode: string) => call(examsApi.questionGetData, { qCode });
export type QuestionBody = Record<string, unknown>;
export const addQuestion = (body: QuestionBody) => call(examsApi.questionAddData, body);
/** the answer carries no data (null, as the editor's save expects) */
export const updateQuestion = (body: QuestionBody) => call(examsApi.questionUpdateData, body).then(() => null);
export const deleteQuestions = (qCodes: string[]) => call(examsApi.batchDelete, { qCodes });
export const downloadQuestionTemplate = () => callDownload(examsApi.getTemplate, {}, { fileName: QUESTION_TEMPLATE_NAME });
export const checkQuestionImport = (body: { urls: string[]; dirCode: string; companySysCode: string }) =>
  callEnvelope(examsApi.importCheck, body);
export const importQuestions = (body: { urls: string[]; dirCode: string; companySysCode: string; skipInvalid?: boolean }) =>
  callEnvelope(examsApi.import, body, { silent: true });
/** The rows of the upload that did not pass the check, with a 原因 column (.xlsx) */
export const downloadRefusedQuestions = (body: { urls: string[]; dirCode: string; companySysCode: string }) =>
  callDownload(examsApi.importRefused, body, { fileName: QUESTION_REFUSED_NAME });
export const exportQuestions = (body: QuestionSearch) => callDownload(examsApi.export, body, { fileName: '试题.xlsx' });

export const getPaperPage = (body: { keyword: string; paperType?: number; companySysCode: string; pageIndex: number; pageRows: number }) =>
  call(examsApi.paperGetPageList, body);
export const getPaper = (paperCode: string) => call(examsApi.paperGetData, { paperCode });
export interface PaperBody {
  paperCode?: string;
  paperName: string;
  paperIntrduce: string;
  paperType: number;
  questions: { qCode: string; score: number }[];
  rules: { qType: number; dirCode: string; count: number; score: number }[];
  companySysCode?: string;
}
export const addPaper = (body: PaperBody) => call(examsApi.paperAddData, body);
/** the answer carries no data (null, as the editor's save expects) */
export const updatePaper = (body: PaperBody) => call(examsApi.paperUpdateData, body).then(() => null);
export const deletePaper = (paperCode: string) => call(examsApi.paperDelete, { paperCode });
export type PreviewQuestion = PaperPreviewQuestion;
export const previewPaper = (paperCode: string) => call(examsApi.paperPreview, { paperCode });

export const getExamPage = (body: { keyword: string; status?: number; companySysCode: string; pageIndex: number; pageRows: number }) =>
  call(examsApi.examGetPageList, body);
export const getExam = (examCode: string) => call(examsApi.examGetData, { examCode });
export type ExamBody = Record<string, unknown>;
export const addExam = (body: ExamBody) => call(examsApi.examAddData, body);
export const updateExam = (body: ExamBody) => call(examsApi.examUpdateData, body);
export const deleteExam = (examCode: string) => call(examsApi.examDelete, { examCode });
export const publishExam = (examCode: string) => callEnvelope(examsApi.publish, { examCode });
export const closeExam = (examCode: string) => call(examsApi.close, { examCode });
