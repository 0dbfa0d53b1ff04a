import { Msg, Perm, pageWindow, studyApi } from '@xuetu/contract';
import { doneWithMsg, withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import * as guard from './guard.ts';
import * as service from './study.service.ts';

const LEARNER = 'user' as const;

/** The learner's study calls (issue 13, ADR 0017): catalogue, study page, notes, favourites, likes, heartbeat. */
export const studyRoutes = [
  defineRoute({
    endpoint: studyApi.showCompanyTrainRes,
    access: LEARNER,
    summary: '课程目录（学员可见的已通过资源；目录含下级、关键字、分页、我的进度）',
    handler: ({ input, caller }) => service.catalogue(caller, input, pageWindow(input, 12)),
  }),
  defineRoute({
    endpoint: studyApi.getTrainResDetail,
    access: LEARNER,
    summary: '课程详情（简介、讲师、学时、我的学习进度）',
    handler: ({ input, caller }) => service.studyDetail(caller, input.rescode, false),
  }),
  defineRoute({
    endpoint: studyApi.getTrainResStudyDetail,
    access: LEARNER,
    summary: '学习页详情（打开学习页，计一次浏览）',
    handler: ({ input, caller }) => service.studyDetail(caller, input.rescode, true),
  }),
  defineRoute({
    endpoint: studyApi.getRelevantList,
    access: LEARNER,
    summary: '相关课程（同目录或同讲师）',
    handler: ({ input, caller }) => service.relevantList(caller, input.rescode),
  }),
  defineRoute({
    endpoint: studyApi.getNoteList,
    access: LEARNER,
    summary: '我的笔记（recordId 为资源编码）',
    handler: ({ input, caller }) => service.listNotes(caller, input.recordId),
  }),
  defineRoute({
    endpoint: studyApi.addNoteData,
    access: LEARNER,
    summary: '添加笔记（播放位置，秒）',
    handler: async ({ input, caller }) => withMsg(await service.addNote(caller, input.rescode, input.content, input.position), Msg.saved),
  }),
  defineRoute({
    endpoint: studyApi.updateNote,
    access: LEARNER,
    summary: '修改笔记（仅本人）',
    handler: async ({ input, caller }) => withMsg(await service.updateNote(caller, input.id, input.content, input.position), Msg.saved),
  }),
  defineRoute({
    endpoint: studyApi.delNote,
    access: LEARNER,
    summary: '删除笔记（仅本人）',
    handler: ({ input, caller }) => doneWithMsg(service.deleteNote(caller, input.id), Msg.deleted),
  }),
  defineRoute({
    endpoint: studyApi.collect,
    access: LEARNER,
    summary: '收藏 / 取消收藏',
    handler: async ({ input, caller }) => {
      const { msg, ...data } = await service.collect(caller, input.rescode);
      return withMsg(data, msg);
    },
  }),
  defineRoute({
    endpoint: studyApi.setThumbsup,
    access: LEARNER,
    summary: '点赞（每人一次）',
    handler: async ({ input, caller }) => {
      const { msg, ...data } = await service.thumbsup(caller, input.rescode);
      return withMsg(data, msg);
    },
  }),
  defineRoute({
    endpoint: studyApi.getStudyInterval,
    access: LEARNER,
    summary: '学习心跳间隔（秒）',
    handler: async ({ caller }) => caller.ctx.env.STUDY_INTERVAL_SECONDS,
  }),
  defineRoute({
    endpoint: studyApi.study,
    access: LEARNER,
    summary: '学习心跳（按服务器时钟计入学习时长；另一窗口接管后本窗口暂停）',
    handler: async ({ input, caller }) => {
      const { msg, ...data } = await service.studyBeat(caller, input);
      return withMsg(data, msg);
    },
  }),
  defineRoute({
    endpoint: studyApi.studyComplete,
    access: LEARNER,
    summary: '完成学习（计入时长达到时长的 90% 后）',
    handler: async ({ input, caller }) => {
      const { msg, ...data } = await service.studyComplete(caller, input.rescode);
      return withMsg(data, msg);
    },
  }),
  defineRoute({
    endpoint: studyApi.studyPresence,
    access: LEARNER,
    summary: '在场确认（点选提示的数字；确认后恢复计时）',
    handler: async ({ caller, input }) => {
      const { msg, ...data } = await guard.answerPresence(caller, input.code);
      return withMsg(data, msg);
    },
  }),
  defineRoute({
    endpoint: studyApi.getStudySettings,
    access: { action: [Perm.ResList, Perm.ResEdit] },
    summary: '公司学习设置（防挂机、随机在场确认、动态水印）；平台人员须指定公司',
    handler: ({ caller, input }) => guard.getSettings(caller, input.companySysCode),
  }),
  defineRoute({
    endpoint: studyApi.saveStudySettings,
    access: { action: Perm.ResEdit },
    summary: '保存公司学习设置',
    handler: async ({ caller, input }) => withMsg(await guard.saveSettings(caller, input), Msg.saved),
  }),
];
