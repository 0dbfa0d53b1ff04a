// Portal content and messages: notices, links, lecturers, display models, regulations documents,
// site settings, messages (spec portal-and-learner §2, §3, §7; DESIGN.md §4 "Content", "Messages").
import { z } from 'zod';
import { CONTACT_PHONE_MSG, CONTACT_PHONE_PATTERN, EMAIL_MSG, EMAIL_PATTERN } from '../../limits.ts';
import { DB_INT_MAX, DB_INT_MIN, pagingShape } from '../../shared/common.schemas.ts';

export const NoticeStatus = { Draft: 0, Published: 2 } as const;
/** Links, lecturers, display models and regulations documents: 1 shown, 0 hidden. */
export const ShowStatus = { Hidden: 0, Shown: 1 } as const;
/** A message's isRead: 0 unread, 1 read. */
export const ReadStatus = { Unread: 0, Read: 1 } as const;
export const NoticeType = { InApp: 1, External: 2 } as const;
/** 1 notice list, 2 home banner image notice, 3 index image notice */
export const NoticeChannel = { Notice: 1, Banner: 2, IndexImage: 3 } as const;
export const NOTICE_CHANNEL_LABELS: Record<number, string> = { 1: '通知公告', 2: '首页轮播图', 3: '首页图片公告' };
export const LINK_TYPE_LABELS: Record<number, string> = {
  0: '轮播图',
  1: '顶部导航',
  2: '中部导航',
  3: '职业技能',
  4: '社团',
  5: '公益项目',
};
export const LINK_TYPES = [0, 1, 2, 3, 4, 5] as const;
export const MODEL_CLIENT_PC = 2;
/** spec: home message list defaults */
export const MESSAGE_DEFAULT_SEARCH = { isRead: '0', templeteType: '1' } as const;
export const HOT_RES_TOP = 10;
export const RANKING_LIMIT = 5;
export const DEFAULT_DIR_NO = '00';

export const ContentLimits = {
  titleMax: 100,
  secondTitleMax: 500,
  descMax: 500,
  htmlMax: 200_000,
  urlMax: 500,
  nameMax: 50,
  /** a display model's description, a site setting */
  shortTextMax: 200,
  /** a lecturer's detailed introduction */
  detailMax: 20_000,
  /** a message's text (its title: titleMax) */
  messageMax: 2000,
  attachmentsMax: 10,
  imageMaxBytes: 5 * 1024 * 1024,
  documentMaxBytes: 20 * 1024 * 1024,
  videoMaxBytes: 200 * 1024 * 1024,
} as const;

export const ContentMsg = {
  titleRequired: '请输入公告标题',
  titleTooLong: `公告标题不能超过${ContentLimits.titleMax}个字符`,
  urlRequired: '请输入外部链接地址',
  urlFormat: '请输入以 http:// 或 https:// 开头的链接地址',
  noticeNotFound: '公告不存在或已下线',
  imageType: '请上传图片文件！格式：jpg,png,gif,webp',
  imageSize: `图片大小不能超过 ${ContentLimits.imageMaxBytes / 1024 / 1024}MB!`,
  documentType: '仅支持 pdf、doc(x)、xls(x)、ppt(x)、zip、txt、jpg、png 文件',
  documentSize: `附件大小不能超过 ${ContentLimits.documentMaxBytes / 1024 / 1024}MB!`,
  videoType: '仅支持 mp4、mov、webm 视频',
  videoSize: `视频大小不能超过 ${ContentLimits.videoMaxBytes / 1024 / 1024}MB!`,
  companyDenied: '只能管理本公司的内容',
  linkNameRequired: '请输入链接名称',
  lecturerNameRequired: '请输入讲师姓名',
  modelNameRequired: '请输入模块名称',
  docTitleRequired: '请输入文件名称',
  docFileRequired: '请上传文件',
  messageTitleRequired: '请输入消息标题',
  receiversRequired: '请选择接收人',
  noReceivers: '所选部门和岗位下没有可接收消息的人员',
  published: '发布成功',
  unpublished: '已取消发布',
  sent: '发送成功',
  codeRequired: '缺少编号',
  noticeCodeRequired: '缺少公告编号',
  /** the message a company's people get when a notice is first published */
  noticeMessageTitle: (title: string) => `新公告：${title}`,
  noticeMessageContent: '单位发布了新的公告，请及时查看。',
} as const;

const trimmed = (max: number, msg?: string) => z.string().trim().max(max, msg);
/**
 * An http(s) URL or a path of this site: no javascript: and friends, and no `//host` or `/\\host`
 * (browsers read `\\` as `/`: both leave the site). The one link rule of the server (issue 38).
 */
export const SITE_OR_HTTP_URL = /^(https?:\/\/|\/(?![/\\]))/i;
/** http(s) links or in-site paths only */
export const safeUrl = z
  .string()
  .trim()
  .max(ContentLimits.urlMax)
  .refine((v) => v === '' || SITE_OR_HTTP_URL.test(v), ContentMsg.urlFormat);
const intFlag = (values: readonly number[], fallback: number) =>
  z.coerce
    .number()
    .int()
    .refine((v) => values.includes(v), '取值无效')
    .default(fallback);

// ---------- notices ----------

export const noticeSysCodeInput = z.object({ noticeSysCode: z.string().trim().min(1, '缺少公告编号').max(64) });

export const noticePageInput = z.object({
  ...pagingShape,
  search: z.object({ keyword: z.string().trim().max(100).default('') }).prefault({}),
  sortField: z.string().max(40).optional(),
  sortType: z.string().max(10).optional(),
});

export const noticeTopInput = z.object({ top: z.coerce.number().int().min(1).max(50).default(6) });

export const noticeAdminPageInput = z.object({
  ...pagingShape,
  search: z
    .object({
      keyword: z.string().trim().max(100).default(''),
      status: z.union([z.literal(''), z.coerce.number().int()]).default(''),
      noticeChannel: z.union([z.literal(''), z.coerce.number().int()]).default(''),
      companySysCode: z.string().max(64).default(''),
    })
    .prefault({}),
});

export const enclosureInput = z.object({
  enclosureName: trimmed(200).min(1),
  fileKey: z.string().max(300),
  size: z.coerce.number().int().min(0).default(0),
});

export const noticeSaveInput = z
  .object({
    noticeSysCode: z.string().max(64).optional(),
    noticeTitle: z
      .string({ error: ContentMsg.titleRequired })
      .trim()
      .min(1, ContentMsg.titleRequired)
      .max(ContentLimits.titleMax, ContentMsg.titleTooLong),
    noticeSecondTitle: trimmed(ContentLimits.secondTitleMax).default(''),
    noticeDesc: trimmed(ContentLimits.descMax).default(''),
    noticeValue: z.string().max(ContentLimits.htmlMax, '公告内容过长').default(''),
    noticeType: intFlag([1, 2], 1),
    noticeUrl: safeUrl.default(''),
    noticeChannel: intFlag([1, 2, 3], 1),
    pcCoverUrl: z.string().max(ContentLimits.urlMax).default(''),
    /** '' or null = platform-wide */
    companySysCode: z.string().max(64).nullable().default(null),
    releaseTime: z.string().max(30).default(''),
    sortOrder: z.coerce.number().int().min(0).max(99999).default(0),
    enclosures: z.array(enclosureInput).max(ContentLimits.attachmentsMax, `附件最多${ContentLimits.attachmentsMax}个`).default([]),
    /** save and publish in one step */
    publish: z.boolean().default(false),
  })
  .refine((v) => v.noticeType !== 2 || v.noticeUrl !== '', { message: ContentMsg.urlRequired, path: ['noticeUrl'] });
export type NoticeSaveInput = z.input<typeof noticeSaveInput>;

/** UpdateNotice: the same fields, with the notice's code required */
export const noticeUpdateInput = noticeSaveInput.refine((v) => !!v.noticeSysCode, {
  message: ContentMsg.noticeCodeRequired,
  path: ['noticeSysCode'],
});

/** UploadContentFile (multipart, `kind` in the query): image / document (attachment) / video */
export const contentUploadInput = z.object({ kind: z.enum(['image', 'document', 'video']).default('image') });
export type ContentUploadKind = z.output<typeof contentUploadInput>['kind'];
export interface UploadedContentFile {
  key: string;
  url: string;
  name: string;
  size: number;
  mime: string;
}

export const noticePublishInput = noticeSysCodeInput.extend({ status: intFlag([0, 2], 2) });

export interface NoticeEnclosure {
  nId: number;
  enclosureName: string;
  enclosurloadUrl: string;
  fileKey: string;
  size: number;
}

/** A notice as lists and the viewer show it. */
export interface NoticeItem {
  noticeSysCode: string;
  noticeTitle: string;
  noticeSecondTitle: string;
  noticeDesc: string;
  status: number;
  releaseTime: string;
  releaseYear: string;
  releaseMonth: string;
  releaseDay: string;
  pv: number;
  companySysCode: string;
  noticeChannel: number;
  noticeType: number;
  noticeUrl: string;
  pcCoverUrl: string;
  pcLinkUrl: string;
  pcBanner: string;
}

export interface NoticeDetail extends NoticeItem {
  noticeValue: string;
  enclosure: NoticeEnclosure[];
}

export interface NoticeAdminItem extends NoticeItem {
  companyName: string;
  pcCoverKey: string;
  sortOrder: number;
  updateTime: string;
}

// ---------- links, lecturers, models ----------

export const linkTypeInput = z.object({ linkType: z.union([z.literal(''), z.coerce.number().int().min(0).max(5)]).default('') });

/** What every portal item's editor saves besides its fields: its place in the list and whether it shows (1). */
const orderAndStatus = {
  sortOrder: z.coerce.number().int().min(0).max(99999).default(0),
  status: intFlag([0, 1], 1),
};

export const linkSaveInput = z.object({
  linkCode: z.string().max(64).optional(),
  linkName: z.string({ error: ContentMsg.linkNameRequired }).trim().min(1, ContentMsg.linkNameRequired).max(ContentLimits.nameMax),
  linkType: intFlag(LINK_TYPES, 1),
  pcBanner: z.string().max(ContentLimits.urlMax).default(''),
  pcLinkName: trimmed(ContentLimits.nameMax).default(''),
  pcLinkUrl: safeUrl.default(''),
  pcCoverUrlPath: z.string().max(ContentLimits.urlMax).default(''),
  ...orderAndStatus,
});

export interface LinkItem {
  linkCode: string;
  linkName: string;
  linkType: number;
  pcBanner: string;
  pcLinkName: string;
  pcLinkUrl: string;
  pcCoverUrlPath: string;
  sortOrder: number;
  status: number;
  pcBannerKey: string;
  pcCoverKey: string;
}

export const lecturerCodeInput = z.object({ lecturerCode: z.string().trim().min(1).max(64) });

export const lecturerSaveInput = z.object({
  lecturerCode: z.string().max(64).optional(),
  lecturerName: z
    .string({ error: ContentMsg.lecturerNameRequired })
    .trim()
    .min(1, ContentMsg.lecturerNameRequired)
    .max(ContentLimits.nameMax),
  lecturerTag: trimmed(ContentLimits.nameMax).default(''),
  briefIntroduce: trimmed(ContentLimits.descMax).default(''),
  faceUrl: z.string().max(ContentLimits.urlMax).default(''),
  profilesDetail: z.string().max(ContentLimits.detailMax).default(''),
  videos: z
    .array(z.object({ name: trimmed(100).default(''), key: z.string().max(ContentLimits.urlMax) }))
    .max(10)
    .default([]),
  ...orderAndStatus,
});

export interface LecturerItem {
  lecturerCode: string;
  lecturerName: string;
  lecturerTag: string;
  briefIntroduce: string;
  faceUrl: string;
}
export interface LecturerDetail extends LecturerItem {
  profilesDetail: string;
  /** item1 label, item2 video url */
  playList: { item1: string; item2: string }[];
}
export interface LecturerAdminItem extends LecturerDetail {
  faceKey: string;
  videos: { name: string; key: string; url: string }[];
  sortOrder: number;
  status: number;
}

export const modelListInput = z.object({
  clientType: z.union([z.literal(''), z.coerce.number().int().min(DB_INT_MIN).max(DB_INT_MAX)]).default(MODEL_CLIENT_PC),
});

export const modelSaveInput = z.object({
  modelCode: z.string().max(64).optional(),
  modelName: z.string({ error: ContentMsg.modelNameRequired }).trim().min(1, ContentMsg.modelNameRequired).max(ContentLimits.nameMax),
  modelDesc: trimmed(ContentLimits.shortTextMax).default(''),
  clientType: intFlag([1, 2], 2),
  imageUrl: z.string().max(ContentLimits.urlMax).default(''),
  linkUrl: safeUrl.default(''),
  ...orderAndStatus,
});

export interface ModelItem {
  modelCode: string;
  modelName: string;
  modelDesc: string;
  clientType: number;
  imageUrl: string;
  imageKey: string;
  linkUrl: string;
  sortOrder: number;
  status: number;
}

// ---------- regulations ----------

export const regulationListInput = z.object({ keyword: z.string().trim().max(100).default('') });

export const regulationSaveInput = z.object({
  docCode: z.string().max(64).optional(),
  title: z.string({ error: ContentMsg.docTitleRequired }).trim().min(1, ContentMsg.docTitleRequired).max(ContentLimits.titleMax),
  fileKey: z.string({ error: ContentMsg.docFileRequired }).min(1, ContentMsg.docFileRequired).max(300),
  fileName: trimmed(200).min(1, ContentMsg.docFileRequired),
  size: z.coerce.number().int().min(0).default(0),
  companySysCode: z.string().max(64).nullable().default(null),
  ...orderAndStatus,
});

/** icon by type: pdf, ppt, xls, doc, other */
export type RegulationFileType = 'pdf' | 'ppt' | 'xls' | 'doc' | 'other';
export function regulationFileType(fileName: string): RegulationFileType {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'ppt' || ext === 'pptx') return 'ppt';
  if (ext === 'xls' || ext === 'xlsx' || ext === 'csv') return 'xls';
  if (ext === 'doc' || ext === 'docx') return 'doc';
  return 'other';
}

export interface RegulationItem {
  docCode: string;
  title: string;
  fileName: string;
  fileType: RegulationFileType;
  fileUrl: string;
  fileKey: string;
  size: number;
  companySysCode: string;
  companyName: string;
  sortOrder: number;
  status: number;
  createTime: string;
}

// ---------- site settings ----------

export const SITE_SETTING_KEYS = [
  'siteName',
  'supportEmail',
  'contactPhone',
  'workingHours',
  'address',
  'aboutUrl',
  'legalUrl',
  'copyright',
  'filingNumber',
  'companyName',
  'appDownloadUrl',
] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];
export type SiteSettings = Record<SiteSettingKey, string>;
export const SITE_SETTING_LABELS: Record<SiteSettingKey, string> = {
  siteName: '站点名称',
  supportEmail: '客服邮箱',
  contactPhone: '联系电话',
  workingHours: '工作时间',
  address: '联系地址',
  aboutUrl: '关于我们链接',
  legalUrl: '法律声明链接',
  copyright: '版权信息',
  filingNumber: '备案号',
  companyName: '公司名称',
  appDownloadUrl: 'App 下载链接',
};
/** empty, or matching the pattern */
const optionalPattern = (pattern: RegExp, msg: string) =>
  trimmed(ContentLimits.shortTextMax)
    .refine((v) => v === '' || pattern.test(v), msg)
    .default('');
export const siteSettingsInput = z.object({
  ...(Object.fromEntries(
    SITE_SETTING_KEYS.map((k) => [k, k.endsWith('Url') ? safeUrl.default('') : trimmed(ContentLimits.shortTextMax).default('')]),
  ) as Record<SiteSettingKey, z.ZodDefault<z.ZodString>>),
  supportEmail: optionalPattern(EMAIL_PATTERN, EMAIL_MSG),
  contactPhone: optionalPattern(CONTACT_PHONE_PATTERN, CONTACT_PHONE_MSG),
});

// ---------- messages ----------

const readFlag = z.union([z.literal(''), z.enum(['0', '1'])]);
export const messagePageInput = z.object({
  ...pagingShape,
  search: z
    .object({
      isRead: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), readFlag).default(MESSAGE_DEFAULT_SEARCH.isRead),
      templeteType: z
        .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(4))
        .default(MESSAGE_DEFAULT_SEARCH.templeteType),
      keyword: z.string().trim().max(100).default(''),
    })
    .prefault({}),
});

export const messageIdInput = z.object({ id: z.coerce.number().int().min(1, '缺少消息编号').max(DB_INT_MAX, '缺少消息编号') });

const receiverIds = z.array(z.coerce.number().int().min(1)).max(5000).default([]);
/** Receivers as the participant dialog picks them: people, whole departments (with their sub-departments) and posts. */
export const messageSendInput = z
  .object({
    userIds: receiverIds,
    orgIds: receiverIds,
    postIds: receiverIds,
    title: z.string({ error: ContentMsg.messageTitleRequired }).trim().min(1, ContentMsg.messageTitleRequired).max(ContentLimits.titleMax),
    content: trimmed(ContentLimits.messageMax).default(''),
    templeteType: z.coerce.number().int().min(1).max(9).default(1),
    /** in-app path (tabin) or external http(s) link (tabiout); empty for none */
    link: safeUrl.default(''),
  })
  .refine((v) => v.userIds.length + v.orgIds.length + v.postIds.length > 0, {
    message: ContentMsg.receiversRequired,
    path: ['userIds'],
  });

export const receiverSearchInput = z.object({ keyword: z.string().trim().max(50).default(''), ...pagingShape });

export interface MessageLinkTabIn {
  pc: { type: 'tabin'; value: { path: string; query?: Record<string, string> } };
}
export interface MessageLinkTabOut {
  pc: { type: 'tabiout'; value: string };
}
export type MessageLink = MessageLinkTabIn | MessageLinkTabOut;

export interface MessageItem {
  id: number;
  title: string;
  content: string;
  templeteType: number;
  messageUrl: string;
  isRead: number;
  createTime: string;
  readTime: string;
}

export interface ReceiverItem {
  userId: number;
  accountCode: string;
  chnName: string;
  companyName: string;
  orgName: string;
}

/** DelLinkData / DelModelInfoData / DelRegulationData: the object's code */
const contentCode = z.string().trim().min(1, ContentMsg.codeRequired).max(64);
export const linkCodeInput = z.object({ linkCode: contentCode });
export const modelCodeInput = z.object({ modelCode: contentCode });
export const docCodeInput = z.object({ docCode: contentCode });
