import { ExamUserStatus, SAVE_GRACE_MS } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { examWithPaper } from '../../exams/public.ts';
import * as repo from '../exam-taking.repository.ts';
import { markQuestion, sumScores } from '../marking/scoring.ts';
import { resultChanged } from '../results/standing-hook.ts';
import * as roster from '../roster/roster.repository.ts';
import * as attemptsRepo from './attempts.repository.ts';

/** An open attempt is over once its deadline and the save grace have passed. */
export const isOverdue = (a: { status: number; deadline: Date }, now: Date) =>
  a.status === ExamUserStatus.InProgress && a.deadline.getTime() + SAVE_GRACE_MS <= now.getTime();

/**
 * The attempt was submitted because its page was left more often than the exam allows (issue 38
 * item 11). Told from the count, not stored: leaves are counted only while the attempt is open,
 * and the leave that passes the limit closes it in the same transaction (reportLeave), so a count
 * above the limit happens only that way; the limit cannot change once anyone has begun.
 */
export const submittedByLeaves = (exam: { leaveLimit: number }, attempt: { status: number; leaveCount: number }) =>
  attempt.status === ExamUserStatus.Done && exam.leaveLimit > 0 && attempt.leaveCount > exam.leaveLimit;

/**
 * Scores an attempt and closes it, inside the caller's transaction, with the attempt row
 * already locked. Types 1–4 are marked at once; answered short answers wait for a marker
 * (delayMarkingPapers counts them), unanswered ones score 0. Closing is a conditional update,
 * so an attempt is scored exactly once whoever gets there first (learner, job, on-read).
 */
export async function scoreAndClose(tx: DbOrTx, attempt: repo.AttemptRow, now: Date, auto: boolean): Promise<boolean> {
  if (attempt.status !== ExamUserStatus.InProgress) return false;
  const { exam } = await examWithPaper(tx, attempt.examId);
  const questions = await repo.attemptQuestions(tx, attempt.id);
  const marks = questions.map((q) => {
    const auto = markQuestion(q, q.answerStr, exam.isPartialCredit === 1);
    if (auto) return { qCode: q.qCode, ...auto, marked: 1 };
    const answered = (q.answerStr ?? '') !== '';
    return { qCode: q.qCode, scoreGot: answered ? null : 0, isPass: 0, marked: answered ? 0 : 1 };
  });
  const delay = marks.filter((m) => m.marked === 0).length;
  const score = sumScores(marks.map((m) => m.scoreGot));
  const closed = await attemptsRepo.closeAttempt(tx, attempt.id, {
    // an attempt the deadline closed ended at its deadline, not when someone noticed
    endTime: auto ? attempt.deadline : now,
    score,
    isPass: delay === 0 && score >= exam.passScore ? 1 : 0,
    delayMarkingPapers: delay,
    autoSubmitted: auto ? 1 : 0,
  });
  if (!closed) return false;
  await attemptsRepo.writeMarks(tx, attempt.id, marks);
  await roster.updateExamUser(tx, attempt.examId, attempt.userId, {
    status: ExamUserStatus.Done,
    score: await repo.bestScore(tx, attempt.examId, attempt.userId),
  });
  // modules above (certificates) act on the new result in this transaction
  await resultChanged(tx, { examId: attempt.examId, userId: attempt.userId, now });
  return true;
}

/**
 * Closes one attempt if its time is up at `now` (the deadline job and on-read closing). It takes a
 * context, not a Caller, because the deadline job calls it; services pass `caller.now`.
 */
export async function closeIfOverdue(ctx: AppContext, userpaperId: number, now = ctx.clock.now()): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const attempt = await repo.findAttempt(tx, userpaperId, 'update');
    if (!attempt || !isOverdue(attempt, now)) return false;
    return scoreAndClose(tx, attempt, now, true);
  });
}

/** Closes every overdue attempt (of one person, or all) at the caller's time: on-read closing. */
export async function closeOverdue(caller: Caller, userId?: number, batch = 500): Promise<number> {
  const { ctx, now } = caller;
  let closed = 0;
  for (;;) {
    const ids = await attemptsRepo.overdueAttemptIds(ctx.db, new Date(now.getTime() - SAVE_GRACE_MS), batch, userId);
    for (const id of ids) if (await closeIfOverdue(ctx, id, now)) closed++;
    if (ids.length < batch) return closed;
  }
}
