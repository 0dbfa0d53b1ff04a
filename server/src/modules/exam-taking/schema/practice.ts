// Practice and the wrong-question book (issue 26 item 1, ADR 0043). Exam taking owns these
// tables; the questions are the bank's (read through exams' public surface).
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef, ts } from '../../../db/columns.ts';
import { companies, companyColumn } from '../../directory/schema/orgs.ts';
import { userIdColumn, users } from '../../directory/schema/users.ts';
import { userPapers } from './attempts.ts';

/** A practice: a question directory (1) or a paper (2) of the company opened to the participants it picks. */
export const practices = pgTable(
  'ex_practice',
  {
    id: serial('id').primaryKey(),
    practiceCode: text('practice_code').notNull().unique(),
    companySysCode: companyColumn().notNull(),
    practiceName: text('practice_name').notNull(),
    sourceKind: integer('source_kind').notNull(),
    /** the directory's dir_code or the paper's paper_code */
    sourceCode: text('source_code').notNull(),
    /** right answers in a row that take a question this practice put in the 错题本 out of it */
    clearStreak: integer('clear_streak').notNull().default(2),
    /** 1 open, 2 closed */
    status: integer('status').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('ex_practice_company_idx').on(t.companySysCode, t.status)],
);

/** The practice's picks of people, departments and posts (the participant model of exams, ADR 0007). */
export const practiceParticipants = pgTable(
  'ex_practiceparticipant',
  {
    practiceId: requiredRef('practice_id', () => practices.id, 'cascade'),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.kind, t.refId] })],
);

/** A learner's last answer to each question of a practice (resuming; Restart deletes them). */
export const practiceAnswers = pgTable(
  'ex_practiceanswer',
  {
    practiceId: requiredRef('practice_id', () => practices.id, 'cascade'),
    userId: userIdColumn(),
    qCode: text('q_code').notNull(),
    answer: text('answer').notNull(),
    /** 1 right, 0 wrong, null: the key was hidden when answered (not told, not marked) */
    isRight: integer('is_right'),
    answeredAt: ts('answered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.userId, t.qCode] })],
);

/** The 错题本: a learner's wrong questions, one row per question and source (a practice or an exam). */
export const wrongBook = pgTable(
  'ex_wrongbook',
  {
    id: serial('id').primaryKey(),
    userId: userIdColumn(),
    companySysCode: text('company_sys_code')
      .notNull()
      .references(() => companies.companySysCode, { onDelete: 'cascade' }),
    qCode: text('q_code').notNull(),
    /** practice | exam */
    sourceKind: text('source_kind').notNull(),
    /** the practice's or the exam's code, and its name when the question went in */
    sourceCode: text('source_code').notNull(),
    sourceName: text('source_name').notNull(),
    /** the learner's last answer (stored form: letters, or a JSON array for fill-in) */
    lastAnswer: text('last_answer').notNull().default(''),
    rightStreak: integer('right_streak').notNull().default(0),
    clearStreak: integer('clear_streak').notNull().default(2),
    addedAt: ts('added_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('ex_wrongbook_entry_uq').on(t.userId, t.sourceKind, t.sourceCode, t.qCode),
    index('ex_wrongbook_user_q_idx').on(t.userId, t.qCode),
  ],
);

/** Submitted attempts whose wrong questions went into the 错题本 (each once, when its answers may be shown). */
export const wrongBookAttempts = pgTable('ex_wrongbook_attempt', {
  userpaperId: integer('userpaper_id')
    .primaryKey()
    .references(() => userPapers.id, { onDelete: 'cascade' }),
  takenAt: ts('taken_at').notNull(),
  /** wrong questions held back while the learner can still answer them elsewhere (issue 38 item 2); added once free */
  held: text('held').array().notNull().default([]),
});
