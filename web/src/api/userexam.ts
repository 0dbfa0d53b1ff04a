import {
  type BeginExamResult,
  type ExamPaperView,
  type ExamResultRow,
  type ExamResultView,
  type ExamStatistics,
  type LeaveKind,
  MARKING_BASE,
  type MarkingRow,
  type MyExamCard,
  type PageResult,
  type ReportLeaveResult,
  type SaveAnswerResult,
  type SubmitExamResult,
  USER_EXAM_BASE,
  type UserExamDetail,
} from '@xuetu/contract';
import { download, post, postEnvelope, service } from './request';

const base = USER_EXAM_BASE;

export const MY_EXAMS_KEY = ['ex_userexam', 'GetMyExamList'] as const;

export const getMyExamList = (body: { status?: number; mustComplete?: number; pageIndex: number; pageSize: number }) =>
  post<PageResult<MyExamCard>>(`${base}/GetMyExamList`, body);
export const isExistImgExam = () => post<boolean>(`${base}/IsExistImgExam`, {}, { silent: true });
export const getUserExamDetail = (excode: string) => post<UserExamDetail>(`${base}/GetUserExamDetail`, { excode });
export const beginExam = (examCode: string) => post<BeginExamResult>(`${base}/BeginExam`, { examCode });
/** `holder`: the page's id (it becomes the attempt's holder unless takeOver is 0, issue 23 item 3) */
export const getExamPaper = (userpaperId: number, page?: { holder: string; takeOver: 0 | 1 }) =>
  post<ExamPaperView>(`${base}/GetExamPaper`, { userpaperId, ...page }, { dedupe: false });
/** silent: the exam page shows its own saved/offline/taken-over state instead of toasts */
export const saveAnswerEnvelope = (body: {
  userpaperId: number;
  qCode: string;
  answer?: string | string[];
  flag?: number;
  seq: number;
  holder?: string;
}) => postEnvelope<SaveAnswerResult>(`${base}/SaveAnswer`, body, { silent: true, dedupe: false });
/** `holder`: refused (ATTEMPT_TAKEN_OVER) when another page holds the attempt */
export const submitExam = (userpaperId: number, holder?: string) =>
  post<SubmitExamResult>(`${base}/SubmitExam`, { userpaperId, holder }, { dedupe: false });
/** One leave of the exam page, idempotent per eventId (silent: the page shows the count itself) */
export const reportLeaveEnvelope = (body: { userpaperId: number; eventId: string; kind: LeaveKind; leftAtMs: number; holder?: string }) =>
  postEnvelope<ReportLeaveResult>(`${base}/ReportLeave`, body, { silent: true, dedupe: false });
export const getExamResult = (userpaperId: number) => post<ExamResultView>(`${base}/GetExamResult`, { userpaperId });
export const getExamResultList = (exammcode: string) => post<ExamResultRow[]>(`${base}/GetExamResultList`, { exammcode });

export const getMarkingQueue = (body: { examCode: string; qCode?: string; pageIndex: number; pageSize: number }) =>
  post<PageResult<MarkingRow>>(`${MARKING_BASE}/GetQueue`, body);
export const markAnswer = (body: { userpaperId: number; qCode: string; score: number; comment: string }) =>
  post<{ delayMarkingPapers: number; score: number }>(`${MARKING_BASE}/Mark`, body);
export const getExamStatistics = (examCode: string) => post<ExamStatistics>('/Api/Exam_Manage/ex_exam/GetStatistics', { examCode });
export const exportResultsUrl = '/Api/Exam_Manage/ex_exam/ExportResults';
/** Downloads the exam's result workbook (.xlsx, file name from the server). */
export const exportExamResults = (examCode: string) => download(exportResultsUrl, { examCode }, { fileName: '考试成绩.xlsx' });
export { service };
