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

// the original system's controllers these paths are under
const openApi = '/Api/Ydxs/OpenApi';
const sysNotice = '/Api/SysConfig/sys_notice';

/** The notices calls (ADR 0039). */
export const noticesApi = /* @__PURE__ */ defineGroup('content', 'notices', {
  getInfoNoticeDataPageList: endpoint({
    path: `${openApi}/GetInfoNoticeDataPageList`,
    input: noticePageInput,
    output: answer<PageResult<NoticeItem>>(),
  }),
  getFPNoticeInfoList: endpoint({ path: `${openApi}/GetFPNoticeInfoList`, input: noticeTopInput, output: answer<NoticeItem[]>() }),
  getNoticeDetailDataBySysCode: endpoint({
    path: `${openApi}/GetNoticeDetailDataBySysCode`,
    input: noticeSysCodeInput,
    output: answer<NoticeDetail>(),
  }),
  getHomePageImageNotice: endpoint({ path: `${sysNotice}/GetHomePageImageNotice`, output: answer<NoticeItem[]>() }),
  getIndexPageImageNotice: endpoint({
    path: `${sysNotice}/GetIndexPageImageNotice`,
    input: noticeTopInput,
    output: answer<NoticeItem[]>(),
  }),
  getNoticeDataPageList: endpoint({
    path: `${sysNotice}/GetNoticeDataPageList`,
    input: noticeAdminPageInput,
    output: answer<PageResult<NoticeAdminItem>>(),
  }),
  getNoticeEditData: endpoint({
    path: `${sysNotice}/GetNoticeEditData`,
    input: noticeSysCodeInput,
    output: answer<NoticeDetail & NoticeAdminItem>(),
  }),
  addNotice: endpoint({ path: `${sysNotice}/AddNotice`, input: noticeSaveInput, output: answer<{ noticeSysCode: string }>() }),
  updateNotice: endpoint({ path: `${sysNotice}/UpdateNotice`, input: noticeUpdateInput, output: answer<{ noticeSysCode: string }>() }),
  /** multipart: the file, with `kind` in the query (content of notices, links, lecturers, models, regulations, questions) */
  uploadContentFile: endpoint({
    path: `${sysNotice}/UploadContentFile`,
    input: contentUploadInput,
    output: answer<UploadedContentFile>(),
    kind: 'upload',
  }),
  setNoticeStatus: endpoint({ path: `${sysNotice}/SetNoticeStatus`, input: noticePublishInput, output: answer<null>() }),
  delNotice: endpoint({ path: `${sysNotice}/DelNotice`, input: noticeSysCodeInput, output: answer<null>() }),
});
