import { AnswerHidden, AnswerReview, ExamStatus, ExamUserStatus } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { joinMatchingExams, questionsByPaper } from '../../exams/public.ts';
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

/** A person's assigned exams (those their department or post matches are joined first) and their attempts of them. */
export interface LearnerExams {
  exams: repo.ExamRow[];
  attempts: repo.AttemptRow[];
}

export async function learnerExams(caller: Caller, userId: number): Promise<LearnerExams> {
  const db = caller.ctx.db;
  await joinMatchingExams(caller.ctx, userId, caller.now);
  const exams = (await attemptsRepo.assignedExamsOf(db, userId)).map((r) => r.exam);
  const attempts = await repo.attemptsOf(
    db,
    exams.map((e) => e.id),
    userId,
  );
  return { exams, attempts };
}

export const attemptsAt = (mine: LearnerExams, examId: number) => mine.attempts.filter((a) => a.examId === examId);

/** The exams other than `exceptExamId` the person can still take: published, open now or later, with an attempt open or left. */
export function takeableExams(mine: LearnerExams, now: Date, exceptExamId = 0): repo.ExamRow[] {
  return mine.exams.filter(
    (e) =>
      e.id !== exceptExamId && e.status === ExamStatus.Published && !examEnded(e, now) && attemptOpenOrLeft(e, attemptsAt(mine, e.id), now),
  );
}

/** What an exam can put before its learner: its paper's questions (a random paper: all it can draw) and the copies in their attempts. */
export interface ExamQuestions {
  paper: Set<string>;
  /** in any of the person's attempts of the exam */
  attempted: Set<string>;
  /** in an attempt of theirs still in progress */
  inProgress: Set<string>;
}

/** `ExamQuestions` of each of the exams, by exam id, in three statements whatever their number (fixed papers). */
export async function examQuestions(caller: Caller, userId: number, exams: repo.ExamRow[]): Promise<Map<number, ExamQuestions>> {
  const out = new Map<number, ExamQuestions>();
  if (!exams.length) return out;
  const db = caller.ctx.db;
  const [byPaper, copies] = await Promise.all([
    questionsByPaper(
      db,
      exams.map((e) => e.paperId),
    ),
    attemptsRepo.attemptQuestionCodesOf(
      db,
      userId,
      exams.map((e) => e.id),
    ),
  ]);
  for (const e of exams) out.set(e.id, { paper: byPaper.get(e.paperId) ?? new Set(), attempted: new Set(), inProgress: new Set() });
  for (const c of copies) {
    const sets = out.get(c.examId);
    sets?.attempted.add(c.qCode);
    if (c.status === ExamUserStatus.InProgress) sets?.inProgress.add(c.qCode);
  }
  return out;
}

/** The codes of `qCodes` that one of the `takeable` exams can still put before the person (their questions read by `examQuestions`). */
export function stillAnswerableIn(takeable: repo.ExamRow[], questions: Map<number, ExamQuestions>, qCodes: string[]): Set<string> {
  const reachable = new Set<string>();
  for (const e of takeable) {
    const sets = questions.get(e.id);
    for (const code of sets?.paper ?? []) reachable.add(code);
    for (const code of sets?.inProgress ?? []) reachable.add(code);
  }
  return new Set(qCodes.filter((c) => reachable.has(c)));
}

/**
 * The question codes (of `qCodes`) that are in another exam the person can still take: assigned
 * (exams their department or post matches are joined first), published, open now or later, with
 * an attempt open or left. A random paper counts every question its rules can draw.
 */
export async function questionsStillAnswerable(caller: Caller, userId: number, examId: number, qCodes: string[]): Promise<Set<string>> {
  const takeable = takeableExams(await learnerExams(caller, userId), caller.now, examId);
  return stillAnswerableIn(takeable, await examQuestions(caller, userId, takeable), qCodes);
}
