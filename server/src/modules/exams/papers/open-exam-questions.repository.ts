import { ExamStatus, PaperType } from '@xuetu/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { exams, paperQuestions, papers } from '../schema.ts';

// Which questions an exam still open can put before a learner by its paper (exam taking hides
// their keys and marks, ADR 0036 §5 as scoped by issue 38 item 9): a fixed paper's list only.
// A random paper's rules name a directory and a type, often the whole bank; what a random exam
// really holds is each attempt's drawn copy, which exam taking reads from its attempts.

/** Of `qCodes`, those on the fixed papers among `paperIds`, by paper: one statement. */
export async function fixedPaperQuestionsAmong(
  db: DbOrTx,
  paperIds: number[],
  qCodes: string[],
): Promise<{ paperId: number; qCode: string }[]> {
  if (!paperIds.length || !qCodes.length) return [];
  return db
    .select({ paperId: paperQuestions.paperId, qCode: paperQuestions.qCode })
    .from(paperQuestions)
    .innerJoin(papers, eq(papers.id, paperQuestions.paperId))
    .where(
      and(
        inArray(paperQuestions.paperId, [...new Set(paperIds)]),
        eq(papers.paperType, PaperType.Fixed),
        inArray(paperQuestions.qCode, [...new Set(qCodes)]),
      ),
    );
}

export interface OpenExamOverlap {
  examCode: string;
  examName: string;
  examEndTime: Date;
  /** the questions of `qCodes` on its paper */
  qCodes: string[];
}

/**
 * The company's exams still open (published, window not ended) whose fixed paper holds some of
 * `qCodes`, soonest ending first: one statement. Their learners practise these questions
 * without the key until the exam ends (or they have no attempt left).
 */
export async function openExamsHolding(
  db: DbOrTx,
  scope: TenantScope,
  company: string,
  qCodes: string[],
  now: Date,
): Promise<OpenExamOverlap[]> {
  if (!qCodes.length) return [];
  const rows = await db
    .select({ examCode: exams.examCode, examName: exams.examName, examEndTime: exams.examEndTime, qCode: paperQuestions.qCode })
    .from(exams)
    .innerJoin(papers, eq(papers.id, exams.paperId))
    .innerJoin(paperQuestions, eq(paperQuestions.paperId, papers.id))
    .where(
      and(
        scopeWhere(scope, exams.companySysCode),
        eq(exams.companySysCode, company),
        eq(exams.status, ExamStatus.Published),
        gt(exams.examEndTime, now),
        eq(papers.paperType, PaperType.Fixed),
        inArray(paperQuestions.qCode, [...new Set(qCodes)]),
      ),
    )
    .orderBy(asc(exams.examEndTime), asc(exams.id), asc(paperQuestions.sortOrder));
  const out = new Map<string, OpenExamOverlap>();
  for (const r of rows) {
    const e = out.get(r.examCode) ?? { examCode: r.examCode, examName: r.examName, examEndTime: r.examEndTime, qCodes: [] };
    e.qCodes.push(r.qCode);
    out.set(r.examCode, e);
  }
  return [...out.values()];
}
