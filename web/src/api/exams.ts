// Exam authoring calls under /Api/Exam_Manage/ (issue 12).
import {
  EXAM_BASE,
  type ExamDetail,
  type ExamView,
  type PageResult,
  type PaperDetail,
  type PaperView,
  QUESTION_REFUSED_NAME,
  QUESTION_TEMPLATE_NAME,
  type QuestionDirNode,
  type QuestionImportCheck,
  type QuestionView,
} from '@xuetu/contract';
import { download, post, postEnvelope } from './request';

const dir = `${EXAM_BASE}/ex_questiondir`;
const question = `${EXAM_BASE}/ex_question`;
const paper = `${EXAM_BASE}/ex_paper`;
const exam = `${EXAM_BASE}/ex_exam`;

export const getQuestionDirTree = (companySysCode = '') => post<QuestionDirNode[]>(`${dir}/GetTreeData`, { companySysCode });
export const saveQuestionDir = (body: { dirCode?: string; dirName: string; pCode: string; sortOrder?: number; companySysCode?: string }) =>
  post<{ dirCode: string }>(`${dir}/SaveData`, body);
export const deleteQuestionDir = (dirCode: string) => post<null>(`${dir}/DeleteData`, { dirCode });

export interface QuestionSearch {
  dirCode: string;
  qType?: number;
  difficulty?: number;
  keyword: string;
  companySysCode: string;
}
export const getQuestionPage = (body: QuestionSearch & { pageIndex: number; pageRows: number }) =>
  post<PageResult<QuestionView>>(`${question}/GetPageList`, body);
export const getQuestion = (qCode: string) => post<QuestionView>(`${question}/GetData`, { qCode });
export type QuestionBody = Record<string, unknown>;
export const addQuestion = (body: QuestionBody) => post<{ qCode: string }>(`${question}/AddData`, body);
export const updateQuestion = (body: QuestionBody) => post<null>(`${question}/UpdateData`, body);
export const deleteQuestions = (qCodes: string[]) => post<number>(`${question}/BatchDelete`, { qCodes });
export const downloadQuestionTemplate = () => download(`${question}/GetTemplate`, {}, { fileName: QUESTION_TEMPLATE_NAME });
export const checkQuestionImport = (body: { urls: string[]; dirCode: string; companySysCode: string }) =>
  postEnvelope<QuestionImportCheck>(`${question}/ImportCheck`, body);
export const importQuestions = (body: { urls: string[]; dirCode: string; companySysCode: string; skipInvalid?: boolean }) =>
  postEnvelope<{ count: number; skipped?: number } | QuestionImportCheck>(`${question}/Import`, body, { silent: true });
/** The rows of the upload that did not pass the check, with a 原因 column (.xlsx) */
export const downloadRefusedQuestions = (body: { urls: string[]; dirCode: string; companySysCode: string }) =>
  download(`${question}/ImportRefused`, body, { fileName: QUESTION_REFUSED_NAME });
export const exportQuestions = (body: QuestionSearch) => download(`${question}/Export`, body, { fileName: '试题.xlsx' });

export const getPaperPage = (body: { keyword: string; paperType?: number; companySysCode: string; pageIndex: number; pageRows: number }) =>
  post<PageResult<PaperView>>(`${paper}/GetPageList`, body);
export const getPaper = (paperCode: string) => post<PaperDetail>(`${paper}/GetData`, { paperCode });
export interface PaperBody {
  paperCode?: string;
  paperName: string;
  paperIntrduce: string;
  paperType: number;
  questions: { qCode: string; score: number }[];
  rules: { qType: number; dirCode: string; count: number; score: number }[];
  companySysCode?: string;
}
export const addPaper = (body: PaperBody) => post<{ paperCode: string }>(`${paper}/AddData`, body);
export const updatePaper = (body: PaperBody) => post<null>(`${paper}/UpdateData`, body);
export const deletePaper = (paperCode: string) => post<null>(`${paper}/Delete`, { paperCode });
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
  post<PageResult<ExamView>>(`${exam}/GetPageList`, body);
export const getExam = (examCode: string) => post<ExamDetail>(`${exam}/GetData`, { examCode });
export type ExamBody = Record<string, unknown>;
export const addExam = (body: ExamBody) => post<{ examCode: string }>(`${exam}/AddData`, body);
export const updateExam = (body: ExamBody) => post<null>(`${exam}/UpdateData`, body);
export const deleteExam = (examCode: string) => post<null>(`${exam}/Delete`, { examCode });
export const publishExam = (examCode: string) => postEnvelope<{ userCount: number }>(`${exam}/Publish`, { examCode });
export const closeExam = (examCode: string) => post<null>(`${exam}/Close`, { examCode });
