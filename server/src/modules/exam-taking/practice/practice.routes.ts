import { Msg, PAGE_SIZE_DEFAULT, Perm, PracticeMsg, pageWindow, practiceApi } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import { answerPractice, listMyPractices, nextQuestion, practiceCounts, restartPractice } from './learner.service.ts';
import { addPractice, deletePractice, listPracticePage, readExamOverlap, readPractice, updatePractice } from './practice.service.ts';
import { answerWrong, readWrongBook, removeWrong } from './wrong-book.service.ts';

const LIST = { action: Perm.PracticeList };
const EDIT = { action: Perm.PracticeEdit };

/** Practice and the 错题本 (issue 26 item 1, ADR 0043): administration, then the learner's calls. */
export const practiceRoutes = routesOf(practiceApi, {
  getPageList: {
    access: LIST,
    summary: '练习列表',
    handler: ({ input, caller }) => listPracticePage(caller, input, pageWindow(input, PAGE_SIZE_DEFAULT)),
  },
  getData: {
    access: LIST,
    summary: '练习详情（含参加人员选择）',
    handler: ({ input, caller }) => readPractice(caller, input.practiceCode),
  },
  getExamOverlap: {
    access: LIST,
    summary: '练习题目与进行中考试的重叠（这些题在考试结束前练习时不显示答案和对错）',
    handler: ({ input, caller }) => readExamOverlap(caller, input),
  },
  addData: {
    access: EDIT,
    summary: '新增练习（题库目录或试卷，选择参加人员）',
    handler: async ({ input, caller }) => withMsg(await addPractice(caller, input), PracticeMsg.added),
  },
  updateData: {
    access: EDIT,
    summary: '修改练习',
    handler: async ({ input, caller }) => {
      await updatePractice(caller, input);
      return withMsg(null, Msg.saved);
    },
  },
  delete: {
    access: EDIT,
    summary: '删除练习（学员的作答记录一并删除，错题本保留）',
    handler: async ({ input, caller }) => {
      await deletePractice(caller, input.practiceCode);
      return withMsg(null, Msg.deleted);
    },
  },
  getMyPracticeList: {
    access: 'user',
    summary: '我的练习',
    handler: ({ caller }) => listMyPractices(caller),
  },
  getNextQuestion: {
    access: 'user',
    summary: '练习的下一道未答试题（不含答案与解析）',
    handler: ({ input, caller }) => nextQuestion(caller, input.practiceCode),
  },
  answerQuestion: {
    access: 'user',
    summary: '提交练习答案，即时反馈对错、答案与解析',
    handler: ({ input, caller }) => answerPractice(caller, input),
  },
  restart: {
    access: 'user',
    summary: '重新开始练习',
    handler: async ({ input, caller }) => {
      await restartPractice(caller, input.practiceCode);
      return withMsg(null, PracticeMsg.restarted);
    },
  },
  getWrongBook: {
    access: 'user',
    summary: '错题本（按来源分组）',
    handler: ({ input, caller }) => readWrongBook(caller, input.sourceCode),
  },
  answerWrong: {
    access: 'user',
    summary: '重练错题，即时反馈',
    handler: ({ input, caller }) => answerWrong(caller, input),
  },
  removeWrong: {
    access: 'user',
    summary: '移出错题本',
    handler: async ({ input, caller }) => {
      await removeWrong(caller, input.wrongId);
      return withMsg(null, PracticeMsg.removed);
    },
  },
  getCounts: {
    access: 'user',
    summary: '练习数与错题数（首页）',
    handler: ({ caller }) => practiceCounts(caller),
  },
});
