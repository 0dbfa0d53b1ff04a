import {
  type AnswerHidden,
  type ExamResultRow,
  type ExamResultView,
  ExamStatus,
  ExamUserStatus,
  formatDateTime,
  isAllowedViewAnswerOf,
  type LeaveKind,
  type MyExamCard,
  OPTION_KEYS,
  type PageResult,
  type UserExamDetail,
} from '@xuetu/contract';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import type { ExamRow, PaperRow } from '../../exams/public.ts';
import { examWithPaper, findVisibleExam } from '../../exams/public.ts';
import { attemptsAllowed } from '../attempts/attempts.service.ts';
import { inShownOrder, parseOptionOrder, shownOptions, toShownLetters } from '../attempts/shown.ts';
import { closeIfOverdue, closeOverdue, isOverdue, submittedByLeaves } from '../attempts/submission.ts';
import { authorize } from '../exam-taking.policy.ts';
import * as repo from '../exam-taking.repository.ts';
import { ownAttemptHidden } from '../marking/answer-review.ts';
import { examInScope } from '../marking/marking.service.ts';
import { joinMatchingExams } from '../roster/assignment.ts';
import * as roster from '../roster/roster.repository.ts';

/** Administrators who may read any attempt of their company's exams. */
export { RESULT_READERS } from '../exam-taking.policy.ts';

type Listed = { exam: ExamRow; paper: PaperRow; eu: roster.ExamUserRow };

function presentCard(row: Listed, attempts: repo.AttemptRow[], now: Date): MyExamCard {
  const { exam, paper, eu } = row;
  const open = attempts.find((a) => a.status === ExamUserStatus.InProgress);
  const last = [...attempts].reverse().find((a) => a.status === ExamUserStatus.Done);
  const ended = exam.status === ExamStatus.Closed || now >= exam.examEndTime;
  const allowed = attemptsAllowed(exam);
  return {
    examCode: exam.examCode,
    examName: exam.examName,
    examIntrduce: exam.examIntrduce,
    time: exam.time,
    totlescore: paper.totlescore,
    totleq: paper.totleq,
    type1: paper.type1,
    type2: paper.type2,
    type3: paper.type3,
    type4: paper.type4,
    type5: paper.type5,
    passScore: exam.passScore,
    score: exam.isConfidential === 1 ? null : eu.score,
    status: eu.status,
    attemptsUsed: attempts.length,
    attemptsAllowed: allowed,
    examStartTime: formatDateTime(exam.examStartTime),
    examEndTime: formatDateTime(exam.examEndTime),
    isAllow: exam.isAllow,
    isAllowCount: exam.isAllowCount,
    isAllowedViewAnswer: isAllowedViewAnswerOf(exam.answerReview),
    isConfidential: exam.isConfidential,
    mustCompleteBeforeStudy: exam.mustCompleteBeforeStudy,
    leaveLimit: exam.leaveLimit,
    requireFullScreen: exam.requireFullScreen,
    canBegin: open ? !isOverdue(open, now) : !ended && now >= exam.examStartTime && attempts.length < allowed,
    openUserpaperId: open && !isOverdue(open, now) ? open.id : null,
    lastUserpaperId: last?.id ?? null,
    ended,
  };
}

/** Before listing a learner's exams: assign exams their department/post now matches (ADR 0007 §5), close what timed out. */
async function refreshLearner(caller: Caller, userId: number): Promise<void> {
  await joinMatchingExams(caller.ctx, userId, caller.now);
  await closeOverdue(caller, userId);
}

/** GetMyExamList: the dashboard's exam cards. */
export async function listMyExams(
  caller: Caller,
  f: { status?: number; mustComplete: number },
  window: { limit: number; offset: number },
): Promise<PageResult<MyExamCard>> {
  const actor = requireActor(caller);
  await refreshLearner(caller, actor.userId);
  const { rows, total } = await roster.myExams(
    caller.ctx.db,
    actor.userId,
    { status: f.status, mustComplete: f.mustComplete === 1 },
    window,
  );
  const attempts = await repo.attemptsOf(
    caller.ctx.db,
    rows.map((r) => r.exam.id),
    actor.userId,
  );
  const now = caller.now;
  const models = rows.map((r) =>
    presentCard(
      r,
      attempts.filter((a) => a.examId === r.exam.id),
      now,
    ),
  );
  return { models: f.mustComplete ? models.filter((m) => !m.ended && m.canBegin) : models, totalCount: total };
}

/** IsExistImgExam: the learner has an open exam to complete before studying. */
export async function hasMandatoryExam(caller: Caller): Promise<boolean> {
  const page = await listMyExams(caller, { mustComplete: 1 }, { limit: 50, offset: 0 });
  return page.models.length > 0;
}

/**
 * GetExamDetail / GetUserExamDetail: the learner's view of an assigned exam with their attempts;
 * an administrator of the exam's company (not assigned to it) gets the exam with no attempts.
 */
export async function readExamDetail(caller: Caller, examCode: string): Promise<UserExamDetail> {
  const actor = requireActor(caller);
  const found = await findVisibleExam(caller.ctx.db, examCode);
  if (!found) throw appError('EXAM_NOT_FOUND');
  await closeOverdue(caller, actor.userId);
  const eu = await roster.findExamUser(caller.ctx.db, found.exam.id, actor.userId);
  if (!eu) {
    authorize(caller, 'previewExam', found.exam);
    const blank: roster.ExamUserRow = {
      examId: found.exam.id,
      userId: actor.userId,
      status: ExamUserStatus.Assigned,
      score: null,
      attempts: 0,
      source: '',
      createdAt: caller.now,
      notifiedAt: null,
    };
    return { ...presentCard({ ...found, eu: blank }, [], caller.now), canBegin: false, attempts: [] };
  }
  const attempts = await repo.attemptsOf(caller.ctx.db, [found.exam.id], actor.userId);
  const hidden = found.exam.isConfidential === 1;
  return {
    ...presentCard({ ...found, eu }, attempts, caller.now),
    attempts: attempts.map((a) => ({
      id: a.id,
      attemptNo: a.attemptNo,
      startTime: formatDateTime(a.startTime),
      endTime: formatDateTime(a.endTime),
      score: hidden || a.status !== ExamUserStatus.Done || a.delayMarkingPapers > 0 ? null : a.score,
      isPass: hidden ? -2 : a.isPass,
      delayMarkingPapers: a.delayMarkingPapers,
      status: a.status,
    })),
  };
}

/**
 * Which keys the reader of an attempt may not see (ADR 0036 §5): an administrator reading
 * another person's submitted attempt sees all; the learner what the exam's answerReview allows
 * now, and never a question that is in another exam they can still take.
 */
async function hiddenKeys(
  caller: Caller,
  own: boolean,
  attempt: repo.AttemptRow,
  exam: ExamRow,
  qCodes: string[],
): Promise<{ why: AnswerHidden | ''; hidden: (qCode: string) => boolean }> {
  if (attempt.status !== ExamUserStatus.Done) return { why: '', hidden: () => true };
  if (!own) return { why: '', hidden: () => false };
  const mine = await repo.attemptsOf(caller.ctx.db, [exam.id], attempt.userId);
  return ownAttemptHidden(caller, attempt.userId, exam, mine, qCodes);
}

/**
 * GetExamResult. Who may read: the learner their own attempts; an administrator holding a
 * result action any attempt of their company. What the learner sees (ADR 0036 §5): the key and
 * the analysis only once submitted and when answerReview allows it now, never for a question in
 * another exam they can still take (nor which objective questions they got right: on a
 * true/false question that is the key); nothing of the score when the exam is confidential
 * (isPass −2); no total while short answers await marking.
 */
export async function readExamResult(caller: Caller, userpaperId: number): Promise<ExamResultView> {
  const actor = requireActor(caller);
  let attempt = await repo.findAttempt(caller.ctx.db, userpaperId);
  if (!attempt) throw appError('ATTEMPT_NOT_FOUND');
  authorize(caller, 'readResult', attempt);
  const own = attempt.userId === actor.userId;
  if (isOverdue(attempt, caller.now) && (await closeIfOverdue(caller.ctx, attempt.id, caller.now)))
    attempt = (await repo.findAttempt(caller.ctx.db, userpaperId))!;
  if (own && attempt.status !== ExamUserStatus.Done) throw appError('ATTEMPT_IN_PROGRESS');
  const [{ exam, paper }, questions, names, leaves] = await Promise.all([
    examWithPaper(caller.ctx.db, attempt.examId),
    repo.attemptQuestions(caller.ctx.db, attempt.id),
    repo.peopleNames(caller.ctx.db, [attempt.userId]),
    repo.leavesOf(caller.ctx.db, [attempt.id]),
  ]);
  const submitted = attempt.status === ExamUserStatus.Done;
  const confidential = own && exam.isConfidential === 1;
  const waiting = attempt.delayMarkingPapers > 0;
  const keys = await hiddenKeys(
    caller,
    own,
    attempt,
    exam,
    questions.map((q) => q.qCode),
  );
  const person = names.get(attempt.userId);
  return {
    delayMarkingPapers: attempt.delayMarkingPapers,
    examinfo: {
      examCode: exam.examCode,
      examName: exam.examName,
      time: exam.time,
      totlescore: paper.totlescore,
      totleq: questions.length,
      type1: paper.type1,
      type2: paper.type2,
      type3: paper.type3,
      type4: paper.type4,
      type5: paper.type5,
      paperIntrduce: paper.paperIntrduce,
      isAllowedViewAnswer: isAllowedViewAnswerOf(exam.answerReview),
      answerReview: exam.answerReview,
      passScore: exam.passScore,
    },
    answersHidden: keys.why,
    paper: {
      id: attempt.id,
      chnName: person?.chnName ?? '',
      orgName: person?.orgName ?? '',
      score: confidential || (own && waiting) || !submitted ? null : attempt.score,
      isPass: exam.isConfidential === 1 ? -2 : attempt.isPass,
      startTime: formatDateTime(attempt.startTime),
      endTime: formatDateTime(attempt.endTime),
      status: attempt.status,
      leaveCount: attempt.leaveCount,
      leaves: (leaves.get(attempt.id) ?? []).map((l) => ({ kind: l.kind as LeaveKind, leftAt: formatDateTime(l.leftAt) })),
      leaveLimit: exam.leaveLimit,
      submittedByLeaves: submittedByLeaves(exam, attempt),
    },
    // as the attempt showed it: its order, its option order and letters (ADR 0040)
    exampaperquestionlist: inShownOrder(questions).map((q, i) => {
      const optionOrder = parseOptionOrder(q.optionOrder);
      const options = shownOptions(JSON.parse(q.options), optionOrder);
      const keyHidden = keys.hidden(q.qCode);
      // right or wrong on an objective question tells its key (a true/false one's outright)
      const scored = submitted && !confidential && q.marked === 1 && q.scoreGot !== null && !(keyHidden && q.qType !== 5);
      return {
        qCode: q.qCode,
        order: i + 1,
        qName: q.qName,
        ...(Object.fromEntries(OPTION_KEYS.map((k, i) => [k, options[i] ?? ''])) as Record<(typeof OPTION_KEYS)[number], string>),
        qType: q.qType,
        answer: keyHidden ? '' : toShownLetters(q.qType, optionOrder, q.answer),
        answerStr: toShownLetters(q.qType, optionOrder, q.answerStr ?? ''),
        scoreStr: scored ? String(q.scoreGot) : '',
        isPass: scored ? q.isPass : 0,
        difficulty: q.difficulty,
        score: q.score,
        analysis: keyHidden ? '' : q.analysis,
        comment: submitted && !confidential ? q.comment : '',
        marked: q.marked,
      };
    }),
  };
}

/** GetExamResultList: one row per attempt of an exam of the administrator's company. */
export async function listExamResults(caller: Caller, examCode: string): Promise<ExamResultRow[]> {
  const found = await examInScope(caller, examCode);
  await closeOverdueOfExam(caller, found.exam.id);
  const attempts = await repo.examAttempts(caller.ctx.db, caller.scope, found.exam.id);
  const [names, leaves] = await Promise.all([
    repo.peopleNames(
      caller.ctx.db,
      attempts.map((a) => a.userId),
    ),
    repo.leavesOf(
      caller.ctx.db,
      attempts.filter((a) => a.leaveCount > 0).map((a) => a.id),
    ),
  ]);
  const confidential = found.exam.isConfidential === 1;
  return attempts.map((a) => {
    const p = names.get(a.userId);
    return {
      id: a.id,
      userId: a.userId,
      chnName: p?.chnName ?? '',
      accountCode: p?.accountCode ?? '',
      orgName: p?.orgName ?? '',
      attemptNo: a.attemptNo,
      startTime: formatDateTime(a.startTime),
      endTime: formatDateTime(a.endTime),
      score: a.status === ExamUserStatus.Done ? a.score : null,
      // spec: −2 marks a confidential result (the list hides its view link); administrators still see the score
      isPass: confidential ? -2 : a.isPass,
      delayMarkingPapers: a.delayMarkingPapers,
      status: a.status,
      leaveCount: a.leaveCount,
      leaveTimes: (leaves.get(a.id) ?? []).map((l) => formatDateTime(l.leftAt)),
    };
  });
}

async function closeOverdueOfExam(caller: Caller, examId: number): Promise<void> {
  for (const a of await repo.examAttempts(caller.ctx.db, caller.scope, examId))
    if (isOverdue(a, caller.now)) await closeIfOverdue(caller.ctx, a.id, caller.now);
}
