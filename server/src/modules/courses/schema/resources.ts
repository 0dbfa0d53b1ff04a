// Training resources and media (issue 11). See docs/adr/0037-resources-audit-and-media.md.
import { bigint, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { requiredRef, ts } from '../../../db/columns.ts';
import { companyColumn } from '../../directory/schema/orgs.ts';
import { users } from '../../directory/schema/users.ts';

/**
 * Resource directories. companySysCode null = a platform directory every company sees. dNo is a
 * unique number assigned on create; dpNo is the parent's dNo ('00' = top level).
 */
export const resDirs = pgTable(
  'train_resdir',
  {
    id: serial('id').primaryKey(),
    dCode: text('d_code').notNull().unique(),
    dName: text('d_name').notNull(),
    dNo: text('d_no').notNull().unique(),
    dpNo: text('dp_no').notNull().default('00'),
    companySysCode: companyColumn(),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('train_resdir_parent_idx').on(t.dpNo, t.sort)],
);

/** One lesson (课时) of a video / audio course: its media and that media's duration (ADR 0022). */
export interface StoredLesson {
  title: string;
  mediaId: string;
  duration: number;
}

/** What learners see of an approved version (kept while an edit waits for audit). */
export interface LiveVersion {
  resName: string;
  introduce: string;
  cover: string;
  lecturerCode: string;
  resType: number;
  content: string;
  mediaId: string;
  duration: number;
  creditHours: number;
  /** the lessons in order; absent or empty = the single mediaId (versions approved before ADR 0022) */
  lessons?: StoredLesson[];
}

/**
 * A training resource. companySysCode null = platform-wide. `live` holds the approved version
 * learners see; null = learners see nothing. Deleting sets deletedAt (study records stay).
 */
export const resources = pgTable(
  'train_res',
  {
    id: serial('id').primaryKey(),
    resCode: text('res_code').notNull().unique(),
    companySysCode: companyColumn(),
    dCode: text('d_code').notNull(),
    resName: text('res_name').notNull(),
    introduce: text('introduce').notNull().default(''),
    cover: text('cover').notNull().default(''),
    lecturerCode: text('lecturer_code').notNull().default(''),
    resType: integer('res_type').notNull(),
    content: text('content').notNull().default(''),
    mediaId: text('media_id').notNull().default(''),
    /** video / audio: the lessons in order (mediaId = the first's, duration = their sum); [] = the single mediaId */
    lessons: jsonb('lessons').$type<StoredLesson[]>().notNull().default([]),
    creditHours: numeric('credit_hours', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    duration: integer('duration').notNull().default(0),
    isPrivate: integer('is_private').notNull().default(0),
    /** the study page's watermark (ADR 0058): 0 = as the viewer's company says, 1 = always, 2 = never */
    watermark: integer('watermark').notNull().default(0),
    recommendCate: integer('recommend_cate').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    viewCnt: integer('view_cnt').notNull().default(0),
    auditStatus: integer('audit_status').notNull().default(0),
    live: jsonb('live').$type<LiveVersion | null>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('train_res_dir_idx').on(t.dCode, t.sort), index('train_res_company_idx').on(t.companySysCode, t.auditStatus)],
);

/** Every audit action on a resource: who, when, from → to, comment. */
export const resAudits = pgTable(
  'train_res_audit',
  {
    id: serial('id').primaryKey(),
    resId: requiredRef('res_id', () => resources.id, 'cascade'),
    action: text('action').notNull(),
    fromStatus: integer('from_status').notNull(),
    toStatus: integer('to_status').notNull(),
    comment: text('comment').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('train_res_audit_res_idx').on(t.resId, t.id)],
);

export interface Rendition {
  /** FD / LD / SD / OD */
  quality: string;
  /** storage key of the rendition's playlist (HLS) or the file itself */
  key: string;
  height: number;
  format: 'hls' | 'file';
}

/**
 * An uploaded media file (mediaId) and what the media job made of it. status: MediaStatus.
 */
export const media = pgTable(
  'train_media',
  {
    id: serial('id').primaryKey(),
    mediaCode: text('media_code').notNull().unique(),
    companySysCode: companyColumn(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** video / audio / document */
    kind: text('kind').notNull(),
    sourceKey: text('source_key').notNull(),
    ext: text('ext').notNull(),
    mime: text('mime').notNull(),
    originalName: text('original_name').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    duration: integer('duration').notNull().default(0),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    status: text('status').notNull().default('uploaded'),
    progress: integer('progress').notNull().default(0),
    /** the administrator's short Chinese reason of a failure (or a note, e.g. no ffmpeg here) */
    error: text('error').notNull().default(''),
    /** the tool's own last lines behind that reason (admin 详情 only, never shown to learners) */
    errorDetail: text('error_detail').notNull().default(''),
    renditions: jsonb('renditions').$type<Rendition[]>().notNull().default([]),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('train_media_owner_idx').on(t.ownerUserId)],
);
