import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { exams } from '../schema.ts';

// What training projects read of exams (ADR 0039: they never import these tables): the exams a
// project may link (people's standing in them is exam taking's roster, ADR 0052).

/** The company's exams among `codes` (others are left out). */
export async function examsInCompany(db: DbOrTx, company: string, codes: string[]) {
  if (!codes.length) return [];
  return db
    .select({ examCode: exams.examCode, examName: exams.examName })
    .from(exams)
    .where(and(inArray(exams.examCode, codes), eq(exams.companySysCode, company)));
}
