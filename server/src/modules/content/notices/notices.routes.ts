import {
  ContentMsg,
  Msg,
  NOTICE_PAGE_SIZE,
  NoticeChannel,
  NoticeStatus,
  noticesApi,
  PAGE_SIZE_DEFAULT,
  Perm,
  pageWindow,
} from '@xuetu/contract';
import { doneWithMsg, withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import { uploadContentFile } from '../site/files.ts';
import * as service from './notices.service.ts';

const BANNER_LIMIT = 10;

export const noticeRoutes = [
  // ---------- portal (public; a signed-in user also sees their company's notices) ----------
  defineRoute({
    endpoint: noticesApi.getInfoNoticeDataPageList,
    access: 'public',
    summary: '公告列表（按发布时间倒序，每页 10 条）',
    handler: ({ input, caller }) => {
      const { limit, offset } = pageWindow(input, NOTICE_PAGE_SIZE);
      const ascending = (input.sortType ?? '').toLowerCase() === 'asc';
      // the list shows notices; image notices (banners) live in the carousel
      return service.listPublicNotices(caller, {
        keyword: input.search.keyword,
        channel: NoticeChannel.Notice,
        limit,
        offset,
        ascending,
      });
    },
  }),
  defineRoute({
    endpoint: noticesApi.getFPNoticeInfoList,
    access: 'public',
    summary: '首页公告',
    handler: ({ input, caller }) => service.listNoticesByChannel(caller, NoticeChannel.Notice, input.top),
  }),
  defineRoute({
    endpoint: noticesApi.getNoticeDetailDataBySysCode,
    access: 'public',
    summary: '公告详情（计一次浏览）',
    handler: ({ input, caller }) => service.viewNotice(caller, input.noticeSysCode),
  }),
  defineRoute({
    endpoint: noticesApi.getHomePageImageNotice,
    access: 'public',
    summary: '首页轮播图片公告',
    handler: ({ caller }) => service.listNoticesByChannel(caller, NoticeChannel.Banner, BANNER_LIMIT),
  }),
  defineRoute({
    endpoint: noticesApi.getIndexPageImageNotice,
    access: 'public',
    summary: '首页图片公告',
    handler: ({ input, caller }) => service.listNoticesByChannel(caller, NoticeChannel.IndexImage, input.top),
  }),

  // ---------- administration ----------
  defineRoute({
    endpoint: noticesApi.getNoticeDataPageList,
    access: { action: Perm.NoticeList },
    summary: '公告管理列表',
    handler: ({ input, caller }) => {
      const { limit, offset } = pageWindow(input, PAGE_SIZE_DEFAULT);
      const s = input.search;
      return service.listNoticesForAdmin(caller, { ...s, channel: s.noticeChannel, limit, offset });
    },
  }),
  defineRoute({
    endpoint: noticesApi.getNoticeEditData,
    access: { action: Perm.NoticeList },
    summary: '公告编辑数据',
    handler: ({ input, caller }) => service.readNoticeForEdit(caller, input.noticeSysCode),
  }),
  defineRoute({
    endpoint: noticesApi.addNotice,
    access: { action: Perm.NoticeAdd },
    summary: '新增公告',
    handler: async ({ input, caller }) =>
      withMsg(await service.saveNotice(caller, { ...input, noticeSysCode: undefined }), input.publish ? ContentMsg.published : Msg.saved),
  }),
  defineRoute({
    endpoint: noticesApi.updateNotice,
    access: { action: Perm.NoticeEdit },
    summary: '编辑公告',
    handler: async ({ input, caller }) =>
      withMsg(await service.saveNotice(caller, input), input.publish ? ContentMsg.published : Msg.saved),
  }),
  defineRoute({
    endpoint: noticesApi.setNoticeStatus,
    access: { action: Perm.NoticePublish },
    summary: '发布 / 取消发布公告（status 2 发布，0 取消）',
    handler: ({ input, caller }) =>
      doneWithMsg(
        service.setNoticeStatus(caller, input.noticeSysCode, input.status),
        input.status === NoticeStatus.Published ? ContentMsg.published : ContentMsg.unpublished,
      ),
  }),
  defineRoute({
    endpoint: noticesApi.delNotice,
    access: { action: Perm.NoticeDelete },
    summary: '删除公告',
    handler: ({ input, caller }) => doneWithMsg(service.removeNotice(caller, input.noticeSysCode), Msg.deleted),
  }),
  defineRoute({
    endpoint: noticesApi.uploadContentFile,
    access: {
      action: [Perm.NoticeAdd, Perm.NoticeEdit, Perm.LinkEdit, Perm.LecturerEdit, Perm.ModelEdit, Perm.RegulationEdit, Perm.QuestionEdit],
    },
    summary: '上传内容文件（kind: image 图片 / document 附件 / video 视频），按文件内容校验类型',
    bodyLimit: 210 * 1024 * 1024,
    handler: ({ input, caller, upload }) => uploadContentFile(caller, upload, input.kind),
  }),
];
