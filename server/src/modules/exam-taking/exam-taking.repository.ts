import { ExamStatus, ExamUserStatus } from '@xuetu/contract';
import { and, asc, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { preparedOnce } from '../../db/array-param.ts';
import type { DbOrTx } from '../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../platform/scope.ts';
import { peopleView } from '../directory/public.ts';
import { type ExamRow, examColumns, examView } from '../exams/public.ts';
import { userPaperLeaves, userPaperQuestions, userPapers } from './schema/attempts.ts';
import { examUsers } from './schema/roster.ts';

// The attempts exam taking reads (its own tables, ADR 0049), and the administrator's marking writes:
// they touch another person's attempt and take the caller's scope (an attempt's company,
// ex_userpaper.company_sys_code, is its exam's). The learner's writes are in
// attempts/attempts.repository.ts (ADR 0023); the roster (who is assigned, their standing) in
// roster/roster.repository.ts (ADR 0052). Exams' rows are read through exams' public.ts.
export type AttemptRow = typeof userPapers.$inferSelect;
export type AttemptQuestionRow = typeof userPaperQuestions.$inferSelect;

/** A person's assigned exams (published or closed) and their attempts of them. */
export interface AssignedExams {
  exams: ExamRow[];
  attempts: AttemptRow[];
}

/**
 * Every published or closed exam each of `userIds` is assigned to and their attempts of them, in
 * one statement for all of them (the key-hiding rule reads both on every practice answer, issue 39
 * item 1; concurrent answers read together). Everyone asked is in the map.
 */
export async function assignedExamsWithAttemptsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, AssignedExams>> {
  const out = new Map<number, AssignedExams>(userIds.map((id) => [id, { exams: [], attempts: [] }]));
  if (!userIds.length) return out;
  const rows = await assignedWithAttemptsQuery(db).execute({ ids: userIds });
  const seen = new Set<string>();
  for (const r of rows) {
    const mine = out.get(r.userId)!;
    const key = `${r.userId}:${r.exam.id}`;
    if (!seen.has(key)) mine.exams.push(r.exam);
    seen.add(key);
    if (r.attempt) mine.attempts.push(r.attempt);
  }
  for (const mine of out.values()) mine.attempts.sort((a, b) => a.attemptNo - b.attemptNo);
  return out;
}

const assignedWithAttemptsQuery = preparedOnce((db) =>
  db
    .select({ userId: examUsers.userId, exam: examColumns, attempt: userPapers })
    .from(examUsers)
    .innerJoin(examView, eq(examView.id, examUsers.examId))
    .leftJoin(userPapers, and(eq(userPapers.examId, examUsers.examId), eq(userPapers.userId, examUsers.userId)))
    .where(and(sql`${examUsers.userId} = any(${sql.placeholder('ids')}::integer[])`, ne(examView.status, ExamStatus.Draft)))
    .prepare('assigned_exams_with_attempts'),
);

export async function findAttempt(db: DbOrTx, id: number, lock?: 'update' | 'share'): Promise<AttemptRow | undefined> {
  const q = db.select().from(userPapers).where(eq(userPapers.id, id));
  const [row] = lock ? await q.for(lock) : await q;
  return row;
}

export async function attemptsOf(db: DbOrTx, examIds: number[], userId: number): Promise<AttemptRow[]> {
  if (!examIds.length) return [];
  return db
    .select()
    .from(userPapers)
    .where(and(inArray(userPapers.examId, examIds), eq(userPapers.userId, userId)))
    .orderBy(asc(userPapers.attemptNo));
}

export async function attemptQuestions(db: DbOrTx, userpaperId: number): Promise<AttemptQuestionRow[]> {
  return db
    .select()
    .from(userPaperQuestions)
    .where(eq(userPaperQuestions.userpaperId, userpaperId))
    .orderBy(asc(userPaperQuestions.sortOrder));
}

export async function findAttemptQuestion(db: DbOrTx, userpaperId: number, qCode: string): Promise<AttemptQuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(userPaperQuestions)
    .where(and(eq(userPaperQuestions.userpaperId, userpaperId), eq(userPaperQuestions.qCode, qCode)));
  return row;
}

/** The highest score of a person's submitted attempts (spec: the highest score counts). */
export async function bestScore(db: DbOrTx, examId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ best: max(userPapers.score) })
    .from(userPapers)
    .where(and(eq(userPapers.examId, examId), eq(userPapers.userId, userId), eq(userPapers.status, ExamUserStatus.Done)));
  return row?.best == null ? null : Number(row.best);
}

/** Name and department of people, for result rows and the marking queue (the directory's people view). */
export async function peopleNames(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { chnName: string; accountCode: string; orgName: string }>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: peopleView.id, chnName: peopleView.chnName, accountCode: peopleView.accountCode, orgName: peopleView.orgName })
    .from(peopleView)
    .where(inArray(peopleView.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, { chnName: r.chnName, accountCode: r.accountCode, orgName: r.orgName ?? '' }]));
}

/** Every attempt of an exam inside the scope (result lists, statistics). */
export async function examAttempts(db: DbOrTx, scope: TenantScope, examId: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(userPapers)
    .where(and(eq(userPapers.examId, examId), scopeWhere(scope, userPapers.companySysCode)))
    .orderBy(asc(userPapers.userId), asc(userPapers.attemptNo));
}

/** Short answers of an exam's submitted attempts inside the scope, unmarked first. */
export async function markingQueue(
  db: DbOrTx,
  scope: TenantScope,
  examId: number,
  qCode: string,
  window: { limit: number; offset: number },
) {
  const where = and(
    eq(userPapers.examId, examId),
    scopeWhere(scope, userPapers.companySysCode),
    eq(userPapers.status, ExamUserStatus.Done),
    eq(userPaperQuestions.qType, 5),
    sql`coalesce(${userPaperQuestions.answerStr}, '') <> ''`,
    qCode ? eq(userPaperQuestions.qCode, qCode) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ q: userPaperQuestions, userId: userPapers.userId })
      .from(userPaperQuestions)
      .innerJoin(userPapers, eq(userPapers.id, userPaperQuestions.userpaperId))
      .where(where)
      .orderBy(asc(userPaperQuestions.marked), asc(userPapers.endTime), asc(userPapers.id), asc(userPaperQuestions.sortOrder))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(userPaperQuestions)
      .innerJoin(userPapers, eq(userPapers.id, userPaperQuestions.userpaperId))
      .where(where),
  ]);
  return { rows, total: Number(n) };
}

/** Every question of an exam's submitted attempts inside the scope (statistics). */
export async function submittedQuestions(db: DbOrTx, scope: TenantScope, examId: number) {
  return db
    .select({
      qCode: userPaperQuestions.qCode,
      qName: userPaperQuestions.qName,
      qType: userPaperQuestions.qType,
      order: userPaperQuestions.sortOrder,
      isPass: userPaperQuestions.isPass,
      answered: sql<boolean>`coalesce(${userPaperQuestions.answerStr}, '') <> ''`,
    })
    .from(userPaperQuestions)
    .innerJoin(userPapers, eq(userPapers.id, userPaperQuestions.userpaperId))
    .where(and(eq(userPapers.examId, examId), eq(userPapers.status, ExamUserStatus.Done), scopeWhere(scope, userPapers.companySysCode)));
}

/** The attempt `userpaperId` when it is inside the scope: the guard of the marker's writes. */
const attemptInScope = (db: DbOrTx, scope: TenantScope, userpaperId: number) =>
  db
    .select({ id: userPapers.id })
    .from(userPapers)
    .where(and(eq(userPapers.id, userpaperId), scopeWhere(scope, userPapers.companySysCode)));

/** Mark: one short answer's score and the marker's note, on an attempt inside the scope. */
export async function writeMark(
  db: DbOrTx,
  scope: TenantScope,
  userpaperId: number,
  qCode: string,
  v: { scoreGot: number; isPass: number; comment: string; markedBy: number; markedAt: Date },
): Promise<void> {
  await db
    .update(userPaperQuestions)
    .set({ ...v, marked: 1 })
    .where(
      and(
        eq(userPaperQuestions.userpaperId, userpaperId),
        eq(userPaperQuestions.qCode, qCode),
        inArray(userPaperQuestions.userpaperId, attemptInScope(db, scope, userpaperId)),
      ),
    );
}

/** The marked attempt's total, pass and count of short answers still to mark, inside the scope. */
export async function updateMarkedAttempt(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  values: { score: number; delayMarkingPapers: number; isPass: number },
): Promise<void> {
  await db
    .update(userPapers)
    .set(values)
    .where(and(eq(userPapers.id, id), scopeWhere(scope, userPapers.companySysCode)));
}

/**
 * One leave of the exam page (issue 26 item 3): stored once per client event id; counted on the
 * attempt only when new. The caller holds the attempt row locked. Returns the count after it and
 * whether it was new.
 */
export async function recordLeave(
  db: DbOrTx,
  v: { userpaperId: number; eventId: string; kind: string; leftAt: Date; receivedAt: Date },
): Promise<{ added: boolean; leaveCount: number }> {
  const added = await db.insert(userPaperLeaves).values(v).onConflictDoNothing().returning({ id: userPaperLeaves.userpaperId });
  if (!added.length) {
    const [row] = await db.select({ n: userPapers.leaveCount }).from(userPapers).where(eq(userPapers.id, v.userpaperId));
    return { added: false, leaveCount: row?.n ?? 0 };
  }
  const [row] = await db
    .update(userPapers)
    .set({ leaveCount: sql`${userPapers.leaveCount} + 1` })
    .where(eq(userPapers.id, v.userpaperId))
    .returning({ n: userPapers.leaveCount });
  return { added: true, leaveCount: row?.n ?? 0 };
}

/** The counted leaves of these attempts, in the order they happened. */
export async function leavesOf(db: DbOrTx, userpaperIds: number[]): Promise<Map<number, { kind: string; leftAt: Date }[]>> {
  const out = new Map<number, { kind: string; leftAt: Date }[]>();
  if (!userpaperIds.length) return out;
  const rows = await db
    .select()
    .from(userPaperLeaves)
    .where(inArray(userPaperLeaves.userpaperId, userpaperIds))
    .orderBy(asc(userPaperLeaves.leftAt), asc(userPaperLeaves.receivedAt));
  for (const r of rows) {
    const list = out.get(r.userpaperId) ?? [];
    list.push({ kind: r.kind, leftAt: r.leftAt });
    out.set(r.userpaperId, list);
  }
  return out;
}

// What the exams module knows of the attempts (wired per app, modules/index.ts; ADR 0049).

/** The exams among these with at least one attempt (a paper they use is locked). */
export async function examsWithAttempts(db: DbOrTx, examIds: number[]): Promise<Set<number>> {
  if (!examIds.length) return new Set();
  const rows = await db.selectDistinct({ id: userPapers.examId }).from(userPapers).where(inArray(userPapers.examId, examIds));
  return new Set(rows.map((r) => r.id));
}

/**
 * The people of `userIds` who passed the exam, with their best score among passed attempts (absent:
 * no pass): certificates read it to issue or revoke (a re-mark may have taken a pass away).
 */
export async function passedScores(db: DbOrTx, examId: number, userIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!userIds.length) return out;
  const rows = await db
    .select({ userId: userPapers.userId, best: max(userPapers.score) })
    .from(userPapers)
    .where(
      and(
        eq(userPapers.examId, examId),
        inArray(userPapers.userId, userIds),
        eq(userPapers.status, ExamUserStatus.Done),
        eq(userPapers.isPass, 1),
      ),
    )
    .groupBy(userPapers.userId);
  for (const r of rows) out.set(r.userId, Number(r.best ?? 0));
  return out;
}
