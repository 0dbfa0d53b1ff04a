import { FILE_NAME_MAX } from '../files.ts';
import { Msg } from '../messages.ts';

/** Errors any module may raise: sessions, access, missing objects, transport. */
export const CommonErrors = {
  SESSION_EXPIRED: Msg.sessionExpired,
  FORBIDDEN: Msg.forbidden,
  NOT_FOUND: Msg.notFound,
  ROUTE_NOT_FOUND: Msg.routeNotFound,
  BAD_INPUT: Msg.badInput,
  BODY_TOO_LARGE: Msg.bodyTooLarge,
  TOO_MANY_REQUESTS: Msg.tooManyRequests,
  SERVER_ERROR: Msg.serverError,
  DATABASE_UNAVAILABLE: Msg.databaseUnavailable,
  CACHE_UNAVAILABLE: Msg.cacheUnavailable,
  SERVER_STOPPING: Msg.serverStopping,
  /** an administrator set a temporary password: only changing it (and user info, logout) is allowed */
  PASSWORD_CHANGE_REQUIRED: '您正在使用临时密码（管理员重置或初次设置），请先修改密码',
  /** a business failure not yet given its own code (older call sites using fail(msg)) */
  FAILED: Msg.failed,
  /** rich HTML longer than any field takes (platform/sanitize-html.ts RICH_HTML_MAX_CHARS: the longest field, 200000) */
  RICH_TEXT_TOO_LONG: '富文本内容过长（最多 200000 个字符），请删减后重试',
} as const;

/** Background jobs (platform/jobs). */
export const JobErrors = {
  JOB_NOT_FOUND: '任务不存在',
  JOB_UNKNOWN_KIND: '未知的任务类型',
  JOB_NOT_RETRYABLE: '只有失败的任务可以重试',
} as const;

/** Uploads and downloads (platform/files). */
export const FileErrors = {
  FILE_REQUIRED: '请选择要上传的文件',
  FILE_EMPTY: '文件内容为空',
  FILE_NOT_FOUND: '文件不存在',
  FILE_LINK_EXPIRED: '文件链接已失效，请刷新页面后重试',
  FILE_QUOTA_USER: '您的上传空间已用完，请删除不用的文件或联系管理员',
  FILE_QUOTA_COMPANY: '本单位的上传空间已用完，请联系管理员',
  FILE_NAME_INVALID: '文件名含有不允许的字符（控制字符、路径分隔符或残缺字符），请重命名后重试',
  FILE_NAME_TOO_LONG: `文件名过长（最多 ${FILE_NAME_MAX} 个字符），请重命名后重试`,
} as const;
