import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { NoticeAdminItem, NoticeDetail, NoticeItem, UploadedContentFile } from './content.schemas.ts';
import {
  contentUploadInput,
  noticeAdminPageInput,
  noticePageInput,
  noticePublishInput,
  noticeSaveInput,
  noticeSysCodeInput,
  noticeTopInput,
  noticeUpdateInput,
} from './content.schemas.ts';

/** The notices calls (ADR 0039). */
export const noticesApi = /* @__PURE__ */ defineGroup('content', 'notices', {
  getInfoNoticeDataPageList: endpoint({
    path: '/Api/Ydxs/OpenApi/GetInfoNoticeDataPageList',
    input: noticePageInput,
    output: answer<PageResult<NoticeItem>>(),
  }),
  getFPNoticeInfoList: endpoint({ path: '/Api/Ydxs/OpenApi/GetFPNoticeInfoList', input: noticeTopInput, output: answer<NoticeItem[]>() }),
  getNoticeDetailDataBySysCode: endpoint({
    path: '/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode',
    input: noticeSysCodeInput,
    output: answer<NoticeDetail>(),
  }),
  getHomePageImageNotice: endpoint({ path: '/Api/SysConfig/sys_notice/GetHomePageImageNotice', output: answer<NoticeItem[]>() }),
  getIndexPageImageNotice: endpoint({
    path: '/Api/SysConfig/sys_notice/GetIndexPageImageNotice',
    input: noticeTopInput,
    output: answer<NoticeItem[]>(),
  }),
  getNoticeDataPageList: endpoint({
    path: '/Api/SysConfig/sys_notice/GetNoticeDataPageList',
    input: noticeAdminPageInput,
    output: answer<PageResult<NoticeAdminItem>>(),
  }),
  getNoticeEditData: endpoint({
    path: '/Api/SysConfig/sys_notice/GetNoticeEditData',
    input: noticeSysCodeInput,
    output: answer<NoticeDetail & NoticeAdminItem>(),
  }),
  addNotice: endpoint({ path: '/Api/SysConfig/sys_notice/AddNotice', input: noticeSaveInput, output: answer<{ noticeSysCode: string }>() }),
  updateNotice: endpoint({
    path: '/Api/SysConfig/sys_notice/UpdateNotice',
    input: noticeUpdateInput,
    output: answer<{ noticeSysCode: string }>(),
  }),
  /** multipart: the file, with `kind` in the query (content of notices, links, lecturers, models, regulations, questions) */
  uploadContentFile: endpoint({
    path: '/Api/SysConfig/sys_notice/UploadContentFile',
    input: contentUploadInput,
    output: answer<UploadedContentFile>(),
    kind: 'upload',
  }),
  setNoticeStatus: endpoint({ path: '/Api/SysConfig/sys_notice/SetNoticeStatus', input: noticePublishInput, output: answer<null>() }),
  delNotice: endpoint({ path: '/Api/SysConfig/sys_notice/DelNotice', input: noticeSysCodeInput, output: answer<null>() }),
});
