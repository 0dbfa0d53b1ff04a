import { ExamStatus, ExamUserStatus } from '@xuetu/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { DEMO_COMPANY } from '../../../db/seed/demo.ts';
import type { AppContext } from '../../../platform/context.ts';
import { findPeopleByAccount } from '../../directory/public.ts';
import { demoExamsToAssign, demoHistoryExam, type ExamRow } from '../../exams/public.ts';
import { storeAttempt } from '../attempts/attempt-store.repository.ts';
import { assignParticipants } from '../roster/assignment.ts';
import { updateExamUser } from '../roster/roster.repository.ts';
import { userPaperQuestions, userPapers } from '../schema/attempts.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Finished attempts for the closed exam's history. Scoring here is a stand-in for exam taking's
 * marking (issue 14): the first `right` questions answered with the key and given full marks.
 */
async function addHistory(db: DbOrTx, exam: ExamRow, userId: number, right: number, when: Date) {
  const id = await storeAttempt(db, exam, {
    userId,
    attemptNo: 1,
    seed: userId,
    startTime: when,
    deadline: new Date(when.getTime() + exam.time * 60_000),
  });
  const qs = await db.select().from(userPaperQuestions).where(eq(userPaperQuestions.userpaperId, id));
  let total = 0;
  for (const q of qs) {
    const ok = q.sortOrder <= right;
    const got = ok ? q.score : 0;
    total += got;
    await db
      .update(userPaperQuestions)
      .set({ answerStr: ok ? q.answer : '', scoreGot: got, isPass: ok ? 1 : 0, marked: 1 })
      .where(and(eq(userPaperQuestions.userpaperId, id), eq(userPaperQuestions.qCode, q.qCode)));
  }
  const pass = total >= exam.passScore ? 1 : 0;
  await db
    .update(userPapers)
    .set({ status: ExamUserStatus.Done, endTime: new Date(when.getTime() + 20 * 60_000), score: total, isPass: pass })
    .where(eq(userPapers.id, id));
  await updateExamUser(db, exam.id, userId, { status: ExamUserStatus.Done, score: total, attempts: 1 });
}

/**
 * The demo exams' people (the roster is exam taking's, ADR 0052): a published exam's are assigned
 * and told as publishing does; a closed exam's are on record without being told about it now.
 * Then the exam history (issue 12 "Demo data"): learner01–06 finished the closed demo exam 35 days ago.
 */
export async function seedDemoExamHistory(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const assignedAt = ctx.clock.now();
    for (const exam of await demoExamsToAssign(tx))
      await assignParticipants(tx, exam, assignedAt, { notify: exam.status === ExamStatus.Published });
    const closed = await demoHistoryExam(tx);
    if (!closed) return;
    const now = ctx.clock.now().getTime();
    const learners = await findPeopleByAccount(tx, { company: DEMO_COMPANY.companySysCode, prefix: 'learner' });
    for (const [i, l] of learners.slice(0, 6).entries())
      await addHistory(tx, closed, l.id, 12 - i * 2, new Date(now - 35 * DAY + i * 3_600_000));
  });
}
