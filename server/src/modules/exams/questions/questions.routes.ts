import { examsApi, Msg, PAGE_SIZE_DEFAULT, Perm, pageWindow, QUESTION_REFUSED_NAME, QUESTION_TEMPLATE_NAME } from '@xuetu/contract';
import { sendDownload, sendWorkbook } from '../../../platform/download.ts';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import { withImportSlot } from '../../directory/public.ts';
import { exportBank } from './bank-export.ts';
import { buildRefusedRows } from './import-refused.ts';
import { checkQuestionFile, importQuestionFile, refusedSheetOf } from './question-files.ts';
import * as service from './questions.service.ts';
import { buildQuestionTemplate, exportQuestions, planQuestionImport } from './workbook.ts';

const EDIT = { action: Perm.QuestionEdit };
const IMPORT = { action: Perm.QuestionImport };
// papers pick questions and read the directory tree too
const PICK = { action: [Perm.QuestionList, Perm.PaperEdit] };

export const questionRoutes = routesOf(examsApi, {
  getTreeData: {
    access: PICK,
    summary: '题库目录树（每个目录带本目录试题数）',
    handler: ({ input, caller }) => service.getDirTree(caller, input.companySysCode),
  },
  saveData: {
    access: EDIT,
    summary: '新增或修改题库目录（dirCode 为空时新增）',
    handler: async ({ input, caller }) => withMsg(await service.saveDir(caller, input), Msg.saved),
  },
  deleteData: {
    access: EDIT,
    summary: '删除题库目录（目录下还有试题时拒绝并给出数量）',
    handler: async ({ input, caller }) => withMsg(await service.deleteDir(caller, input.dirCode), Msg.deleted),
  },
  questionGetPageList: {
    access: PICK,
    summary: '试题列表（目录含下级、题型、难度、关键字）',
    handler: ({ input, caller }) => service.listQuestionPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  questionGetData: {
    access: PICK,
    summary: '试题详情（query qCode）',
    handler: ({ input, caller }) => service.readQuestion(caller, input.qCode),
  },
  questionAddData: {
    access: EDIT,
    summary: '新增试题',
    handler: async ({ input, caller }) => withMsg(await service.addQuestion(caller, input), Msg.saved),
  },
  questionUpdateData: {
    access: EDIT,
    summary: '修改试题（已开始的答卷保留作答时的试题）',
    handler: async ({ input, caller }) => withMsg(await service.updateQuestion(caller, input), Msg.saved),
  },
  questionDelete: {
    access: EDIT,
    summary: '删除试题（query qCode；引用它的固定试卷仍保留）',
    handler: async ({ input, caller }) => withMsg(await service.deleteQuestions(caller, [input.qCode]), Msg.deleted),
  },
  batchDelete: {
    access: EDIT,
    summary: '批量删除试题（qCodes）',
    handler: async ({ input, caller }) => withMsg(await service.deleteQuestions(caller, input.qCodes), Msg.deleted),
  },
  getTemplate: {
    access: IMPORT,
    summary: '下载试题导入模板（.xlsx）',
    handler: async ({ reply }) => sendWorkbook(reply, await buildQuestionTemplate(), QUESTION_TEMPLATE_NAME),
  },
  importCheck: {
    access: IMPORT,
    summary: '导入数据检查（urls；xlsx、Moodle XML、GIFT、Aiken、QTI 2.1，format 可指定）：列出错误和不支持的题型，不写入',
    handler: async ({ input, caller }) => {
      const { check, msg } = await checkQuestionFile(caller, input);
      return withMsg(check, msg);
    },
  },
  import: {
    access: IMPORT,
    summary: '导入试题（全部成功或全部不导入；skipInvalid=true 时只导入通过检查的行；题库文件中不支持的题型跳过）',
    handler: async ({ input, caller }) => {
      const { count, skipped, msg } = await importQuestionFile(caller, input);
      return withMsg({ count, skipped }, msg);
    },
  },
  importRefused: {
    access: IMPORT,
    summary: '下载未通过检查的行（.xlsx，带“原因”列，改正后可再次导入）',
    handler: async ({ input, caller, reply }) => {
      const buffer = await withImportSlot(caller, async () => {
        const sheet = await refusedSheetOf(caller, input);
        const { check } = await planQuestionImport(caller, sheet, input);
        return buildRefusedRows(sheet.rows, check);
      });
      return sendWorkbook(reply, buffer, QUESTION_REFUSED_NAME);
    },
  },
  export: {
    access: IMPORT,
    summary: '导出试题（format：xlsx 默认，列与导入模板相同；moodlexml、gift、qti21）',
    handler: async ({ input, caller, reply }) => {
      if (input.format && input.format !== 'xlsx') {
        const file = await exportBank(caller, input, input.format);
        return sendDownload(reply, file.buffer, { name: file.name, type: file.type, fallback: `export.${file.name.split('.').pop()}` });
      }
      const { buffer, name } = await exportQuestions(caller, input);
      return sendWorkbook(reply, buffer, name);
    },
  },
});
