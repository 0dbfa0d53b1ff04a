import { ExamStatus, ExamUserStatus } from '@xuetu/contract';
import { and, asc, count, desc, eq, inArray, lte, max, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { exams, examUsers, orgs, papers, userPaperLeaves, userPaperQuestions, userPapers, users } from '../../db/schema/index.ts';
import { scopeWhere, type TenantScope } from '../../platform/scope.ts';

// The exams, attempts and people exam taking reads, and the administrator's marking writes: they
// touch another person's attempt and take the caller's scope (an attempt's company,
// ex_userpaper.company_sys_code, is its exam's). The learner's writes are in
// attempts/attempts.repository.ts (ADR 0023).
export type AttemptRow = typeof userPapers.$inferSelect;
export type AttemptQuestionRow = typeof userPaperQuestions.$inferSelect;
export type ExamUserRow = typeof examUsers.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;
export type PaperRow = typeof papers.$inferSelect;

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

/** Name and department of people, for result rows and the marking queue. */
export async function peopleNames(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { chnName: string; accountCode: string; orgName: string }>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: users.id, chnName: users.chnName, accountCode: users.accountCode, orgName: orgs.orgName })
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .where(inArray(users.id, [...new Set(userIds)]));
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

/** People assigned to an exam inside the scope (ex_examuser goes through its exam's company). */
export async function countExamUsers(db: DbOrTx, scope: TenantScope, examId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(examUsers)
    .innerJoin(exams, eq(exams.id, examUsers.examId))
    .where(and(eq(examUsers.examId, examId), scopeWhere(scope, exams.companySysCode)));
  return Number(row.n);
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
