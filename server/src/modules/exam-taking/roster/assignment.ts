import { ExamStatus } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { peopleOfPicks, pickSource, placesOfPeople } from '../../directory/public.ts';
import { type ExamRow, findExamById, listExamPicks, openExamsWithGroupsFor, picksOfExams } from '../../exams/public.ts';
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
 * exams are listed (GetMyExamList / IsExistImgExam) and before the key-hiding rule reads their
 * exams, it assigns them to every open published exam of their company whose selection now
 * matches them, and sends the message. Nobody is removed when they leave a department: an
 * assigned exam stays theirs (ADR 0007). The exams joined, by code.
 */
export async function joinMatchingExams(ctx: AppContext, userId: number, now = ctx.clock.now()): Promise<string[]> {
  return (await joinMatchingExamsOf(ctx, [{ userId, now }])).get(userId) ?? [];
}

const openCandidates = openExamsWithGroupsFor(roster.notAssigned);

/**
 * `joinMatchingExams` for several people at once (concurrent callers read together): three
 * statements at most, however many people and exams — the candidates (open exams with group picks
 * of each one's company they are not assigned to), then only if there are any, the candidates'
 * places and the exams' picks — and a transaction per exam someone joins.
 */
export async function joinMatchingExamsOf(ctx: AppContext, people: { userId: number; now: Date }[]): Promise<Map<number, string[]>> {
  const joined = new Map<number, string[]>();
  // the earliest `now` of them lets through every exam still open for any of them
  const earliest = new Date(Math.min(...people.map((p) => p.now.getTime())));
  const open = await openCandidates(
    ctx.db,
    people.map((p) => p.userId),
    earliest,
  );
  if (!open.length) return joined;
  const places = await placesOfPeople(ctx.db, [...new Set(open.map((o) => o.userId))]);
  const picks = await picksOfExams(ctx.db, [...new Set(open.map((o) => o.examId))]);
  for (const { userId, now } of people) {
    const place = places.get(userId);
    if (!place) continue;
    for (const { examId } of open.filter((o) => o.userId === userId)) {
      const source = pickSource(
        picks.filter((p) => p.examId === examId),
        userId,
        place,
        place.company,
      );
      if (!source) continue;
      const exam = await findExamById(ctx.db, examId);
      if (!exam || exam.status !== ExamStatus.Published || exam.examEndTime <= now) continue;
      await inTransaction(ctx, async (tx) => {
        const added = await roster.addExamUsers(tx, exam.id, [{ userId, source }], now);
        if (!added.length) return;
        await notifyAssigned(tx, exam, added, now);
        joined.set(userId, [...(joined.get(userId) ?? []), exam.examCode]);
      });
    }
  }
  return joined;
}
