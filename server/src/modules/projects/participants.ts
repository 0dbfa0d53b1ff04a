import type { ExamParticipantsView } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
// the participant model is the directory's (ADR 0007): the same checks, view and matching as exams
import { peopleOfPicks, presentPicks } from '../directory/public.ts';
import * as repo from './projects.repository.ts';

export { checkPicks } from '../directory/public.ts';

export async function presentParticipants(db: DbOrTx, projectId: number, company: string): Promise<ExamParticipantsView> {
  return presentPicks(db, await repo.listParticipants(db, [projectId]), company);
}

/** The people a project's picks stand for (departments include their sub-departments). */
export async function resolveParticipants(db: DbOrTx, project: repo.ProjectRow): Promise<number[]> {
  const people = await peopleOfPicks(db, project.companySysCode, await repo.listParticipants(db, [project.id]));
  return people.map((p) => p.userId);
}
