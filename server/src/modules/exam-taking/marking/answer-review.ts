import { AnswerHidden, AnswerReview, ExamStatus, ExamUserStatus } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import type { ExamRow } from '../../exams/public.ts';
import { fixedPaperQuestionsAmong } from '../../exams/public.ts';
import * as attemptsRepo from '../attempts/attempts.repository.ts';
import { attemptsAllowed } from '../attempts/attempts.service.ts';
import { isOverdue } from '../attempts/submission.ts';
import type * as repo from '../exam-taking.repository.ts';
import { type LearnerExams, learnerExams } from '../roster/learner-exams.ts';

// When a learner sees the key (and the analysis, and which questions they got right) of their
// own submitted attempt (issue 22 item 2, ADR 0036 §5). Two rules: the exam's setting
// (answerReview) decides for this exam, and a question the learner can still answer elsewhere
// (heldQuestions) is hidden whatever the setting says — in results, the 错题本 and practice alike.
// Administrators reading another person's attempt always see the key.

type ExamRule = Pick<ExamRow, 'answerReview' | 'isConfidential' | 'status' | 'examEndTime' | 'isAllow' | 'isAllowCount'>;
type Attempt = Pick<repo.AttemptRow, 'status' | 'deadline'>;

/** The exam can no longer be taken by anyone: closed by an administrator or past its window. */
export const examEnded = (exam: Pick<ExamRow, 'status' | 'examEndTime'>, now: Date) =>
  exam.status === ExamStatus.Closed || now >= exam.examEndTime;

/** An attempt is open (still in time) or another one may begin. */
export function attemptOpenOrLeft(exam: Pick<ExamRow, 'isAllow' | 'isAllowCount'>, attempts: Attempt[], now: Date) {
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

export const attemptsAt = (mine: LearnerExams, examId: number) => mine.attempts.filter((a) => a.examId === examId);

/** The exams other than `exceptExamId` the person can still take: published, open now or later, with an attempt open or left. */
export function takeableExams(mine: LearnerExams, now: Date, exceptExamId = 0): ExamRow[] {
  return mine.exams.filter(
    (e) =>
      e.id !== exceptExamId && e.status === ExamStatus.Published && !examEnded(e, now) && attemptOpenOrLeft(e, attemptsAt(mine, e.id), now),
  );
}

/** Where each question a learner can still answer is held: the exam, and why (`questionHolds`). */
export type QuestionHolds = Map<string, { examId: number; why: AnswerHidden }[]>;

/**
 * THE rule of which keys stay hidden from a learner, per question (ADR 0036 §5, scoped by
 * issue 38 items 2 and 9), for every place a key or a right/wrong mark could show — a result
 * (after the exam's own examReviewRule), the 错题本 and practice: of `qCodes`, the questions the
 * learner can still answer, and where —
 * - `attemptOpen`: in an attempt of theirs still open (its drawn copy, random papers too);
 * - `otherExam`: on the fixed paper of an exam they can still sit (takeableExams).
 * Nothing else hides a question: a random paper's rules can draw from the whole bank and would
 * make every question secret (its attempts count once drawn), and an ended exam's own settings
 * (never, confidential) are its result's business, not its questions' forever. Four statements
 * whatever the number of questions and exams (assignments, exams with attempts, then both lookups).
 */
export async function questionHolds(caller: Caller, userId: number, qCodes: string[]): Promise<QuestionHolds> {
  const out: QuestionHolds = new Map();
  if (!qCodes.length) return out;
  const now = caller.now;
  const mine = await learnerExams(caller, userId);
  const open = mine.attempts.filter((a) => a.status === ExamUserStatus.InProgress && !isOverdue(a, now));
  const takeable = takeableExams(mine, now);
  const [inAttempts, onPapers] = await Promise.all([
    attemptsRepo.attemptQuestionsAmong(
      caller.ctx.db,
      open.map((a) => a.id),
      qCodes,
    ),
    fixedPaperQuestionsAmong(
      caller.ctx.db,
      takeable.map((e) => e.paperId),
      qCodes,
    ),
  ]);
  const add = (qCode: string, examId: number, why: AnswerHidden) => out.set(qCode, [...(out.get(qCode) ?? []), { examId, why }]);
  // the longer-lasting reason first (till the exam ends), then an attempt being answered now
  for (const e of takeable) for (const r of onPapers) if (r.paperId === e.paperId) add(r.qCode, e.id, AnswerHidden.OtherExam);
  const examOfAttempt = new Map(open.map((a) => [a.id, a.examId]));
  for (const r of inAttempts) add(r.qCode, examOfAttempt.get(r.userpaperId) ?? 0, AnswerHidden.AttemptOpen);
  return out;
}

/** The held questions (of `questionHolds`) and why, leaving out what only `exceptExamId` holds (its result's own rule decides for it). */
export function heldExcept(holds: QuestionHolds, exceptExamId = 0): Map<string, AnswerHidden> {
  const out = new Map<string, AnswerHidden>();
  for (const [qCode, by] of holds) {
    const first = by.find((h) => h.examId !== exceptExamId);
    if (first) out.set(qCode, first.why);
  }
  return out;
}

/**
 * What a learner may not see now of their own submitted attempt of `exam` (its result, and the
 * 错题本's copy of its wrong answers): every key while the exam's rule says so (`why`), otherwise
 * the keys of the questions (of `qCodes`) they can still answer in another exam. `holds`: read
 * already for several attempts at once (the 错题本), else read here.
 */
export async function ownAttemptHidden(
  caller: Caller,
  userId: number,
  exam: ExamRule & { id: number },
  mine: Attempt[],
  qCodes: string[],
  holds?: QuestionHolds,
): Promise<{ why: AnswerHidden | ''; hidden: (qCode: string) => boolean }> {
  const why = examReviewRule(exam, mine, caller.now);
  if (why) return { why, hidden: () => true };
  const held = heldExcept(holds ?? (await questionHolds(caller, userId, qCodes)), exam.id);
  return { why: held.size ? AnswerHidden.OtherExam : '', hidden: (qCode) => held.has(qCode) };
}
