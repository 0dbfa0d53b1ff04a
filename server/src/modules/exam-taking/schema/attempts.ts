// The attempts (ADR 0049): exam taking begins, saves, submits, marks and reports them. See
// docs/adr/0007-exam-snapshots-and-participants.md for why attempts copy their questions.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef, ts } from '../../../db/columns.ts';
import { companyColumn } from '../../directory/schema/orgs.ts';
import { userIdColumn, users } from '../../directory/schema/users.ts';
import { exams } from '../../exams/schema.ts';

const score = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });
/**
 * An attempt (spec "user paper"; its id is the userpaperId). Exam taking's table (ADR 0049), as are
 * its leaves and question copies below; it lives beside the exams it references.
 */
export const userPapers = pgTable(
  'ex_userpaper',
  {
    id: serial('id').primaryKey(),
    examId: requiredRef('exam_id', () => exams.id, 'restrict'),
    userId: userIdColumn(),
    companySysCode: companyColumn().notNull(),
    attemptNo: integer('attempt_no').notNull(),
    /** 20 in progress, 30 submitted */
    status: integer('status').notNull().default(20),
    /** the seed random papers and shuffles were drawn with */
    seed: integer('seed').notNull(),
    startTime: ts('start_time').notNull(),
    deadline: ts('deadline').notNull(),
    endTime: ts('end_time'),
    score: score('score'),
    isPass: integer('is_pass').notNull().default(0),
    delayMarkingPapers: integer('delay_marking_papers').notNull().default(0),
    /** 1: the deadline submitted it (job or on-read closing), not the learner (0011) */
    autoSubmitted: integer('auto_submitted').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** the page (random id per page load) that last opened or took over the open attempt; null: none sent one (0033) */
    holder: text('holder'),
    /** leaves of the exam page the server counted (0041) */
    leaveCount: integer('leave_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ex_userpaper_attempt_uq').on(t.examId, t.userId, t.attemptNo),
    // at most one open attempt per learner and exam, whatever races begin
    uniqueIndex('ex_userpaper_open_uq').on(t.examId, t.userId).where(sql`status = 20`),
    index('ex_userpaper_deadline_idx').on(t.status, t.deadline),
    index('ex_userpaper_exam_idx').on(t.examId, t.status),
    index('ex_userpaper_user_idx').on(t.userId, t.examId),
  ],
);

/** Each leave of the exam page an attempt's page reported, once per client event id (0041). */
export const userPaperLeaves = pgTable(
  'ex_userpaper_leave',
  {
    userpaperId: requiredRef('userpaper_id', () => userPapers.id, 'cascade'),
    eventId: text('event_id').notNull(),
    /** hidden | blur | fullscreen */
    kind: text('kind').notNull(),
    /** the page's clock when it happened */
    leftAt: ts('left_at').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userpaperId, t.eventId] })],
);

/** The attempt's own copy of each question (drawn and frozen at begin), with the learner's answer and marking. */
export const userPaperQuestions = pgTable(
  'ex_userpaperquestion',
  {
    userpaperId: requiredRef('userpaper_id', () => userPapers.id, 'cascade'),
    qCode: text('q_code').notNull(),
    qVersion: integer('q_version').notNull(),
    sortOrder: integer('sort_order').notNull(),
    qType: integer('q_type').notNull(),
    qName: text('q_name').notNull(),
    /** the paper's options A–I (0040: in the paper's order; option_order says how this attempt shows them) */
    options: text('options').notNull().default('[]'),
    /** the key in the paper's letters (0040; before it, in the attempt's letters when shuffled) */
    answer: text('answer').notNull(),
    analysis: text('analysis').notNull().default(''),
    difficulty: integer('difficulty').notNull().default(3),
    score: score('score').notNull(),
    answerStr: text('answer_str'),
    /** the client's save sequence number (0029: bigint, as the contract allows up to 2^53 − 1) */
    answerSeq: bigint('answer_seq', { mode: 'number' }).notNull().default(0),
    scoreGot: score('score_got'),
    isPass: integer('is_pass').notNull().default(0),
    marked: integer('marked').notNull().default(0),
    comment: text('comment').notNull().default(''),
    /** exam taking (0011): marked for review by the learner; who marked a short answer and when */
    flagged: integer('flagged').notNull().default(0),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: ts('marked_at'),
    /** 0040: the position this attempt shows the question at (null: sort_order) */
    showOrder: integer('show_order'),
    /** 0040: the paper's option indices in the order this attempt shows them, comma-joined ('' = the paper's) */
    optionOrder: text('option_order').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userpaperId, t.qCode] })],
);
