import { ExamStatus, ExamUserStatus } from '@xuetu/contract';
import { and, asc, count, desc, eq, inArray, isNull, lte, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { examColumns, examView, paperColumns, paperView } from '../../exams/public.ts';
import { userPapers } from '../schema/attempts.ts';
import { examUsers } from '../schema/roster.ts';

// The roster (ex_examuser, ADR 0052): who is assigned to an exam — written when the exam is
// published or its picks change, and when a person joins a picked department — and their standing
// in it (status, attempts, best score), which begin, submit, marking and the deadline job keep.
// Exams' rows are joined through exams' views (examView, paperView); the statements are the ones
// the exams module ran for exam taking before.

export type ExamUserRow = typeof examUsers.$inferSelect;

export async function findExamUser(db: DbOrTx, examId: number, userId: number, lock = false): Promise<ExamUserRow | undefined> {
  const q = db
    .select()
    .from(examUsers)
    .where(and(eq(examUsers.examId, examId), eq(examUsers.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The exams assigned to a person (published or closed), with paper totals and their exam-user row. */
export async function myExams(
  db: DbOrTx,
  userId: number,
  f: { status?: number; mustComplete?: boolean; examId?: number },
  window?: { limit: number; offset: number },
) {
  const where: SQL | undefined = and(
    eq(examUsers.userId, userId),
    ne(examView.status, ExamStatus.Draft),
    f.examId ? eq(examView.id, f.examId) : undefined,
    f.status === undefined
      ? undefined
      : f.status <= ExamUserStatus.NotStarted
        ? lte(examUsers.status, ExamUserStatus.NotStarted)
        : eq(examUsers.status, f.status),
    f.mustComplete
      ? and(eq(examView.mustCompleteBeforeStudy, 1), eq(examView.status, ExamStatus.Published), ne(examUsers.status, ExamUserStatus.Done))
      : undefined,
  );
  const base = db
    .select({ exam: examColumns, paper: paperColumns, eu: examUsers })
    .from(examUsers)
    .innerJoin(examView, eq(examView.id, examUsers.examId))
    .innerJoin(paperView, eq(paperView.id, examView.paperId))
    .where(where)
    // open exams first, then the latest window
    .orderBy(asc(examView.status), desc(examView.examEndTime), desc(examView.id));
  const [rows, [{ n }]] = await Promise.all([
    window ? base.limit(window.limit).offset(window.offset) : base,
    db.select({ n: count() }).from(examUsers).innerJoin(examView, eq(examView.id, examUsers.examId)).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** Every published or closed exam the person is assigned to (their review settings bound practice keys). */
export function assignedExamsOf(db: DbOrTx, userId: number) {
  return db
    .select({ exam: examColumns })
    .from(examUsers)
    .innerJoin(examView, eq(examView.id, examUsers.examId))
    .where(and(eq(examUsers.userId, userId), ne(examView.status, ExamStatus.Draft)));
}

/** The exams a person is assigned to, as a subquery statements filter by (their attempts read in the same round trip). */
/** Whether the person `userId` is not assigned to the exam `examId` (a correlated test: either may be a column of the outer read). */
export function notAssigned(userId: SQLWrapper, examId: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${examUsers} where ${examUsers.examId} = ${examId} and ${examUsers.userId} = ${userId})`;
}

/** People assigned to an exam inside the scope (ex_examuser goes through its exam's company). */
export async function countExamUsers(db: DbOrTx, scope: TenantScope, examId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(examUsers)
    .innerJoin(examView, eq(examView.id, examUsers.examId))
    .where(and(eq(examUsers.examId, examId), scopeWhere(scope, examView.companySysCode)));
  return Number(row.n);
}

/**
 * Adds people to an exam; returns the ones that were not assigned before. No caller scope: the
 * people are matched inside the exam's own company (publishing, a learner's list, the seed).
 */
export async function addExamUsers(db: DbOrTx, examId: number, people: { userId: number; source: string }[], now: Date): Promise<number[]> {
  const added: number[] = [];
  for (let i = 0; i < people.length; i += 500) {
    const rows = await db
      .insert(examUsers)
      .values(people.slice(i, i + 500).map((p) => ({ examId, userId: p.userId, source: p.source, createdAt: now })))
      .onConflictDoNothing()
      .returning({ userId: examUsers.userId });
    added.push(...rows.map((r) => r.userId));
  }
  return added;
}

/** Marks the exam's assigned people not told yet as told and returns them (each exactly once). The notify job's write. */
export async function claimUnnotified(db: DbOrTx, examId: number, at: Date): Promise<number[]> {
  const rows = await db
    .update(examUsers)
    .set({ notifiedAt: at })
    .where(and(eq(examUsers.examId, examId), isNull(examUsers.notifiedAt)))
    .returning({ userId: examUsers.userId });
  return rows.map((r) => r.userId);
}

/** Per exam: people assigned and attempts begun (the exam list; an exam with attempts keeps its paper). */
export async function examCounts(db: DbOrTx, examIds: number[]): Promise<Map<number, { userCount: number; attemptCount: number }>> {
  const out = new Map(examIds.map((id) => [id, { userCount: 0, attemptCount: 0 }]));
  if (!examIds.length) return out;
  const [u, a] = await Promise.all([
    db.select({ id: examUsers.examId, n: count() }).from(examUsers).where(inArray(examUsers.examId, examIds)).groupBy(examUsers.examId),
    db.select({ id: userPapers.examId, n: count() }).from(userPapers).where(inArray(userPapers.examId, examIds)).groupBy(userPapers.examId),
  ]);
  for (const r of u) out.get(r.id)!.userCount = Number(r.n);
  for (const r of a) out.get(r.id)!.attemptCount = Number(r.n);
  return out;
}

// The learner's own exam-user row (begin, submit, the deadline job), by their user id: no tenant
// scope (ADR 0023).

/** The learner's own exam-user row (begin, submit), by their user id. */
export async function updateExamUser(
  db: DbOrTx,
  examId: number,
  userId: number,
  values: Partial<Pick<ExamUserRow, 'status' | 'score' | 'attempts'>>,
): Promise<void> {
  await db
    .update(examUsers)
    .set(values)
    .where(and(eq(examUsers.examId, examId), eq(examUsers.userId, userId)));
}

/**
 * The begins of one exam written together (ADR 0048): these people's exam-user rows, locked in
 * user order (two processes' batches lock in the same order and cannot deadlock). People not
 * assigned are missing.
 */
export async function lockExamUsers(db: DbOrTx, examId: number, userIds: number[]): Promise<ExamUserRow[]> {
  const ids = `{${userIds.join(',')}}`;
  return db
    .select()
    .from(examUsers)
    .where(and(eq(examUsers.examId, examId), sql`${examUsers.userId} = any(${ids}::int[])`))
    .orderBy(asc(examUsers.userId))
    .for('update');
}

/** After the begins of one exam: each person's exam-user row in progress with their attempt count. */
export async function markBegun(db: DbOrTx, examId: number, begun: { userId: number; attempts: number }[]): Promise<void> {
  if (!begun.length) return;
  const input = JSON.stringify(begun.map((b) => ({ user_id: b.userId, attempts: b.attempts })));
  await db.execute(sql`
    update ${examUsers} as e
       set status = ${ExamUserStatus.InProgress}, attempts = v.attempts
      from jsonb_to_recordset(${input}::jsonb) as v(user_id int, attempts int)
     where e.exam_id = ${examId} and e.user_id = v.user_id`);
}

/** A marked person's best score on the exam-user row (through its exam's company). */
export async function updateBestScore(db: DbOrTx, scope: TenantScope, examId: number, userId: number, score: number | null): Promise<void> {
  await db
    .update(examUsers)
    .set({ score })
    .where(
      and(
        eq(examUsers.examId, examId),
        eq(examUsers.userId, userId),
        inArray(
          examUsers.examId,
          db
            .select({ id: examView.id })
            .from(examView)
            .where(and(eq(examView.id, examId), scopeWhere(scope, examView.companySysCode))),
        ),
      ),
    );
}

export interface ExamStandings {
  /** the name of each exam among the codes that still exists */
  names: Map<string, string>;
  /** a person's standing in an exam: passed when their best score reaches the pass score; taken after an attempt */
  of(examCode: string, userId: number): { passed: boolean; taken: boolean };
}

/** For training projects: the exams among `codes` that still exist, and each of the people's standing in them, in one query. */
export async function examStandings(db: DbOrTx, codes: string[], userIds: number[]): Promise<ExamStandings> {
  if (!codes.length) return { names: new Map(), of: () => ({ passed: false, taken: false }) };
  const rows = await db
    .select({
      examCode: examView.examCode,
      examName: examView.examName,
      userId: examUsers.userId,
      passed: sql<boolean | null>`${examUsers.score} >= ${examView.passScore}`,
      attempts: examUsers.attempts,
    })
    .from(examView)
    .leftJoin(examUsers, and(eq(examUsers.examId, examView.id), inArray(examUsers.userId, userIds.length ? userIds : [-1])))
    .where(inArray(examView.examCode, codes));
  const names = new Map<string, string>();
  const standing = new Map<string, { passed: boolean; taken: boolean }>();
  for (const r of rows) {
    names.set(r.examCode, r.examName);
    if (r.userId != null) standing.set(`${r.examCode}:${r.userId}`, { passed: Boolean(r.passed), taken: Number(r.attempts ?? 0) > 0 });
  }
  return { names, of: (examCode, userId) => standing.get(`${examCode}:${userId}`) ?? { passed: false, taken: false } };
}
