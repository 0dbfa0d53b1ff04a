// Study tracking (issue 13). See docs/adr/0017-study-tracking.md.
import { date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../../directory/schema/orgs.ts';
import { users } from '../../directory/schema/users.ts';
import { resources } from './resources.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const resRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => resources.id, { onDelete: 'cascade' });

/** A learner's standing on one resource: credited seconds (never more than the media allows), resume position, completion. */
export const resStudies = pgTable(
  'res_study',
  {
    userId: userRef('user_id'),
    resId: resRef('res_id'),
    /** the learner's company when they studied (for company-wide figures) */
    companySysCode: text('company_sys_code'),
    creditedSeconds: integer('credited_seconds').notNull().default(0),
    lastPosition: integer('last_position').notNull().default(0),
    /** the lesson lastPosition is in (ADR 0022; 0 = the first, or the only media) */
    lastLesson: integer('last_lesson').notNull().default(0),
    completedAt: ts('completed_at'),
    firstStudyAt: ts('first_study_at').notNull(),
    lastStudyAt: ts('last_study_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resId] }),
    index('res_study_res_idx').on(t.resId),
    index('res_study_company_idx').on(t.companySysCode),
  ],
);

/** Credited seconds per learner, resource and calendar day (Asia/Shanghai): the calendar, rankings and project hours. */
export const resStudyDays = pgTable(
  'res_study_day',
  {
    userId: userRef('user_id'),
    resId: resRef('res_id'),
    day: date('day', { mode: 'string' }).notNull(),
    companySysCode: text('company_sys_code'),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.resId, t.day] }), index('res_study_day_day_idx').on(t.day, t.companySysCode)],
);

/**
 * The one active viewing session of a learner (a second tab or device replaces it). lastBeatAt is
 * the server time of the last accepted heartbeat; credit is measured from it.
 */
export const resViewSessions = pgTable('res_view_session', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  guid: text('guid').notNull(),
  resId: resRef('res_id'),
  speed: numeric('speed', { precision: 4, scale: 2, mode: 'number' }).notNull().default(1),
  position: integer('position').notNull().default(0),
  startedAt: ts('started_at').notNull(),
  lastBeatAt: ts('last_beat_at').notNull(),
  /** guids this learner used before (a replayed old guid earns nothing) — kept short, newest last */
  replacedGuid: text('replaced_guid').notNull().default(''),
  /** server time of the learner's last activity the beats reported (ADR 0058); null = the session's start */
  activeAt: ts('active_at'),
  /** the number a waiting presence check asks to tap (ADR 0058); null = none waits. Nothing is credited while one waits */
  checkCode: integer('check_code'),
  /** when the next random presence check falls due (ADR 0058; only when the company turned them on) */
  checkAt: ts('check_at'),
});

/** A company's study guard (ADR 0058): anti-idle minutes (0 = off), random presence checks, the watermark. No row = the defaults. */
export const studySettings = pgTable('course_study_setting', {
  companySysCode: text('company_sys_code')
    .primaryKey()
    .references(() => companies.companySysCode, { onDelete: 'cascade' }),
  idleMinutes: integer('idle_minutes').notNull().default(10),
  randomCheck: integer('random_check').notNull().default(0),
  watermark: integer('watermark').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

/** A learner's notes on a resource, at a position in seconds. */
export const resNotes = pgTable(
  'res_note',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    resId: resRef('res_id'),
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('res_note_user_res_idx').on(t.userId, t.resId)],
);

/** Favourites (Collect toggles). */
export const resCollects = pgTable(
  'res_collect',
  { userId: userRef('user_id'), resId: resRef('res_id'), createdAt: ts('created_at').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.resId] })],
);

/** Likes (SetThumbsup, once per user). */
export const resThumbsups = pgTable(
  'res_thumbsup',
  { userId: userRef('user_id'), resId: resRef('res_id'), createdAt: ts('created_at').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.resId] }), index('res_thumbsup_res_idx').on(t.resId)],
);
