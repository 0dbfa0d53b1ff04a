import { ExamUserStatus, PracticeStatus } from '@xuetu/contract';
import { and, asc, count, countDistinct, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { arrayParam, preparedOnce } from '../../../db/array-param.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { likeContains } from '../../../platform/like.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { findInScope, pageLastChangedFirst } from '../../../platform/table-reads.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { examColumns, examView } from '../../exams/public.ts';
import { userPaperQuestions, userPapers } from '../schema/attempts.ts';
import { practiceAnswers, practiceParticipants, practices, wrongBook, wrongBookAttempts } from '../schema/practice.ts';

// Practice and the 错题本 (ADR 0043). Practices are company-owned (scope on every read and
// write); answers and wrong-book rows are the learner's own (the service passes the signed-in
// user's id, never one from the request).
export type PracticeRow = typeof practices.$inferSelect;
export type WrongRow = typeof wrongBook.$inferSelect;

// ---------- practices (administration) ----------

export async function pagePractices(
  db: DbOrTx,
  scope: TenantScope,
  f: { keyword: string; companySysCode?: string },
  window: { limit: number; offset: number },
): Promise<{ rows: PracticeRow[]; total: number }> {
  const where = and(
    scopeWhere(scope, practices.companySysCode),
    f.companySysCode ? eq(practices.companySysCode, f.companySysCode) : undefined,
    f.keyword ? ilike(practices.practiceName, likeContains(f.keyword)) : undefined,
  );
  return pageLastChangedFirst(db, practices, where, window);
}

export async function findPractice(db: DbOrTx, scope: TenantScope, practiceCode: string): Promise<PracticeRow | undefined> {
  return findInScope(db, scope, practices, practices.practiceCode, practiceCode);
}

export async function insertPractice(db: DbOrTx, scope: TenantScope, values: typeof practices.$inferInsert): Promise<PracticeRow> {
  return insertInScope(db, scope, practices, values);
}

export async function updatePractice(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  values: Partial<Omit<typeof practices.$inferInsert, 'companySysCode'>>,
): Promise<void> {
  await db
    .update(practices)
    .set(values)
    .where(and(eq(practices.id, id), scopeWhere(scope, practices.companySysCode)));
}

export async function deletePractice(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  await db.delete(practices).where(and(eq(practices.id, id), scopeWhere(scope, practices.companySysCode)));
}

/** The picks of several practices at once (which practice each belongs to). */
export function participantsOf(db: DbOrTx, practiceIds: number[]): Promise<{ practiceId: number; kind: string; refId: number }[]> {
  if (!practiceIds.length) return Promise.resolve([]);
  return db
    .select({ practiceId: practiceParticipants.practiceId, kind: practiceParticipants.kind, refId: practiceParticipants.refId })
    .from(practiceParticipants)
    .where(inArray(practiceParticipants.practiceId, practiceIds));
}

/** Replaces the practice's picks; the practice is found in the scope first (rows under a company-owned parent). */
export async function replaceParticipants(
  db: DbOrTx,
  scope: TenantScope,
  practiceId: number,
  picks: { kind: string; refId: number }[],
): Promise<void> {
  const [owner] = await db
    .select({ id: practices.id })
    .from(practices)
    .where(and(eq(practices.id, practiceId), scopeWhere(scope, practices.companySysCode)));
  if (!owner) return;
  await db.delete(practiceParticipants).where(eq(practiceParticipants.practiceId, practiceId));
  if (picks.length) await db.insert(practiceParticipants).values(picks.map((p) => ({ practiceId, kind: p.kind, refId: p.refId })));
}

/** Learners who answered at least one question, by practice. */
export async function learnerCounts(db: DbOrTx, practiceIds: number[]): Promise<Map<number, number>> {
  if (!practiceIds.length) return new Map();
  const rows = await db
    .select({ id: practiceAnswers.practiceId, n: countDistinct(practiceAnswers.userId) })
    .from(practiceAnswers)
    .where(inArray(practiceAnswers.practiceId, practiceIds))
    .groupBy(practiceAnswers.practiceId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

// ---------- the learner's practices ----------

/** Open practices of a company, with their picks. */
export async function openPracticesOf(db: DbOrTx, company: string): Promise<PracticeRow[]> {
  return db
    .select()
    .from(practices)
    .where(and(eq(practices.companySysCode, company), eq(practices.status, PracticeStatus.Open)))
    .orderBy(desc(practices.createdAt), desc(practices.id));
}

/** The learner's answers in a practice (qCode → answer). */
/** A learner's answers in a practice, by question. */
export type Answers = Map<string, { answer: string; isRight: number | null }>;

/**
 * The answers of each (practice, learner) pair asked, in one statement for all of them
 * (concurrent learners read together, issue 39 item 1); every pair asked is in the map, keyed
 * `practiceId:userId`.
 */
export async function answersOfMany(db: DbOrTx, asked: { practiceId: number; userId: number }[]): Promise<Map<string, Answers>> {
  const out = new Map<string, Answers>(asked.map((a) => [`${a.practiceId}:${a.userId}`, new Map()]));
  if (!asked.length) return out;
  const pairs = sql`select * from unnest(${arrayParam(
    asked.map((a) => a.practiceId),
    'integer',
  )}, ${arrayParam(
    asked.map((a) => a.userId),
    'integer',
  )})`;
  const rows = await db
    .select({
      practiceId: practiceAnswers.practiceId,
      userId: practiceAnswers.userId,
      qCode: practiceAnswers.qCode,
      answer: practiceAnswers.answer,
      isRight: practiceAnswers.isRight,
    })
    .from(practiceAnswers)
    .where(sql`(${practiceAnswers.practiceId}, ${practiceAnswers.userId}) in (${pairs})`);
  for (const r of rows) out.get(`${r.practiceId}:${r.userId}`)?.set(r.qCode, { answer: r.answer, isRight: r.isRight });
  return out;
}

// A learner's own rows (no company owns them beyond the practice the service found in scope).
export async function saveAnswer(
  db: DbOrTx,
  values: { practiceId: number; userId: number; qCode: string; answer: string; isRight: number | null; answeredAt: Date },
): Promise<void> {
  await db
    .insert(practiceAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [practiceAnswers.practiceId, practiceAnswers.userId, practiceAnswers.qCode],
      set: { answer: values.answer, isRight: values.isRight, answeredAt: values.answeredAt },
    });
}

// A learner's own rows: an answer stored unmarked (its key was hidden) gets its mark once the key
// may show; false when it was marked already (or answered again) meanwhile.
export async function markWaitingAnswer(db: DbOrTx, practiceId: number, userId: number, qCode: string, isRight: number): Promise<boolean> {
  const rows = await db
    .update(practiceAnswers)
    .set({ isRight })
    .where(
      and(
        eq(practiceAnswers.practiceId, practiceId),
        eq(practiceAnswers.userId, userId),
        eq(practiceAnswers.qCode, qCode),
        isNull(practiceAnswers.isRight),
      ),
    )
    .returning({ qCode: practiceAnswers.qCode });
  return rows.length > 0;
}

// A learner's own rows: Restart clears their answers of one practice.
export async function clearAnswers(db: DbOrTx, practiceId: number, userId: number): Promise<void> {
  await db.delete(practiceAnswers).where(and(eq(practiceAnswers.practiceId, practiceId), eq(practiceAnswers.userId, userId)));
}

// ---------- the 错题本 (the learner's own rows) ----------

/** The 错题本 entries of several learners in one statement (newest first for each), by learner. */
export async function wrongOfMany(db: DbOrTx, userIds: number[]): Promise<Map<number, WrongRow[]>> {
  const out = new Map<number, WrongRow[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return out;
  for (const r of await wrongOfManyQuery(db).execute({ ids: userIds })) out.get(r.userId)?.push(r);
  return out;
}

const wrongOfManyQuery = preparedOnce((db) =>
  db
    .select()
    .from(wrongBook)
    .where(sql`${wrongBook.userId} = any(${sql.placeholder('ids')}::integer[])`)
    .orderBy(desc(wrongBook.updatedAt), desc(wrongBook.id))
    .prepare('wrong_of_many'),
);

export async function countWrong(db: DbOrTx, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(wrongBook).where(eq(wrongBook.userId, userId));
  return Number(n);
}

export async function findWrong(db: DbOrTx, userId: number, id: number, lock = false): Promise<WrongRow | undefined> {
  const q = db
    .select()
    .from(wrongBook)
    .where(and(eq(wrongBook.id, id), eq(wrongBook.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

// The learner's own rows.
export async function deleteWrong(db: DbOrTx, userId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .delete(wrongBook)
    .where(and(eq(wrongBook.userId, userId), inArray(wrongBook.id, ids)))
    .returning({ id: wrongBook.id });
  return rows.length;
}

// ---------- exams: what goes into the book, and which keys stay hidden ----------

type UnsweptAttempt = Awaited<ReturnType<ReturnType<typeof unsweptOfRows>['execute']>>[number];

/**
 * The learners' submitted, fully marked attempts whose wrong questions have not all gone into the
 * book yet (never swept, or some held back), oldest first, with their exam and what is held.
 */
const unsweptOfRows = preparedOnce((db) =>
  db
    .select({ attempt: userPapers, exam: examColumns, held: wrongBookAttempts.held })
    .from(userPapers)
    .innerJoin(examView, eq(examView.id, userPapers.examId))
    .leftJoin(wrongBookAttempts, eq(wrongBookAttempts.userpaperId, userPapers.id))
    .where(
      and(
        sql`${userPapers.userId} = any(${sql.placeholder('ids')}::integer[])`,
        eq(userPapers.status, ExamUserStatus.Done),
        eq(userPapers.delayMarkingPapers, 0),
        or(isNull(wrongBookAttempts.userpaperId), sql`cardinality(${wrongBookAttempts.held}) > 0`),
      ),
    )
    .orderBy(asc(userPapers.endTime), asc(userPapers.id))
    .prepare('unswept_attempts'),
);

/** The unswept attempts of several learners in one statement, by learner (everyone asked is in the map). */
export async function unsweptAttemptsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, UnsweptAttempt[]>> {
  const out = new Map<number, UnsweptAttempt[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return out;
  for (const r of await unsweptOfRows(db).execute({ ids: userIds })) out.get(r.attempt.userId)?.push(r);
  return out;
}

/** The questions of these attempts the learner did not get (fully) right, in paper order: one statement. */
export function wrongOfAttempts(db: DbOrTx, userpaperIds: number[]) {
  if (!userpaperIds.length) return Promise.resolve([]);
  return db
    .select({ userpaperId: userPaperQuestions.userpaperId, qCode: userPaperQuestions.qCode, answerStr: userPaperQuestions.answerStr })
    .from(userPaperQuestions)
    .where(and(inArray(userPaperQuestions.userpaperId, userpaperIds), eq(userPaperQuestions.isPass, 0)))
    .orderBy(asc(userPaperQuestions.userpaperId), asc(userPaperQuestions.sortOrder));
}

// Bookkeeping of the learner's own attempts (no company-owned row changes): swept, with the
// wrong questions still held back.
export async function markSwept(db: DbOrTx, userpaperId: number, at: Date, held: string[]): Promise<void> {
  await db
    .insert(wrongBookAttempts)
    .values({ userpaperId, takenAt: at, held })
    .onConflictDoUpdate({ target: wrongBookAttempts.userpaperId, set: { takenAt: at, held } });
}
