import { answer, defineGroup, endpoint, type FileAnswer, getAndPost } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type {
  ExamDetail,
  ExamView,
  PaperDetail,
  PaperPreview,
  PaperView,
  QuestionDirNode,
  QuestionImportCheck,
  QuestionView,
} from './exams.schemas.ts';
import {
  examCodeInput,
  examPageInput,
  examSaveInput,
  paperCodeInput,
  paperPageInput,
  paperPreviewInput,
  paperSaveInput,
  questionBatchInput,
  questionCodeInput,
  questionDirCodeInput,
  questionDirSaveInput,
  questionDirTreeInput,
  questionExportInput,
  questionImportInput,
  questionPageInput,
  questionSaveInput,
} from './exams.schemas.ts';

// the original system's controllers these paths are under
const exExam = '/Api/Exam_Manage/ex_exam';
const exPaper = '/Api/Exam_Manage/ex_paper';
const exQuestion = '/Api/Exam_Manage/ex_question';
const exQuestionDir = '/Api/Exam_Manage/ex_questiondir';

/** The exams calls (ADR 0039). */
export const examsApi = /* @__PURE__ */ defineGroup('exams', 'exams', {
  getTreeData: endpoint({ path: `${exQuestionDir}/GetTreeData`, input: questionDirTreeInput, output: answer<QuestionDirNode[]>() }),
  saveData: endpoint({ path: `${exQuestionDir}/SaveData`, input: questionDirSaveInput, output: answer<{ dirCode: string }>() }),
  deleteData: endpoint({ path: `${exQuestionDir}/DeleteData`, input: questionDirCodeInput, output: answer<void>() }),
  questionGetPageList: endpoint({
    path: `${exQuestion}/GetPageList`,
    input: questionPageInput,
    output: answer<PageResult<QuestionView>>(),
  }),
  questionGetData: endpoint({ path: `${exQuestion}/GetData`, input: questionCodeInput, output: answer<QuestionView>() }),
  questionAddData: endpoint({ path: `${exQuestion}/AddData`, input: questionSaveInput, output: answer<{ qCode: string }>() }),
  questionUpdateData: endpoint({ path: `${exQuestion}/UpdateData`, input: questionSaveInput, output: answer<void>() }),
  questionDelete: endpoint({ path: `${exQuestion}/Delete`, input: questionCodeInput, output: answer<unknown>() }),
  batchDelete: endpoint({ path: `${exQuestion}/BatchDelete`, input: questionBatchInput, output: answer<number>() }),
  getTemplate: endpoint({ ...getAndPost('POST'), path: `${exQuestion}/GetTemplate`, output: answer<FileAnswer>(), kind: 'file' }),
  importCheck: endpoint({ path: `${exQuestion}/ImportCheck`, input: questionImportInput, output: answer<QuestionImportCheck>() }),
  import: endpoint({
    path: `${exQuestion}/Import`,
    input: questionImportInput,
    output: answer<{ count: number; skipped?: number } | QuestionImportCheck>(),
  }),
  importRefused: endpoint({ path: `${exQuestion}/ImportRefused`, input: questionImportInput, output: answer<FileAnswer>(), kind: 'file' }),
  export: endpoint({ path: `${exQuestion}/Export`, input: questionExportInput, output: answer<FileAnswer>(), kind: 'file' }),
  paperGetPageList: endpoint({ path: `${exPaper}/GetPageList`, input: paperPageInput, output: answer<PageResult<PaperView>>() }),
  paperGetData: endpoint({ path: `${exPaper}/GetData`, input: paperCodeInput, output: answer<PaperDetail>() }),
  paperAddData: endpoint({ path: `${exPaper}/AddData`, input: paperSaveInput, output: answer<{ paperCode: string }>() }),
  paperUpdateData: endpoint({ path: `${exPaper}/UpdateData`, input: paperSaveInput, output: answer<void>() }),
  paperDelete: endpoint({ path: `${exPaper}/Delete`, input: paperCodeInput, output: answer<void>() }),
  paperPreview: endpoint({ path: `${exPaper}/Preview`, input: paperPreviewInput, output: answer<PaperPreview>() }),
  examGetPageList: endpoint({ path: `${exExam}/GetPageList`, input: examPageInput, output: answer<PageResult<ExamView>>() }),
  examGetData: endpoint({ path: `${exExam}/GetData`, input: examCodeInput, output: answer<ExamDetail>() }),
  examAddData: endpoint({ path: `${exExam}/AddData`, input: examSaveInput, output: answer<{ examCode: string }>() }),
  examUpdateData: endpoint({ path: `${exExam}/UpdateData`, input: examSaveInput, output: answer<void>() }),
  examDelete: endpoint({ path: `${exExam}/Delete`, input: examCodeInput, output: answer<void>() }),
  publish: endpoint({ path: `${exExam}/Publish`, input: examCodeInput, output: answer<{ userCount: number }>() }),
  close: endpoint({ path: `${exExam}/Close`, input: examCodeInput, output: answer<void>() }),
});
