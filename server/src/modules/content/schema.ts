import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { requiredRef } from '../../db/columns.ts';
import { companyColumn } from '../directory/schema/orgs.ts';
import { userIdColumn } from '../directory/schema/users.ts';

/**
 * sys_notice: notices and image notices (DESIGN.md §4 "Content").
 * status 0 draft, 2 published; companySysCode null = platform-wide.
 * noticeChannel 1 notice list, 2 home banner image, 3 index image; noticeType 1 in-app, 2 external URL.
 */
export const notices = pgTable(
  'sys_notice',
  {
    id: serial('id').primaryKey(),
    noticeSysCode: text('notice_sys_code').notNull().unique(),
    noticeTitle: text('notice_title').notNull(),
    noticeSecondTitle: text('notice_second_title').notNull().default(''),
    noticeDesc: text('notice_desc').notNull().default(''),
    /** sanitised HTML */
    noticeValue: text('notice_value').notNull().default(''),
    noticeType: integer('notice_type').notNull().default(1),
    noticeUrl: text('notice_url').notNull().default(''),
    noticeChannel: integer('notice_channel').notNull().default(1),
    /** storage key (or absolute url) of the cover / banner image */
    pcCoverUrl: text('pc_cover_url').notNull().default(''),
    status: integer('status').notNull().default(0),
    releaseTime: timestamp('release_time', { withTimezone: true }),
    pv: integer('pv').notNull().default(0),
    companySysCode: companyColumn(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** when its people were messaged: set once, at the first publication; null until then */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('notice_status_release_idx').on(t.status, t.releaseTime), index('notice_company_idx').on(t.companySysCode)],
);

/** Attachments of a notice (Enclosure: nId, enclosureName, enclosurloadUrl). */
export const noticeEnclosures = pgTable(
  'sys_notice_enclosure',
  {
    id: serial('id').primaryKey(),
    noticeId: requiredRef('notice_id', () => notices.id, 'cascade'),
    enclosureName: text('enclosure_name').notNull(),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('notice_enclosure_notice_idx').on(t.noticeId)],
);

/** Fp_link: home links; linkType 0 banner, 1 top nav, 2 middle nav, 3 job skills, 4 clubs, 5 public-benefit projects. */
export const links = pgTable(
  'fp_link',
  {
    id: serial('id').primaryKey(),
    linkCode: text('link_code').notNull().unique(),
    linkName: text('link_name').notNull(),
    linkType: integer('link_type').notNull(),
    pcBanner: text('pc_banner').notNull().default(''),
    pcLinkName: text('pc_link_name').notNull().default(''),
    pcLinkUrl: text('pc_link_url').notNull().default(''),
    pcCoverUrlPath: text('pc_cover_url_path').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 shown, 0 hidden */
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('link_type_idx').on(t.linkType, t.sortOrder)],
);

export const lecturers = pgTable('fp_lecturer', {
  id: serial('id').primaryKey(),
  lecturerCode: text('lecturer_code').notNull().unique(),
  lecturerName: text('lecturer_name').notNull(),
  lecturerTag: text('lecturer_tag').notNull().default(''),
  briefIntroduce: text('brief_introduce').notNull().default(''),
  faceUrl: text('face_url').notNull().default(''),
  profilesDetail: text('profiles_detail').notNull().default(''),
  /** JSON text: [{"name":"…","key":"…"}] intro videos (storage keys or absolute urls) */
  videos: text('videos').notNull().default('[]'),
  sortOrder: integer('sort_order').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fp_modelinfo: display models (feature tiles); clientType 1 app, 2 PC. */
export const modelInfos = pgTable('fp_modelinfo', {
  id: serial('id').primaryKey(),
  modelCode: text('model_code').notNull().unique(),
  modelName: text('model_name').notNull(),
  modelDesc: text('model_desc').notNull().default(''),
  clientType: integer('client_type').notNull().default(2),
  imageUrl: text('image_url').notNull().default(''),
  linkUrl: text('link_url').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Regulations and documents (Getguizhangzhidu); companySysCode null = platform-wide. */
export const regulationDocs = pgTable(
  'sys_regulation_doc',
  {
    id: serial('id').primaryKey(),
    docCode: text('doc_code').notNull().unique(),
    title: text('title').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileExt: text('file_ext').notNull().default(''),
    size: integer('size').notNull().default(0),
    companySysCode: companyColumn(),
    sortOrder: integer('sort_order').notNull().default(0),
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('regulation_company_idx').on(t.companySysCode)],
);

/** Site settings (footer values), one row per key. */
export const siteSettings = pgTable('sys_site_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messages = pgTable(
  'sys_message',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    templeteType: integer('templete_type').notNull().default(1),
    /** JSON text: {"pc":{"type":"tabin","value":{"path":"/…","query":{…}}}} or {"pc":{"type":"tabiout","value":"https://…"}} */
    messageUrl: text('message_url').notNull().default(''),
    isRead: integer('is_read').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('message_user_read_idx').on(t.userId, t.isRead)],
);
