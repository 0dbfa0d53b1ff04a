import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { peopleOfPicks, pickSource, placeOfPerson } from '../../directory/public.ts';
import { type ExamRow, listExamPicks, openExamsWithGroups, picksOfExams } from '../../exams/public.ts';
import { notifyAssignedJob } from './jobs.ts';
import * as roster from './roster.repository.ts';

/**
 * Resolves the exam's selection (exams' picks) to people and assigns the ones not assigned yet;
 * each newly assigned person gets the exam message from a durable job enqueued in the same
 * transaction (`notify: false`: on record without a message, the closed demo exam). Exams call it
 * through the port the composition root wires (publish, a published exam's new picks).
 */
export async function assignParticipants(db: DbOrTx, exam: ExamRow, now: Date, { notify = true } = {}): Promise<number[]> {
  const people = await peopleOfPicks(db, exam.companySysCode, await listExamPicks(db, exam.id));
  const added = await roster.addExamUsers(db, exam.id, people, now);
  if (notify) await notifyAssigned(db, exam, added, now);
  return added;
}

/** The message goes out from a job once the assignment commits (ADR 0007). */
async function notifyAssigned(db: DbOrTx, exam: ExamRow, userIds: number[], now: Date): Promise<void> {
  if (userIds.length) await enqueueJob(db, notifyAssignedJob, { examId: exam.id }, { now });
}

/**
 * People who join a picked department or post after publishing: called with a user when their
 * exams are listed (GetMyExamList / IsExistImgExam), it assigns them to every open published exam
 * of their company whose selection now matches them, and sends the message. Nobody is removed when
 * they leave a department: an assigned exam stays theirs (ADR 0007).
 */
export async function joinMatchingExams(ctx: AppContext, userId: number, now = ctx.clock.now()): Promise<string[]> {
  // of the person's company (none: no exam), leaving out the ones they are assigned to already
  const open = await openExamsWithGroups(ctx.db, userId, now, roster.assignedExamIds(ctx.db, userId));
  if (!open.length) return [];
  // the person and every candidate's picks read once, however many exams a company has open
  const place = await placeOfPerson(ctx.db, userId);
  const company = place?.company;
  if (!company) return [];
  const picks = await picksOfExams(
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
      const added = await roster.addExamUsers(tx, exam.id, [{ userId, source }], now);
      if (!added.length) return;
      await notifyAssigned(tx, exam, added, now);
      joined.push(exam.examCode);
    });
  }
  return joined;
}
