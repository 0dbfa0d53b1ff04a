import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likeContains } from '../../../platform/like.ts';
import { assertOwnerInScope } from '../../../platform/policy.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { findInScope } from '../../../platform/table-reads.ts';
import { paperQuestions, questionDirs, questions } from '../schema.ts';
import { bankChanged } from './bank-generation.ts';

export type DirRow = typeof questionDirs.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type QuestionInsert = typeof questions.$inferInsert;

// ---------- directories ----------

export function listDirs(db: DbOrTx, scope: TenantScope, companySysCode?: string): Promise<DirRow[]> {
  return db
    .select()
    .from(questionDirs)
    .where(
      and(scopeWhere(scope, questionDirs.companySysCode), companySysCode ? eq(questionDirs.companySysCode, companySysCode) : undefined),
    )
    .orderBy(asc(questionDirs.sortOrder), asc(questionDirs.id));
}

export async function findDir(db: DbOrTx, scope: TenantScope, dirCode: string): Promise<DirRow | undefined> {
  return findInScope(db, scope, questionDirs, questionDirs.dirCode, dirCode);
}

// Writes take the caller's scope: a directory or question changes only inside it.
const dirInScope = (scope: TenantScope, id: number) => and(eq(questionDirs.id, id), scopeWhere(scope, questionDirs.companySysCode));

export async function insertDir(db: DbOrTx, scope: TenantScope, values: typeof questionDirs.$inferInsert): Promise<DirRow> {
  assertOwnerInScope(scope, values.companySysCode);
  bankChanged(db);
  const [row] = await db.insert(questionDirs).values(values).returning();
  return row;
}

export async function updateDir(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  values: Partial<Omit<typeof questionDirs.$inferInsert, 'companySysCode'>>,
): Promise<void> {
  bankChanged(db);
  await db.update(questionDirs).set(values).where(dirInScope(scope, id));
}

export async function deleteDir(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  bankChanged(db);
  await db.delete(questionDirs).where(dirInScope(scope, id));
}

/** Live questions per directory of a company. */
export async function countByDir(db: DbOrTx, companySysCode: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ dirCode: questions.dirCode, n: count() })
    .from(questions)
    .where(and(eq(questions.companySysCode, companySysCode), isNull(questions.deletedAt)))
    .groupBy(questions.dirCode);
  return new Map(rows.map((r) => [r.dirCode, Number(r.n)]));
}

// ---------- questions ----------

export interface QuestionFilter {
  dirCodes?: string[];
  qType?: number;
  difficulty?: number;
  keyword?: string;
  companySysCode?: string;
}

function questionWhere(scope: TenantScope, f: QuestionFilter): SQL | undefined {
  return and(
    scopeWhere(scope, questions.companySysCode),
    isNull(questions.deletedAt),
    f.companySysCode ? eq(questions.companySysCode, f.companySysCode) : undefined,
    f.dirCodes ? inArray(questions.dirCode, f.dirCodes) : undefined,
    f.qType ? eq(questions.qType, f.qType) : undefined,
    f.difficulty ? eq(questions.difficulty, f.difficulty) : undefined,
    f.keyword ? ilike(questions.qName, likeContains(f.keyword)) : undefined,
  );
}

export async function pageQuestions(
  db: DbOrTx,
  scope: TenantScope,
  f: QuestionFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: QuestionRow[]; total: number }> {
  const where = questionWhere(scope, f);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(questions)
      .where(where)
      .orderBy(desc(questions.updatedAt), desc(questions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  return { rows, total: Number(n) };
}

export function listQuestions(db: DbOrTx, scope: TenantScope, f: QuestionFilter): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(questionWhere(scope, f))
    .orderBy(asc(questions.dirCode), asc(questions.qType), asc(questions.id));
}

/** Live questions' codes matching a filter (random-paper pools). */
export async function questionCodes(db: DbOrTx, scope: TenantScope, f: QuestionFilter): Promise<string[]> {
  const rows = await db.select({ qCode: questions.qCode }).from(questions).where(questionWhere(scope, f));
  return rows.map((r) => r.qCode);
}

export async function countQuestions(db: DbOrTx, scope: TenantScope, f: QuestionFilter): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(questions).where(questionWhere(scope, f));
  return Number(n);
}

/** Live questions of a company per directory (what a practice list counts: one statement for every row). */
export async function countQuestionsByDir(db: DbOrTx, scope: TenantScope, companySysCode: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ dirCode: questions.dirCode, n: count() })
    .from(questions)
    .where(questionWhere(scope, { companySysCode }))
    .groupBy(questions.dirCode);
  return new Map(rows.map((r) => [r.dirCode, Number(r.n)]));
}

export async function findQuestion(db: DbOrTx, scope: TenantScope, qCode: string): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.qCode, qCode), scopeWhere(scope, questions.companySysCode), isNull(questions.deletedAt)))
    .limit(1);
  return row;
}

/** Questions by code in the scope, deleted ones included (papers keep what they list). */
export function questionsByCode(db: DbOrTx, scope: TenantScope, qCodes: string[], opts: { live?: boolean } = {}): Promise<QuestionRow[]> {
  if (!qCodes.length) return Promise.resolve([]);
  return db
    .select()
    .from(questions)
    .where(
      and(
        inArray(questions.qCode, qCodes),
        scopeWhere(scope, questions.companySysCode),
        opts.live ? isNull(questions.deletedAt) : undefined,
      ),
    );
}

export async function insertQuestions(db: DbOrTx, scope: TenantScope, values: QuestionInsert[]): Promise<void> {
  for (const v of values) assertOwnerInScope(scope, v.companySysCode);
  bankChanged(db);
  for (let i = 0; i < values.length; i += 500) await db.insert(questions).values(values.slice(i, i + 500));
}

export async function updateQuestion(db: DbOrTx, scope: TenantScope, id: number, values: Partial<Omit<QuestionInsert, 'companySysCode'>>) {
  bankChanged(db);
  await db
    .update(questions)
    .set({ ...values, version: sql`${questions.version} + 1` })
    .where(and(eq(questions.id, id), scopeWhere(scope, questions.companySysCode)));
}

/** Soft delete: papers that list the questions keep them (see the ADR). */
export async function markQuestionsDeleted(db: DbOrTx, scope: TenantScope, ids: number[], at: Date): Promise<void> {
  if (ids.length) bankChanged(db);
  if (ids.length)
    await db
      .update(questions)
      .set({ deletedAt: at })
      .where(and(inArray(questions.id, ids), scopeWhere(scope, questions.companySysCode)));
}

/** How many fixed papers list each of these questions. */
export async function paperUseOf(db: DbOrTx, qCodes: string[]): Promise<Map<string, number>> {
  if (!qCodes.length) return new Map();
  const rows = await db
    .select({ qCode: paperQuestions.qCode, n: count() })
    .from(paperQuestions)
    .where(inArray(paperQuestions.qCode, qCodes))
    .groupBy(paperQuestions.qCode);
  return new Map(rows.map((r) => [r.qCode, Number(r.n)]));
}
