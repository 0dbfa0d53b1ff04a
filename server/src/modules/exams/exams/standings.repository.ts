import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { exams, examUsers } from '../schema.ts';

// What training projects read of exams (ADR 0039: they never import these tables): the exams a
// project may link, and people's standing in the linked ones.

/** The company's exams among `codes` (others are left out). */
export async function examsInCompany(db: DbOrTx, company: string, codes: string[]) {
  if (!codes.length) return [];
  return db
    .select({ examCode: exams.examCode, examName: exams.examName })
    .from(exams)
    .where(and(inArray(exams.examCode, codes), eq(exams.companySysCode, company)));
}

export interface ExamStandings {
  /** the name of each exam among the codes that still exists */
  names: Map<string, string>;
  /** a person's standing in an exam: passed when their best score reaches the pass score; taken after an attempt */
  of(examCode: string, userId: number): { passed: boolean; taken: boolean };
}

/** The exams among `codes` that still exist, and each of the people's standing in them, in one query. */
export async function examStandings(db: DbOrTx, codes: string[], userIds: number[]): Promise<ExamStandings> {
  if (!codes.length) return { names: new Map(), of: () => ({ passed: false, taken: false }) };
  const rows = await db
    .select({
      examCode: exams.examCode,
      examName: exams.examName,
      userId: examUsers.userId,
      passed: sql<boolean | null>`${examUsers.score} >= ${exams.passScore}`,
      attempts: examUsers.attempts,
    })
    .from(exams)
    .leftJoin(examUsers, and(eq(examUsers.examId, exams.id), inArray(examUsers.userId, userIds.length ? userIds : [-1])))
    .where(inArray(exams.examCode, codes));
  const names = new Map<string, string>();
  const standing = new Map<string, { passed: boolean; taken: boolean }>();
  for (const r of rows) {
    names.set(r.examCode, r.examName);
    if (r.userId != null) standing.set(`${r.examCode}:${r.userId}`, { passed: Boolean(r.passed), taken: Number(r.attempts ?? 0) > 0 });
  }
  return { names, of: (examCode, userId) => standing.get(`${examCode}:${userId}`) ?? { passed: false, taken: false } };
}
