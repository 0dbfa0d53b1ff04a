// Exam authoring calls under /Api/Exam_Manage/ (issue 12).
import {
  EXAM_BASE,
  examsApi,
  type PaperView,
  QUESTION_REFUSED_NAME,
  QUESTION_TEMPLATE_NAME,
  type QuestionExportFormat,
  type QuestionImportFormat,
} from '@xuetu/contract';
import { call, callDownload, callEnvelope } from './client';
import { post } from './request';

const paper = `${EXAM_BASE}/ex_paper`;

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
type ImportBody = { urls: string[]; dirCode: string; companySysCode: string; format?: QuestionImportFormat };
export const checkQuestionImport = (body: ImportBody) => callEnvelope(examsApi.importCheck, body);
export const importQuestions = (body: ImportBody & { skipInvalid?: boolean }) => callEnvelope(examsApi.import, body, { silent: true });
/** The rows of the upload that did not pass the check, with a 原因 column (.xlsx) */
export const downloadRefusedQuestions = (body: { urls: string[]; dirCode: string; companySysCode: string }) =>
  callDownload(examsApi.importRefused, body, { fileName: QUESTION_REFUSED_NAME });
const EXPORT_NAMES: Record<QuestionExportFormat, string> = {
  xlsx: '试题.xlsx',
  moodlexml: '试题.xml',
  gift: '试题.gift.txt',
  qti21: '试题.qti21.zip',
};
/** 导出 in a format (xlsx, Moodle XML, GIFT, QTI 2.1); the file is named by the server */
export const exportQuestions = (body: QuestionSearch, format: QuestionExportFormat = 'xlsx') =>
  callDownload(examsApi.export, { ...body, format }, { fileName: EXPORT_NAMES[format] });

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
export type PreviewQuestion = {
  qCode: string;
  order: number;
  qType: number;
  qName: string;
  options: string[];
  answer: string;
  analysis: string;
  score: number;
};
export const previewPaper = (paperCode: string) =>
  post<PaperView & { seed: number; questions: PreviewQuestion[] }>(`${paper}/Preview`, { paperCode });

export const getExamPage = (body: { keyword: string; status?: number; companySysCode: string; pageIndex: number; pageRows: number }) =>
  call(examsApi.examGetPageList, body);
export const getExam = (examCode: string) => call(examsApi.examGetData, { examCode });
export type ExamBody = Record<string, unknown>;
export const addExam = (body: ExamBody) => call(examsApi.examAddData, body);
export const updateExam = (body: ExamBody) => call(examsApi.examUpdateData, body);
export const deleteExam = (examCode: string) => call(examsApi.examDelete, { examCode });
export const publishExam = (examCode: string) => callEnvelope(examsApi.publish, { examCode });
export const closeExam = (examCode: string) => call(examsApi.close, { examCode });
