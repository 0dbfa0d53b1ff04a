import { AnswerHidden, AnswerReview, ExamStatus, ExamUserStatus } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { joinMatchingExams, questionsOfPapers } from '../../exams/public.ts';
import * as attemptsRepo from '../attempts/attempts.repository.ts';
import { attemptsAllowed } from '../attempts/attempts.service.ts';
import { isOverdue } from '../attempts/submission.ts';
import * as repo from '../exam-taking.repository.ts';

// When a learner sees the key (and the analysis, and which questions they got right) of their
// own submitted attempt (issue 22 item 2, ADR 0036 §5). Two rules: the exam's setting
// (answerReview) decides for this exam, and a question that is in another exam the learner can
// still take is hidden whatever the setting says. Administrators reading another person's
// attempt always see the key.

type ExamRule = Pick<repo.ExamRow, 'answerReview' | 'isConfidential' | 'status' | 'examEndTime' | 'isAllow' | 'isAllowCount'>;
type Attempt = Pick<repo.AttemptRow, 'status' | 'deadline'>;

/** The exam can no longer be taken by anyone: closed by an administrator or past its window. */
export const examEnded = (exam: Pick<repo.ExamRow, 'status' | 'examEndTime'>, now: Date) =>
  exam.status === ExamStatus.Closed || now >= exam.examEndTime;

/** An attempt is open (still in time) or another one may begin. */
export function attemptOpenOrLeft(exam: Pick<repo.ExamRow, 'isAllow' | 'isAllowCount'>, attempts: Attempt[], now: Date) {
  const open = attempts.some((a) => a.status === ExamUserStatus.InProgress && !isOverdue(a, now));
  return open || attempts.length < attemptsAllowed(exam);
}

/**
 * This exam's own rule for its learner (pure): '' when the setting lets them see the keys now,
 * otherwise why not. `attempts` are all of the learner's attempts of the exam.
 */
export function examReviewRule(exam: ExamRule, attempts: Attempt[], now: Date): AnswerHidden | '' {
  if (exam.isConfidential === 1) return AnswerHidden.Confidential;
  switch (exam.answerReview) {
    case AnswerReview.Never:
      return AnswerHidden.Never;
    // the administrator's choice: the editor warns that it lets a learner retake with the key;
    // still not while they are answering another attempt of it
    case AnswerReview.AfterEach:
      return attempts.some((a) => a.status === ExamUserStatus.InProgress && !isOverdue(a, now)) ? AnswerHidden.AttemptOpen : '';
    case AnswerReview.AfterClose:
      return examEnded(exam, now) ? '' : AnswerHidden.ExamOpen;
    default:
      return !examEnded(exam, now) && attemptOpenOrLeft(exam, attempts, now) ? AnswerHidden.AttemptsLeft : '';
  }
}

/**
 * The question codes (of `qCodes`) that are in another exam the person can still take: assigned
 * (exams their department or post matches are joined first), published, open now or later, with
 * an attempt open or left. A random paper counts every question its rules can draw.
 */
export async function questionsStillAnswerable(caller: Caller, userId: number, examId: number, qCodes: string[]): Promise<Set<string>> {
  const db = caller.ctx.db;
  const now = caller.now;
  await joinMatchingExams(caller.ctx, userId, now);
  const unended = await attemptsRepo.unendedExamsOf(db, userId, now, examId);
  if (!unended.length) return new Set();
  const attempts = await repo.attemptsOf(
    db,
    unended.map((e) => e.id),
    userId,
  );
  const takeable = unended.filter((e) =>
    attemptOpenOrLeft(
      e,
      attempts.filter((a) => a.examId === e.id),
      now,
    ),
  );
  if (!takeable.length) return new Set();
  const [reachable, open] = await Promise.all([
    questionsOfPapers(
      db,
      takeable.map((e) => e.paperId),
    ),
    attemptsRepo.openAttemptQuestionCodes(
      db,
      userId,
      takeable.map((e) => e.id),
    ),
  ]);
  for (const code of open) reachable.add(code);
  return new Set(qCodes.filter((c) => reachable.has(c)));
}
