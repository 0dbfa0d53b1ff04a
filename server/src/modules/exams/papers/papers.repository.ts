import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { forbidden } from '../../../platform/errors.ts';
import { likeContains } from '../../../platform/like.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { findInScope, pageLastChangedFirst } from '../../../platform/table-reads.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { examTaking } from '../exams/taking-port.ts';
import { bankChanged } from '../questions/bank-generation.ts';
import { exams, paperQuestions, paperRules, papers } from '../schema.ts';

export type PaperRow = typeof papers.$inferSelect;
export type PaperInsert = typeof papers.$inferInsert;
export type PaperQuestionRow = typeof paperQuestions.$inferSelect;
export type PaperRuleRow = typeof paperRules.$inferSelect;

export async function pagePapers(
  db: DbOrTx,
  scope: TenantScope,
  f: { keyword: string; paperType?: number; companySysCode?: string },
  window: { limit: number; offset: number },
): Promise<{ rows: PaperRow[]; total: number }> {
  const where: SQL | undefined = and(
    scopeWhere(scope, papers.companySysCode),
    f.companySysCode ? eq(papers.companySysCode, f.companySysCode) : undefined,
    f.paperType ? eq(papers.paperType, f.paperType) : undefined,
    f.keyword ? ilike(papers.paperName, likeContains(f.keyword)) : undefined,
  );
  return pageLastChangedFirst(db, papers, where, window);
}

export async function findPaper(db: DbOrTx, scope: TenantScope, paperCode: string): Promise<PaperRow | undefined> {
  return findInScope(db, scope, papers, papers.paperCode, paperCode);
}

export async function papersById(db: DbOrTx, ids: number[]): Promise<Map<number, PaperRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(papers).where(inArray(papers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

// Writes take the caller's scope: the paper by its company, its questions and rules through it.
const paperInScope = (scope: TenantScope, id: number) => and(eq(papers.id, id), scopeWhere(scope, papers.companySysCode));

async function assertPaperInScope(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  const [row] = await db.select({ id: papers.id }).from(papers).where(paperInScope(scope, id)).limit(1);
  if (!row) throw forbidden();
}

export async function insertPaper(db: DbOrTx, scope: TenantScope, values: PaperInsert): Promise<PaperRow> {
  return insertInScope(db, scope, papers, values);
}

export async function updatePaper(db: DbOrTx, scope: TenantScope, id: number, values: Partial<Omit<PaperInsert, 'companySysCode'>>) {
  bankChanged(db);
  await db.update(papers).set(values).where(paperInScope(scope, id));
}

export async function deletePaper(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  await assertPaperInScope(db, scope, id);
  bankChanged(db);
  await db.delete(paperQuestions).where(eq(paperQuestions.paperId, id));
  await db.delete(paperRules).where(eq(paperRules.paperId, id));
  await db.delete(papers).where(eq(papers.id, id));
}

export function listPaperQuestions(db: DbOrTx, paperId: number): Promise<PaperQuestionRow[]> {
  return db.select().from(paperQuestions).where(eq(paperQuestions.paperId, paperId)).orderBy(asc(paperQuestions.sortOrder));
}

export function listPaperRules(db: DbOrTx, paperId: number): Promise<PaperRuleRow[]> {
  return db.select().from(paperRules).where(eq(paperRules.paperId, paperId)).orderBy(asc(paperRules.sortOrder));
}

export async function replacePaperContent(
  db: DbOrTx,
  scope: TenantScope,
  paperId: number,
  items: { qCode: string; score: number }[],
  rules: { qType: number; dirCode: string; count: number; score: number }[],
): Promise<void> {
  await assertPaperInScope(db, scope, paperId);
  bankChanged(db);
  await db.delete(paperQuestions).where(eq(paperQuestions.paperId, paperId));
  await db.delete(paperRules).where(eq(paperRules.paperId, paperId));
  if (items.length)
    await db.insert(paperQuestions).values(items.map((q, i) => ({ paperId, qCode: q.qCode, score: q.score, sortOrder: i + 1 })));
  if (rules.length) await db.insert(paperRules).values(rules.map((r, i) => ({ paperId, ...r, sortOrder: i + 1 })));
}

/** Per paper: how many exams use it and whether any of their attempts has begun (the lock). */
export async function paperUse(
  ctx: AppContext,
  db: DbOrTx,
  paperIds: number[],
): Promise<Map<number, { examCount: number; locked: boolean }>> {
  const out = new Map(paperIds.map((id) => [id, { examCount: 0, locked: false }]));
  if (!paperIds.length) return out;
  const examRows = await db.select({ id: exams.id, paperId: exams.paperId }).from(exams).where(inArray(exams.paperId, paperIds));
  for (const r of examRows) out.get(r.paperId)!.examCount++;
  // the attempts are exam taking's (ADR 0049): which of these exams have any, through the wired port (ADR 0052)
  const begun = examRows.length
    ? await examTaking(ctx).examsWithAttempts(
        db,
        examRows.map((r) => r.id),
      )
    : new Set<number>();
  for (const r of examRows) if (begun.has(r.id)) out.get(r.paperId)!.locked = true;
  return out;
}
