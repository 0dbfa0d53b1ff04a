import { asc, sql } from 'drizzle-orm';
import { arrayParam } from '../../../db/array-param.ts';
import { type DbOrTx, executePrepared } from '../../../db/client.ts';
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

/** The statement storing (or replacing) each learner's answer to each question. */
function answersInsert(rows: AnswerRow[]) {
  const of = <K extends keyof AnswerRow>(k: K) => rows.map((r) => r[k]);
  return sql`
    insert into ${practiceAnswers} (practice_id, user_id, q_code, answer, is_right, answered_at)
    select * from unnest(
      ${column(of('practiceId'), 'integer')}, ${column(of('userId'), 'integer')}, ${column(of('qCode'), 'text')},
      ${column(of('answer'), 'text')}, ${column(of('isRight'), 'integer')}, ${column(of('answeredAt'), 'timestamptz')})
    on conflict (practice_id, user_id, q_code)
    do update set answer = excluded.answer, is_right = excluded.is_right, answered_at = excluded.answered_at`;
}

/** Each learner's answer to each question, stored or replaced. */
export async function saveAnswers(db: DbOrTx, rows: AnswerRow[]): Promise<void> {
  if (!rows.length) return;
  await db.execute(answersInsert(rows));
}

/** The entries' columns under the names of WrongRow (a raw statement returns them as the table names them). */
const wrongColumns = sql`id, user_id as "userId", company_sys_code as "companySysCode", q_code as "qCode",
  source_kind as "sourceKind", source_code as "sourceCode", source_name as "sourceName", last_answer as "lastAnswer",
  right_streak as "rightStreak", clear_streak as "clearStreak", added_at as "addedAt", updated_at as "updatedAt"`;

const pairsIn = (pairs: { userId: number; qCode: string }[]) =>
  sql`(user_id, q_code) in (select * from unnest(${column(
    pairs.map((p) => p.userId),
    'integer',
  )}, ${column(
    pairs.map((p) => p.qCode),
    'text',
  )}))`;

/** Timestamps as the driver gives them (PGlite: Date; node-postgres: Date, or text inside a CTE's row) made Dates. */
const asWrongRow = (r: Record<string, unknown>): WrongRow =>
  ({ ...r, addedAt: new Date(r.addedAt as string | Date), updatedAt: new Date(r.updatedAt as string | Date) }) as WrongRow;

/**
 * The answers stored (as saveAnswers) and, in the same statement, the 错题本 entries of their
 * (learner, question) pairs read locked, as wrongOfQuestions: one round trip where a practice
 * answer's transaction had two (issue 39 item 1).
 */
export async function saveAnswersLockingWrongs(db: DbOrTx, rows: AnswerRow[]): Promise<WrongRow[]> {
  if (!rows.length) return [];
  const result = await executePrepared(
    db,
    'practice_save_answers_locking_wrongs',
    sql`
    with saved as (${answersInsert(rows)})
    select ${wrongColumns} from ${wrongBook}
    where ${pairsIn(rows)}
    order by id
    for update`,
  );
  return result.rows.map(asWrongRow);
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
function wrongsUpsert(rows: WrongInsert[]) {
  const of = <K extends keyof WrongInsert>(k: K) => rows.map((r) => r[k]);
  return sql`
    insert into ${wrongBook} (user_id, company_sys_code, q_code, source_kind, source_code, source_name,
      last_answer, right_streak, clear_streak, added_at, updated_at)
    select * from unnest(
      ${column(of('userId'), 'integer')}, ${column(of('companySysCode'), 'text')}, ${column(of('qCode'), 'text')},
      ${column(of('sourceKind'), 'text')}, ${column(of('sourceCode'), 'text')}, ${column(of('sourceName'), 'text')},
      ${column(of('lastAnswer'), 'text')}, ${column(of('rightStreak'), 'integer')}, ${column(of('clearStreak'), 'integer')},
      ${column(of('addedAt'), 'timestamptz')}, ${column(of('updatedAt'), 'timestamptz')})
    on conflict (user_id, source_kind, source_code, q_code)
    do update set last_answer = excluded.last_answer, right_streak = 0, updated_at = excluded.updated_at`;
}

export async function upsertWrongs(db: DbOrTx, rows: WrongInsert[]): Promise<void> {
  if (rows.length) await db.execute(wrongsUpsert(rows));
}

export interface WrongUpdate {
  id: number;
  lastAnswer: string;
  rightStreak: number;
  updatedAt: Date;
}

/** Each entry's last answer and streak (ids of entries the caller read locked). */
function wrongsUpdate(rows: WrongUpdate[]) {
  const of = <K extends keyof WrongUpdate>(k: K) => rows.map((r) => r[k]);
  return sql`
    update ${wrongBook} set last_answer = v.last_answer, right_streak = v.right_streak, updated_at = v.updated_at
    from unnest(${column(of('id'), 'integer')}, ${column(of('lastAnswer'), 'text')}, ${column(of('rightStreak'), 'integer')},
      ${column(of('updatedAt'), 'timestamptz')}) as v(id, last_answer, right_streak, updated_at)
    where ${wrongBook.id} = v.id`;
}

export async function updateWrongs(db: DbOrTx, rows: WrongUpdate[]): Promise<void> {
  if (rows.length) await db.execute(wrongsUpdate(rows));
}

/** Entries taken out (ids of entries the caller read locked). */
const wrongsDelete = (ids: number[]) => sql`delete from ${wrongBook} where ${wrongBook.id} = any(${column(ids, 'integer')})`;

/**
 * What answers did to the 错题本, in one statement (issue 39 item 1): entries taken out, entries
 * changed and entries put in, each part a statement of its own inside one (a data-modifying WITH).
 * The parts touch different rows (the caller's plan: a wrong answer's upsert is its own source's
 * entry, its updates the others'; a right answer's updates and deletes split its entries), as one
 * statement needs: its parts see the table as it was before it.
 */
export async function writeWrongs(db: DbOrTx, plan: { deletes: number[]; updates: WrongUpdate[]; upserts: WrongInsert[] }) {
  const parts = [
    plan.deletes.length ? wrongsDelete(plan.deletes) : null,
    plan.updates.length ? wrongsUpdate(plan.updates) : null,
    plan.upserts.length ? wrongsUpsert(plan.upserts) : null,
  ];
  const present = parts.filter((part) => part !== null);
  if (!present.length) return;
  const last = present.pop()!;
  const withs = present.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`);
  // one prepared statement per combination of parts (its text differs with them)
  const name = `practice_write_wrongs_${parts.map((part) => (part ? 1 : 0)).join('')}`;
  await executePrepared(db, name, withs.length ? sql`with ${sql.join(withs, sql`, `)} ${last}` : last);
}
