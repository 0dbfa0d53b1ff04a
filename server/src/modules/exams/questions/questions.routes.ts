import {
  EXAM_BASE,
  ExamMsg,
  Msg,
  PAGE_SIZE_DEFAULT,
  Perm,
  pageWindow,
  QUESTION_REFUSED_NAME,
  QUESTION_TEMPLATE_NAME,
  questionBatchInput,
  questionCodeInput,
  questionDirCodeInput,
  questionDirSaveInput,
  questionDirTreeInput,
  questionImportInput,
  questionPageInput,
  questionSaveInput,
} from '@xuetu/contract';
import { sendWorkbook } from '../../../platform/download.ts';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { loadUploadedWorkbook, readSheet } from '../../../platform/workbook/index.ts';
import { withImportSlot } from '../../directory/public.ts';
import { buildRefusedRows } from './import-refused.ts';
import * as service from './questions.service.ts';
import { buildQuestionTemplate, checkMessage, exportQuestions, importQuestions, planQuestionImport } from './workbook.ts';

const dir = `${EXAM_BASE}/ex_questiondir`;
const base = `${EXAM_BASE}/ex_question`;
const EDIT = { action: Perm.QuestionEdit };
const IMPORT = { action: Perm.QuestionImport };
// papers pick questions and read the directory tree too
const PICK = { action: [Perm.QuestionList, Perm.PaperEdit] };

export const questionRoutes = [
  defineRoute({
    method: 'POST',
    url: `${dir}/GetTreeData`,
    access: PICK,
    summary: '题库目录树（每个目录带本目录试题数）',
    input: questionDirTreeInput,
    handler: ({ input, caller }) => service.getDirTree(caller, input.companySysCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${dir}/SaveData`,
    access: EDIT,
    summary: '新增或修改题库目录（dirCode 为空时新增）',
    input: questionDirSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.saveDir(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${dir}/DeleteData`,
    access: EDIT,
    summary: '删除题库目录（目录下还有试题时拒绝并给出数量）',
    input: questionDirCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.deleteDir(caller, input.dirCode), Msg.deleted),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetPageList`,
    access: PICK,
    summary: '试题列表（目录含下级、题型、难度、关键字）',
    input: questionPageInput,
    handler: ({ input, caller }) => service.listQuestionPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetData`,
    access: PICK,
    summary: '试题详情（query qCode）',
    input: questionCodeInput,
    handler: ({ input, caller }) => service.readQuestion(caller, input.qCode),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/AddData`,
    access: EDIT,
    summary: '新增试题',
    input: questionSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.addQuestion(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/UpdateData`,
    access: EDIT,
    summary: '修改试题（已开始的答卷保留作答时的试题）',
    input: questionSaveInput,
    handler: async ({ input, caller }) => withMsg(await service.updateQuestion(caller, input), Msg.saved),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Delete`,
    access: EDIT,
    summary: '删除试题（query qCode；引用它的固定试卷仍保留）',
    input: questionCodeInput,
    handler: async ({ input, caller }) => withMsg(await service.deleteQuestions(caller, [input.qCode]), Msg.deleted),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/BatchDelete`,
    access: EDIT,
    summary: '批量删除试题（qCodes）',
    input: questionBatchInput,
    handler: async ({ input, caller }) => withMsg(await service.deleteQuestions(caller, input.qCodes), Msg.deleted),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetTemplate`,
    access: IMPORT,
    summary: '下载试题导入模板（.xlsx）',
    handler: async ({ reply }) => sendWorkbook(reply, await buildQuestionTemplate(), QUESTION_TEMPLATE_NAME),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/ImportCheck`,
    access: IMPORT,
    summary: '导入数据检查（urls）：逐行列出错误（行号、列、原因），不写入',
    input: questionImportInput,
    handler: async ({ input, caller }) => {
      const { check } = await withImportSlot(caller, async () =>
        planQuestionImport(caller, await readSheet(await loadUploadedWorkbook(caller, input.urls)), input),
      );
      return withMsg(check, checkMessage(check));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Import`,
    access: IMPORT,
    summary: '导入试题（全部成功或全部不导入；skipInvalid=true 时只导入通过检查的行，这些行全部成功或全部不导入）',
    input: questionImportInput,
    handler: async ({ input, caller }) => {
      const { n, skipped } = await withImportSlot(caller, async () => {
        const plan = await planQuestionImport(caller, await readSheet(await loadUploadedWorkbook(caller, input.urls)), input);
        const count = await importQuestions(caller, plan, input);
        return { n: count, skipped: new Set(plan.check.errors.map((e) => e.row)).size };
      });
      return withMsg({ count: n, skipped }, ExamMsg.imported(n, skipped));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/ImportRefused`,
    access: IMPORT,
    summary: '下载未通过检查的行（.xlsx，带“原因”列，改正后可再次导入）',
    input: questionImportInput,
    handler: async ({ input, caller, reply }) => {
      const buffer = await withImportSlot(caller, async () => {
        const sheet = await readSheet(await loadUploadedWorkbook(caller, input.urls));
        const { check } = await planQuestionImport(caller, sheet, input);
        return buildRefusedRows(sheet.rows, check);
      });
      return sendWorkbook(reply, buffer, QUESTION_REFUSED_NAME);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/Export`,
    access: IMPORT,
    summary: '导出试题（.xlsx，列与导入模板相同）',
    input: questionPageInput,
    handler: async ({ input, caller, reply }) => {
      const { buffer, name } = await exportQuestions(caller, input);
      return sendWorkbook(reply, buffer, name);
    },
  }),
];
