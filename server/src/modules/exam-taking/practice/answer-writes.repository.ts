import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { practiceAnswers, wrongBook } from '../schema/practice.ts';
import type { WrongRow } from './practice.repository.ts';

// The writes of practice answers and of the 错题本 for many learners at once (issue 39 item 1: a
// company practising at once wrote each answer in a transaction of its own, five statements
// holding the embedded database's one connection). Each function is one statement whatever the
// number of rows; the learner's own rows only (the service found each practice in scope). The
// callers keep one row per key in a call (the group commit's key), as ON CONFLICT needs.

export type WrongInsert = typeof wrongBook.$inferInsert;

export interface AnswerRow {
  practiceId: number;
  userId: number;
  qCode: string;
  answer: string;
  isRight: number | null;
  answeredAt: Date;
}

/** Each learner's answer to each question, stored or replaced. */
export async function saveAnswers(db: DbOrTx, rows: AnswerRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(practiceAnswers)
    .values(rows)
    .onConflictDoUpdate({
      target: [practiceAnswers.practiceId, practiceAnswers.userId, practiceAnswers.qCode],
      set: { answer: sql`excluded.answer`, isRight: sql`excluded.is_right`, answeredAt: sql`excluded.answered_at` },
    });
}

/** The 错题本 entries of each (learner, question), every source, locked, in id order. */
export async function wrongOfQuestions(db: DbOrTx, pairs: { userId: number; qCode: string }[]): Promise<WrongRow[]> {
  if (!pairs.length) return [];
  return db
    .select()
    .from(wrongBook)
    .where(
      sql`(${wrongBook.userId}, ${wrongBook.qCode}) in (${sql.join(
        pairs.map((p) => sql`(${p.userId}::integer, ${p.qCode}::text)`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(wrongBook.id))
    .for('update');
}

/** Entries put in (or, already there, their streak back to 0 with the last answer). */
export async function upsertWrongs(db: DbOrTx, rows: WrongInsert[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(wrongBook)
    .values(rows)
    .onConflictDoUpdate({
      target: [wrongBook.userId, wrongBook.sourceKind, wrongBook.sourceCode, wrongBook.qCode],
      set: { lastAnswer: sql`excluded.last_answer`, rightStreak: 0, updatedAt: sql`excluded.updated_at` },
    });
}

export interface WrongUpdate {
  id: number;
  lastAnswer: string;
  rightStreak: number;
  updatedAt: Date;
}

/** Each entry's last answer and streak (ids of entries the caller read locked). */
export async function updateWrongs(db: DbOrTx, rows: WrongUpdate[]): Promise<void> {
  if (!rows.length) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::integer, ${r.lastAnswer}::text, ${r.rightStreak}::integer, ${r.updatedAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${wrongBook} set last_answer = v.last_answer, right_streak = v.right_streak, updated_at = v.updated_at
    from (values ${values}) as v(id, last_answer, right_streak, updated_at)
    where ${wrongBook.id} = v.id`);
}

/** Entries taken out (ids of entries the caller read locked). */
export async function deleteWrongs(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(wrongBook).where(inArray(wrongBook.id, ids));
}
