import { ExamStatus, ExamUserStatus } from '@xuetu/contract';
import { and, asc, count, desc, eq, getTableColumns, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { exams, examUsers, papers } from '../schema.ts';

// What exam taking reads and writes of exams (ADR 0047; it never imports these tables): the exams
// and papers a learner or marker sees, and the exam-user rows — who is assigned (exams' publish
// writes them) and their standing (status, attempts, best score), which exam taking keeps. The
// statements are the ones exam taking ran itself before (BeginExam, GetExamPaper, submit and the
// close-attempt job run no extra statement); the attempts are exam taking's tables (ADR 0049).

export type ExamRow = typeof exams.$inferSelect;
export type PaperRow = typeof papers.$inferSelect;
export type ExamUserRow = typeof examUsers.$inferSelect;

const qb = new QueryBuilder();

/**
 * An exam's row as another module joins it (every column, the names of ExamRow), a subquery in
 * FROM that PostgreSQL flattens into the caller's query. Select `examColumns` for the whole row.
 */
export const examView = qb.select(getTableColumns(exams)).from(exams).as('exam_view');
type ExamColumns = { [K in keyof ExamRow]: (typeof examView)[K] };
export const examColumns = Object.fromEntries(
  Object.keys(getTableColumns(exams)).map((k) => [k, examView[k as keyof ExamRow]]),
) as ExamColumns;

/** A published or closed exam by code, with its paper (drafts are invisible to learners). */
export async function findVisibleExam(db: DbOrTx, examCode: string): Promise<{ exam: ExamRow; paper: PaperRow } | undefined> {
  const [row] = await db
    .select({ exam: exams, paper: papers })
    .from(exams)
    .innerJoin(papers, eq(papers.id, exams.paperId))
    .where(and(eq(exams.examCode, examCode), ne(exams.status, ExamStatus.Draft)))
    .limit(1);
  return row;
}

/** The exams of these codes a learner can see (not drafts), by code: the begins of a batch (ADR 0048). */
export async function visibleExamsByCode(db: DbOrTx, examCodes: string[]): Promise<Map<string, ExamRow>> {
  if (!examCodes.length) return new Map();
  const rows = await db
    .select()
    .from(exams)
    .where(and(inArray(exams.examCode, examCodes), ne(exams.status, ExamStatus.Draft)));
  return new Map(rows.map((e) => [e.examCode, e]));
}

/** The same exam for the administrator side: only inside the scope. */
export async function findExamInScope(
  db: DbOrTx,
  scope: TenantScope,
  examCode: string,
): Promise<{ exam: ExamRow; paper: PaperRow } | undefined> {
  const [row] = await db
    .select({ exam: exams, paper: papers })
    .from(exams)
    .innerJoin(papers, eq(papers.id, exams.paperId))
    .where(and(eq(exams.examCode, examCode), ne(exams.status, ExamStatus.Draft), scopeWhere(scope, exams.companySysCode)))
    .limit(1);
  return row;
}

export async function examWithPaper(db: DbOrTx, examId: number): Promise<{ exam: ExamRow; paper: PaperRow }> {
  const [row] = await db
    .select({ exam: exams, paper: papers })
    .from(exams)
    .innerJoin(papers, eq(papers.id, exams.paperId))
    .where(eq(exams.id, examId));
  return row;
}

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
    ne(exams.status, ExamStatus.Draft),
    f.examId ? eq(exams.id, f.examId) : undefined,
    f.status === undefined
      ? undefined
      : f.status <= ExamUserStatus.NotStarted
        ? lte(examUsers.status, ExamUserStatus.NotStarted)
        : eq(examUsers.status, f.status),
    f.mustComplete
      ? and(eq(exams.mustCompleteBeforeStudy, 1), eq(exams.status, ExamStatus.Published), ne(examUsers.status, ExamUserStatus.Done))
      : undefined,
  );
  const base = db
    .select({ exam: exams, paper: papers, eu: examUsers })
    .from(examUsers)
    .innerJoin(exams, eq(exams.id, examUsers.examId))
    .innerJoin(papers, eq(papers.id, exams.paperId))
    .where(where)
    // open exams first, then the latest window
    .orderBy(asc(exams.status), desc(exams.examEndTime), desc(exams.id));
  const [rows, [{ n }]] = await Promise.all([
    window ? base.limit(window.limit).offset(window.offset) : base,
    db.select({ n: count() }).from(examUsers).innerJoin(exams, eq(exams.id, examUsers.examId)).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** Every published or closed exam the person is assigned to (their review settings bound practice keys). */
export function assignedExamsOf(db: DbOrTx, userId: number) {
  return db
    .select({ exam: exams })
    .from(examUsers)
    .innerJoin(exams, eq(exams.id, examUsers.examId))
    .where(and(eq(examUsers.userId, userId), ne(exams.status, ExamStatus.Draft)));
}

/** The exams a person is assigned to, as a subquery exam taking's statements filter by (their attempts read in the same round trip). */
export function assignedExamIds(db: DbOrTx, userId: number) {
  return db.select({ examId: examUsers.examId }).from(examUsers).where(eq(examUsers.userId, userId));
}

/** People assigned to an exam inside the scope (ex_examuser goes through its exam's company). */
export async function countExamUsers(db: DbOrTx, scope: TenantScope, examId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(examUsers)
    .innerJoin(exams, eq(exams.id, examUsers.examId))
    .where(and(eq(examUsers.examId, examId), scopeWhere(scope, exams.companySysCode)));
  return Number(row.n);
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
            .select({ id: exams.id })
            .from(exams)
            .where(and(eq(exams.id, examId), scopeWhere(scope, exams.companySysCode))),
        ),
      ),
    );
}
