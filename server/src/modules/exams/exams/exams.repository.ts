import { ExamStatus } from '@xuetu/contract';
import { and, eq, ilike, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { preparedOnce } from '../../../db/array-param.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { forbidden } from '../../../platform/errors.ts';
import { likeContains } from '../../../platform/like.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { findInScope, pageLastChangedFirst } from '../../../platform/table-reads.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { type ParticipantKind, peopleView } from '../../directory/public.ts';
import { examParticipants, exams } from '../schema.ts';
import { examTaking } from './taking-port.ts';

export type ExamRow = typeof exams.$inferSelect;
export type ExamInsert = typeof exams.$inferInsert;

export async function pageExams(
  db: DbOrTx,
  scope: TenantScope,
  f: { keyword: string; status?: number; companySysCode?: string },
  window: { limit: number; offset: number },
): Promise<{ rows: ExamRow[]; total: number }> {
  const where: SQL | undefined = and(
    scopeWhere(scope, exams.companySysCode),
    f.companySysCode ? eq(exams.companySysCode, f.companySysCode) : undefined,
    f.status !== undefined ? eq(exams.status, f.status) : undefined,
    f.keyword ? ilike(exams.examName, likeContains(f.keyword)) : undefined,
  );
  return pageLastChangedFirst(db, exams, where, window);
}

export async function findExam(db: DbOrTx, scope: TenantScope, examCode: string): Promise<ExamRow | undefined> {
  return findInScope(db, scope, exams, exams.examCode, examCode);
}

// The exam by its company in the caller's scope; its participants go through it.
const examInScope = (scope: TenantScope, id: number) => and(eq(exams.id, id), scopeWhere(scope, exams.companySysCode));

/** Locks the exam row for a state change (publish / close / edit racing each other). */
export async function lockExam(db: DbOrTx, scope: TenantScope, id: number): Promise<ExamRow | undefined> {
  const [row] = await db.select().from(exams).where(examInScope(scope, id)).for('update');
  return row;
}

export async function insertExam(db: DbOrTx, scope: TenantScope, values: ExamInsert): Promise<ExamRow> {
  return insertInScope(db, scope, exams, values);
}

export async function updateExam(db: DbOrTx, scope: TenantScope, id: number, values: Partial<Omit<ExamInsert, 'companySysCode'>>) {
  await db.update(exams).set(values).where(examInScope(scope, id));
}

async function assertExamInScope(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  const [row] = await db.select({ id: exams.id }).from(exams).where(examInScope(scope, id)).limit(1);
  if (!row) throw forbidden();
}

export async function deleteExam(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  await assertExamInScope(db, scope, id);
  await db.delete(examParticipants).where(eq(examParticipants.examId, id));
  // its roster (exam taking's ex_examuser) goes with it: the rows reference the exam on delete cascade
  await db.delete(exams).where(eq(exams.id, id));
}

/** Per exam: people assigned and attempts begun (exam taking's roster and attempts, through the wired port). */
export function examCounts(
  ctx: AppContext,
  db: DbOrTx,
  examIds: number[],
): Promise<Map<number, { userCount: number; attemptCount: number }>> {
  return examTaking(ctx).examCounts(db, examIds);
}

// ---------- participants ----------

export function listParticipants(db: DbOrTx, examId: number) {
  return db.select().from(examParticipants).where(eq(examParticipants.examId, examId));
}

/** The picks of several exams at once (which exam each belongs to). */
export function participantsOfExams(db: DbOrTx, examIds: number[]) {
  if (!examIds.length) return Promise.resolve([]);
  return db.select().from(examParticipants).where(inArray(examParticipants.examId, examIds));
}

export async function replaceParticipants(
  db: DbOrTx,
  scope: TenantScope,
  examId: number,
  picks: { kind: ParticipantKind; refId: number }[],
): Promise<void> {
  await assertExamInScope(db, scope, examId);
  await db.delete(examParticipants).where(eq(examParticipants.examId, examId));
  if (picks.length) await db.insert(examParticipants).values(picks.map((p) => ({ examId, ...p })));
}

export async function findExamById(db: DbOrTx, id: number): Promise<ExamRow | undefined> {
  const [row] = await db.select().from(exams).where(eq(exams.id, id));
  return row;
}

/**
 * For each of `userIds`, the published, not yet ended exams of their company that pick
 * departments or posts and that `notAssigned` (exam taking's test of a person and an exam) lets
 * through: one statement for any number of people and exams, pairs only (the exam's row is read
 * when someone joins it, which is rare). Made once with its test (a prepared statement per
 * database, ADR 0056).
 */
export function openExamsWithGroupsFor(notAssigned: (userId: SQLWrapper, examId: SQLWrapper) => SQL) {
  const query = preparedOnce((db) =>
    db
      .select({ userId: peopleView.id, examId: exams.id })
      .from(exams)
      .innerJoin(peopleView, eq(peopleView.companySysCode, exams.companySysCode))
      .where(
        and(
          sql`${peopleView.id} = any(${sql.placeholder('ids')}::integer[])`,
          eq(exams.status, ExamStatus.Published),
          sql`${exams.examEndTime} > ${sql.placeholder('now')}::timestamptz`,
          sql`exists (select 1 from ${examParticipants} p where p.exam_id = ${exams.id} and p.kind <> 'user')`,
          notAssigned(peopleView.id, exams.id),
        ),
      )
      .prepare('open_exams_with_groups'),
  );
  return async (db: DbOrTx, userIds: number[], now: Date): Promise<{ userId: number; examId: number }[]> =>
    userIds.length ? query(db).execute({ ids: userIds, now: now.toISOString() }) : [];
}
