import { ExamStatus } from '@xuetu/contract';
import { and, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { exams, papers } from '../schema.ts';

// What exam taking reads of exams and papers (ADR 0047, 0052: it never imports these tables): the
// exams and papers a learner or marker sees, and views of both to join with its own rows (the
// roster, the attempts). The statements are the ones exam taking ran itself before.

export type ExamRow = typeof exams.$inferSelect;
export type PaperRow = typeof papers.$inferSelect;

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

/** A paper's row as another module joins it (every column, the names of PaperRow); select `paperColumns`. */
export const paperView = qb.select(getTableColumns(papers)).from(papers).as('paper_view');
type PaperColumns = { [K in keyof PaperRow]: (typeof paperView)[K] };
export const paperColumns = Object.fromEntries(
  Object.keys(getTableColumns(papers)).map((k) => [k, paperView[k as keyof PaperRow]]),
) as PaperColumns;

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
