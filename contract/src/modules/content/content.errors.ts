import { ContentMsg } from './content.schemas.ts';

/** Portal content: notices, links, lecturers, display modules, regulations, messages. */
export const ContentErrors = {
  COMPANY_NOT_FOUND: '公司不存在',
  CONTENT_COMPANY_DENIED: ContentMsg.companyDenied,
  CONTENT_FILE_URL_INVALID: '文件地址无效，请重新上传',
  LINK_NOT_FOUND: '链接不存在',
  LECTURER_NOT_FOUND: '讲师不存在',
  MODEL_NOT_FOUND: '模块不存在',
  REGULATION_NOT_FOUND: '文件不存在',
  NOTICE_NOT_FOUND: ContentMsg.noticeNotFound,
  NOTICE_RELEASE_TIME_INVALID: '发布时间格式应为 yyyy-MM-dd HH:mm:ss',
  MESSAGE_NOT_FOUND: '消息不存在',
  MESSAGE_RECEIVER_NOT_FOUND: '接收人不存在',
  MESSAGE_NO_RECEIVERS: ContentMsg.noReceivers,
} as const;
