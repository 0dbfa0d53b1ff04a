import type { ExamParticipantsView } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
// the people / department / post lookups are the exam module's (same participant model, ADR 0007)
import { matchPeople, orgParents, presentPicks } from '../exams/public.ts';
import * as repo from './projects.repository.ts';

// the participant model is the exam module's (ADR 0007): the same checks and view
export { checkPicks } from '../exams/public.ts';

export async function presentParticipants(db: DbOrTx, projectId: number, company: string): Promise<ExamParticipantsView> {
  return presentPicks(db, await repo.listParticipants(db, [projectId]), company);
}

/** The people a project's picks stand for (departments include their sub-departments). */
export async function resolveParticipants(db: DbOrTx, project: repo.ProjectRow): Promise<number[]> {
  const rows = await repo.listParticipants(db, [project.id]);
  const of = (k: string) => rows.filter((r) => r.kind === k).map((r) => r.refId);
  const orgIds = new Set(of('org'));
  if (orgIds.size) {
    const all = await orgParents(db, project.companySysCode);
    let grew = true;
    while (grew) {
      grew = false;
      for (const o of all)
        if (!orgIds.has(o.id) && orgIds.has(o.pId)) {
          orgIds.add(o.id);
          grew = true;
        }
    }
  }
  const people = await matchPeople(db, project.companySysCode, { userIds: of('user'), orgIds: [...orgIds], postIds: of('post') });
  return people.map((p) => p.userId);
}

/**
 * Whether a learner is within a project's participants: picked in person, in a picked department
 * or one below it, or holding a picked post (main or part-time).
 */
export function matchesPicks(
  picks: { kind: string; refId: number }[],
  userId: number,
  place: { orgChain: Set<number>; posts: Set<number> },
): boolean {
  return picks.some(
    (p) =>
      (p.kind === 'user' && p.refId === userId) ||
      (p.kind === 'org' && place.orgChain.has(p.refId)) ||
      (p.kind === 'post' && place.posts.has(p.refId)),
  );
}
