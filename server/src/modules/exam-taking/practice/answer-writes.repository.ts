import { asc, inArray, sql } from 'drizzle-orm';
import { arrayParam } from '../../../db/array-param.ts';
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

const column = arrayParam;

/** Each learner's answer to each question, stored or replaced. */
export async function saveAnswers(db: DbOrTx, rows: AnswerRow[]): Promise<void> {
  if (!rows.length) return;
  const of = <K extends keyof AnswerRow>(k: K) => rows.map((r) => r[k]);
  await db.execute(sql`
    insert into ${practiceAnswers} (practice_id, user_id, q_code, answer, is_right, answered_at)
    select * from unnest(
      ${column(of('practiceId'), 'integer')}, ${column(of('userId'), 'integer')}, ${column(of('qCode'), 'text')},
      ${column(of('answer'), 'text')}, ${column(of('isRight'), 'integer')}, ${column(of('answeredAt'), 'timestamptz')})
    on conflict (practice_id, user_id, q_code)
    do update set answer = excluded.answer, is_right = excluded.is_right, answered_at = excluded.answered_at`);
}

/** The 错题本 entries of each (learner, question), every source, locked, in id order. */
export async function wrongOfQuestions(db: DbOrTx, pairs: { userId: number; qCode: string }[]): Promise<WrongRow[]> {
  if (!pairs.length) return [];
  return db
    .select()
    .from(wrongBook)
    .where(
      sql`(${wrongBook.userId}, ${wrongBook.qCode}) in (select * from unnest(${column(
        pairs.map((p) => p.userId),
        'integer',
      )}, ${column(
        pairs.map((p) => p.qCode),
        'text',
      )}))`,
    )
    .orderBy(asc(wrongBook.id))
    .for('update');
}

/** Entries put in (or, already there, their streak back to 0 with the last answer). */
export async function upsertWrongs(db: DbOrTx, rows: WrongInsert[]): Promise<void> {
  if (!rows.length) return;
  const of = <K extends keyof WrongInsert>(k: K) => rows.map((r) => r[k]);
  await db.execute(sql`
    insert into ${wrongBook} (user_id, company_sys_code, q_code, source_kind, source_code, source_name,
      last_answer, right_streak, clear_streak, added_at, updated_at)
    select * from unnest(
      ${column(of('userId'), 'integer')}, ${column(of('companySysCode'), 'text')}, ${column(of('qCode'), 'text')},
      ${column(of('sourceKind'), 'text')}, ${column(of('sourceCode'), 'text')}, ${column(of('sourceName'), 'text')},
      ${column(of('lastAnswer'), 'text')}, ${column(of('rightStreak'), 'integer')}, ${column(of('clearStreak'), 'integer')},
      ${column(of('addedAt'), 'timestamptz')}, ${column(of('updatedAt'), 'timestamptz')})
    on conflict (user_id, source_kind, source_code, q_code)
    do update set last_answer = excluded.last_answer, right_streak = 0, updated_at = excluded.updated_at`);
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
  const of = <K extends keyof WrongUpdate>(k: K) => rows.map((r) => r[k]);
  await db.execute(sql`
    update ${wrongBook} set last_answer = v.last_answer, right_streak = v.right_streak, updated_at = v.updated_at
    from unnest(${column(of('id'), 'integer')}, ${column(of('lastAnswer'), 'text')}, ${column(of('rightStreak'), 'integer')},
      ${column(of('updatedAt'), 'timestamptz')}) as v(id, last_answer, right_streak, updated_at)
    where ${wrongBook.id} = v.id`);
}

/** Entries taken out (ids of entries the caller read locked). */
export async function deleteWrongs(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.delete(wrongBook).where(inArray(wrongBook.id, ids));
}
