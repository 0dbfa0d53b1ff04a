import { randomInt } from 'node:crypto';
import { examsApi, Msg, PAGE_SIZE_DEFAULT, Perm, pageWindow } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import * as service from './papers.service.ts';

// exams pick a paper, so editing an exam reads papers too
const LIST = { action: [Perm.PaperList, Perm.ExamEdit] };
const EDIT = { action: Perm.PaperEdit };

export const paperRoutes = routesOf(examsApi, {
  paperGetPageList: {
    access: LIST,
    summary: '试卷列表',
    handler: ({ input, caller }) => service.listPaperPage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  paperGetData: {
    access: LIST,
    summary: '试卷详情（固定试题或随机规则，含合计）',
    handler: ({ input, caller }) => service.readPaper(caller, input.paperCode),
  },
  paperAddData: {
    access: EDIT,
    summary: '新增试卷',
    handler: async ({ input, caller }) => withMsg(await service.addPaper(caller, input), Msg.saved),
  },
  paperUpdateData: {
    access: EDIT,
    summary: '修改试卷（有人开始作答后只能改名称和说明）',
    handler: async ({ input, caller }) => withMsg(await service.updatePaper(caller, input), Msg.saved),
  },
  paperDelete: {
    access: EDIT,
    summary: '删除试卷（被考试使用时拒绝）',
    handler: async ({ input, caller }) => withMsg(await service.deletePaper(caller, input.paperCode), Msg.deleted),
  },
  paperPreview: {
    access: LIST,
    summary: '预览试卷（学员所见，附答案与解析；随机卷为一次示例抽题，seed 可复现）',
    handler: ({ input, caller }) => service.previewPaper(caller, input.paperCode, input.seed ?? randomInt(2 ** 31 - 1)),
  },
});
