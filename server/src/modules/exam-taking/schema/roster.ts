// Who is assigned to an exam and their standing in it (status, attempts, best score): exam
// taking's, with the attempts (ADR 0052). Assigned at publish from the exam's picks (exams').
import { index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { requiredRef, ts } from '../../../db/columns.ts';
import { userIdColumn } from '../../directory/schema/users.ts';
import { exams } from '../../exams/schema.ts';

const score = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });
/** The people an exam is assigned to, resolved from the selection at publish and for people who join later. */
export const examUsers = pgTable(
  'ex_examuser',
  {
    examId: requiredRef('exam_id', () => exams.id, 'cascade'),
    userId: userIdColumn(),
    /** spec §4: 0/10 not started, 20 in progress, 30 done */
    status: integer('status').notNull().default(0),
    /** the highest score so far (spec: the highest score counts) */
    score: score('score'),
    attempts: integer('attempts').notNull().default(0),
    /** how the person came in: user | org | post */
    source: text('source').notNull().default('user'),
    /** set when the exam message was sent (migration 0007_exam_notify) */
    notifiedAt: ts('notified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] }), index('ex_examuser_user_idx').on(t.userId)],
);
