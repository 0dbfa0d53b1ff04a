import type { ExamParticipantsView } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { presentPicks } from '../../directory/public.ts';
import * as repo from './exams.repository.ts';

// the participant model (picks, their check and view, the people they stand for) is the
// directory's (ADR 0007): exams store their picks; exam taking assigns the people they stand for
// (its roster, ADR 0052)
export { checkPicks } from '../../directory/public.ts';

export async function presentParticipants(db: DbOrTx, examId: number, company: string): Promise<ExamParticipantsView> {
  return presentPicks(db, await repo.listParticipants(db, examId), company);
}
