import { ProjectStatus } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
import { linkedExams } from './linked-exams.ts';
import { chinaDay, personProgress } from './progress.ts';
import * as repo from './projects.repository.ts';

// What certificates (issue 42) read of training projects: the projects of a company by code, and
// who has completed one (reachState 1, the learner card's rule: hours and, by rule 2, the linked exams).

/** A company's projects by code: id and name (drafts too: a certificate may be defined first). */
export async function companyProjectsByCode(db: DbOrTx, company: string, codes: string[]) {
  return repo.projectsByCodeInCompany(db, company, codes);
}

/** Projects' codes and names by id, one statement. */
export async function projectRefsById(db: DbOrTx, ids: number[]): Promise<Map<number, { code: string; name: string }>> {
  const rows = await repo.projectsById(db, [...new Set(ids)]);
  return new Map(rows.map((p) => [p.id, { code: p.projectCode, name: p.projectName }]));
}

/**
 * The people enrolled in a published or closed project who have completed it at `now`, as the
 * learner's card says (projectProgress's reachState 1); three statements per 500 people.
 */
export async function completedEnrolments(db: DbOrTx, projectId: number, now: Date): Promise<number[]> {
  const [p] = await repo.projectsById(db, [projectId]);
  if (!p || p.status === ProjectStatus.Draft) return [];
  const today = chinaDay(now);
  const enrolled = await repo.enrolledUserIds(db, projectId);
  const out: number[] = [];
  for (let i = 0; i < enrolled.length; i += 500) {
    const ids = enrolled.slice(i, i + 500);
    const [totals, exams] = await Promise.all([
      repo.studyTotals(db, [p.id], ids, today),
      linkedExams(db, p.reachRule === 2 ? [p.id] : [], ids),
    ]);
    for (const userId of ids) {
      const prog = personProgress(p, userId, totals, exams, today);
      if (prog.reachState === 1) out.push(userId);
    }
  }
  return out;
}
