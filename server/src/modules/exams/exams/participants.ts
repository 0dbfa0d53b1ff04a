import type { ExamParticipantsView } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { peopleOfPicks, pickSource, placeOfPerson, presentPicks } from '../../directory/public.ts';
import * as repo from './exams.repository.ts';
import { notifyAssignedJob } from './jobs.ts';

// the participant model (picks, their check and view, the people they stand for) is the
// directory's (ADR 0007): exams store their picks and assign the people
export { checkPicks } from '../../directory/public.ts';

export async function presentParticipants(db: DbOrTx, examId: number, company: string): Promise<ExamParticipantsView> {
  return presentPicks(db, await repo.listParticipants(db, examId), company);
}

/**
 * Resolves the exam's selection to people and assigns the ones not assigned yet; each newly
 * assigned person gets the exam message from a durable job enqueued in the same transaction.
 */
export async function assignParticipants(db: DbOrTx, exam: repo.ExamRow, now: Date): Promise<number[]> {
  const people = await peopleOfPicks(db, exam.companySysCode, await repo.listParticipants(db, exam.id));
  const added = await repo.addExamUsers(db, exam.id, people, now);
  await notifyAssigned(db, exam, added, now);
  return added;
}

/** The message goes out from a job once the assignment commits (ADR 0007). */
async function notifyAssigned(db: DbOrTx, exam: repo.ExamRow, userIds: number[], now: Date): Promise<void> {
  if (userIds.length) await enqueueJob(db, notifyAssignedJob, { examId: exam.id }, { now });
}

/**
 * People who join a picked department or post after publishing: called with a user when their
 * exams are listed (exam taking's GetMyExamList / IsExistImgExam), it assigns them to every
 * open published exam of their company whose selection now matches them, and sends the message.
 * Nobody is removed when they leave a department: an assigned exam stays theirs (ADR 0007).
 */
export async function joinMatchingExams(ctx: AppContext, userId: number, now = ctx.clock.now()): Promise<string[]> {
  // of the person's company (none: no exam)
  const open = await repo.openExamsWithGroups(ctx.db, userId, now);
  if (!open.length) return [];
  // the person and every candidate's picks read once, however many exams a company has open
  const place = await placeOfPerson(ctx.db, userId);
  const company = place?.company;
  if (!company) return [];
  const picks = await repo.participantsOfExams(
    ctx.db,
    open.map((e) => e.id),
  );
  const joined: string[] = [];
  for (const exam of open) {
    const source = pickSource(
      picks.filter((p) => p.examId === exam.id),
      userId,
      place,
      company,
    );
    if (!source) continue;
    await inTransaction(ctx, async (tx) => {
      const added = await repo.addExamUsers(tx, exam.id, [{ userId, source }], now);
      if (!added.length) return;
      await notifyAssigned(tx, exam, added, now);
      joined.push(exam.examCode);
    });
  }
  return joined;
}
