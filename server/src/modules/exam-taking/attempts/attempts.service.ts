import { randomInt } from 'node:crypto';
import type { examPaperInput, reportLeaveInput, saveAnswerInput } from '@xuetu/contract';
import {
  type BeginExamResult,
  countBlanks,
  type ExamPaperView,
  ExamStatus,
  ExamUserStatus,
  formatDateTime,
  OPTION_KEYS,
  type ReportLeaveResult,
  SAVE_GRACE_MS,
  type SaveAnswerResult,
  type SubmitExamResult,
} from '@xuetu/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError } from '../../../platform/errors.ts';
import { batchElseOneByOne, groupCommit } from '../../../platform/group-commit.ts';
import { enqueueJobs } from '../../../platform/jobs/index.ts';
import { localCache } from '../../../platform/local-cache.ts';
import { inTransaction } from '../../../platform/tx.ts';
import type { ExamRow } from '../../exams/public.ts';
import { examWithPaper, findVisibleExam, visibleExamsByCode } from '../../exams/public.ts';
import { authorize } from '../exam-taking.policy.ts';
import * as repo from '../exam-taking.repository.ts';
import { closeAttemptJob } from '../jobs.ts';
import { givenToWire, normalizeGiven } from '../marking/scoring.ts';
import * as roster from '../roster/roster.repository.ts';
import { type NewAttempt, type StoredAttempt, storeAttempts } from './attempt-store.repository.ts';
import * as attemptsRepo from './attempts.repository.ts';
import { inShownOrder, parseOptionOrder, shownOptions, toPaperLetters, toShownLetters } from './shown.ts';
import { closeIfOverdue, isOverdue, scoreAndClose } from './submission.ts';

const remaining = (deadline: Date, now: Date) => Math.max(0, Math.floor((deadline.getTime() - now.getTime()) / 1000));

/** How many attempts a person may make: isAllowCount when repeats are allowed, else one. */
export const attemptsAllowed = (exam: { isAllow: number; isAllowCount: number }) =>
  exam.isAllow === 1 ? Math.max(1, exam.isAllowCount) : 1;

function beginView(examCode: string, attempt: Pick<repo.AttemptRow, 'id' | 'deadline'>, isSubExam: boolean, now: Date): BeginExamResult {
  return {
    examCode,
    isSubExam,
    userpaperId: attempt.id,
    userpaper: { id: attempt.id },
    deadline: formatDateTime(attempt.deadline),
    serverNow: formatDateTime(now),
    remainingSeconds: isSubExam ? 0 : remaining(attempt.deadline, now),
  };
}

const deadlineOf = (exam: ExamRow, now: Date) => new Date(Math.min(now.getTime() + exam.time * 60_000, exam.examEndTime.getTime()));

/**
 * BeginExam: resumes the open attempt (another device, a reload) or starts a new one. The
 * exam-user row is locked first, so two begins at once give one attempt (the partial unique
 * index on open attempts is the second guard). The deadline is fixed here: the earlier of
 * begin + time and the window's end. With no attempt left it answers isSubExam with the latest
 * submitted attempt, which the dashboard shows as the result.
 *
 * Begins and resumes go together with the others arriving meanwhile ({@link begins}, ADR 0048);
 * what the batch leaves (an overdue open attempt to close, an exam not open, no attempt left, a
 * person not assigned, a batch that failed) goes the single way, {@link beginAlone}.
 */
export async function beginExam(caller: Caller, examCode: string): Promise<BeginExamResult> {
  const actor = requireActor(caller);
  const together = await begins(caller.ctx).submit({ examCode, userId: actor.userId, now: caller.now });
  return together ?? beginAlone(caller, examCode, actor.userId);
}

async function beginAlone(caller: Caller, examCode: string, userId: number): Promise<BeginExamResult> {
  const found = await findVisibleExam(caller.ctx.db, examCode);
  if (!found) throw appError('EXAM_NOT_FOUND');
  const { exam } = found;
  const now = caller.now;
  return inTransaction(caller, async (tx) => {
    const eu = await roster.findExamUser(tx, exam.id, userId, true);
    if (!eu) throw appError('EXAM_NOT_FOUND');
    const mine = await repo.attemptsOf(tx, [exam.id], userId);
    const open = mine.find((a) => a.status === ExamUserStatus.InProgress);
    if (open && !isOverdue(open, now)) return beginView(exam.examCode, open, false, now);
    if (open) await scoreAndClose(tx, open, now, true);
    const latest = [...mine].reverse().find((a) => a.status === ExamUserStatus.Done || a === open);
    if (exam.status === ExamStatus.Closed || now >= exam.examEndTime) {
      if (latest) return beginView(exam.examCode, latest, true, now);
      throw appError('EXAM_ENDED');
    }
    if (now < exam.examStartTime) throw appError('EXAM_NOT_OPEN');
    if (mine.length >= attemptsAllowed(exam)) {
      if (latest) return beginView(exam.examCode, latest, true, now);
      throw appError('EXAM_NO_ATTEMPTS');
    }
    const [started] = await startAttempts(tx, exam, [newAttempt(exam, userId, mine.length + 1, now)]);
    return beginView(exam.examCode, started!, false, now);
  });
}

const newAttempt = (exam: ExamRow, userId: number, attemptNo: number, now: Date): NewAttempt => ({
  userId,
  attemptNo,
  seed: randomInt(0, 2 ** 31 - 1),
  startTime: now,
  deadline: deadlineOf(exam, now),
});

/**
 * New attempts of one exam (one from a begin alone, many from a batch): stored with their drawn
 * questions, the people's exam-user rows in progress with their attempt counts, and each attempt's
 * close job at its deadline plus the save grace. Answers in the order given.
 */
async function startAttempts(tx: Tx, exam: ExamRow, attempts: NewAttempt[]): Promise<StoredAttempt[]> {
  const stored = await storeAttempts(tx, exam, attempts);
  await roster.markBegun(
    tx,
    exam.id,
    attempts.map((a) => ({ userId: a.userId, attempts: a.attemptNo })),
  );
  await enqueueJobs(
    tx,
    closeAttemptJob,
    stored.map((row, k) => ({
      payload: { userpaperId: row.id },
      opts: { now: attempts[k]!.startTime, runAt: new Date(row.deadline.getTime() + SAVE_GRACE_MS) },
    })),
  );
  return stored;
}

interface BeginItem {
  examCode: string;
  userId: number;
  now: Date;
}

/**
 * The begins arriving while the previous batch is written, written together (group commit, ADR
 * 0024 and 0048): per exam, the people's exam-user rows locked in user order, their attempts read,
 * the new attempts drawn, stored and scheduled to close with one statement each, in one
 * transaction. A resume is answered from the same read. An item answered null goes the single
 * way; when the batch fails as a whole, every item does.
 */
export const begins = (ctx: AppContext) =>
  groupCommit<BeginItem, BeginExamResult | null>(ctx, 'exam-taking.begins', {
    maxSize: 200,
    // PostgreSQL works on two batches at once (one more pooled connection); PGlite on one
    concurrency: ctx.database.kind === 'postgres' ? 2 : 1,
    key: (b) => `${b.examCode}:${b.userId}`,
    run: async (items) => {
      try {
        return await inTransaction(ctx, (tx) => beginTogether(tx, items));
      } catch {
        return items.map(() => null);
      }
    },
  });

async function beginTogether(tx: Tx, items: BeginItem[]): Promise<(BeginExamResult | Error | null)[]> {
  const out: (BeginExamResult | Error | null)[] = items.map(() => null);
  const exams = await visibleExamsByCode(tx, [...new Set(items.map((b) => b.examCode))]);
  const byExam = new Map<number, number[]>();
  items.forEach((b, n) => {
    const exam = exams.get(b.examCode);
    if (exam) byExam.set(exam.id, [...(byExam.get(exam.id) ?? []), n]);
    else out[n] = appError('EXAM_NOT_FOUND');
  });
  // exams in id order, people in user order: every batch locks in the same order
  for (const examId of [...byExam.keys()].sort((a, b) => a - b)) {
    const ns = byExam.get(examId)!;
    const exam = exams.get(items[ns[0]!]!.examCode)!;
    const { examUsers, attempts } = await attemptsRepo.lockBeginners(
      tx,
      examId,
      ns.map((n) => items[n]!.userId),
    );
    const assigned = new Set(examUsers.map((e) => e.userId));
    const mineOf = new Map<number, repo.AttemptRow[]>();
    for (const a of attempts) mineOf.set(a.userId, [...(mineOf.get(a.userId) ?? []), a]);
    const starting: { n: number; attempt: NewAttempt }[] = [];
    for (const n of ns) {
      const { userId, now } = items[n]!;
      if (!assigned.has(userId)) continue;
      const mine = mineOf.get(userId) ?? [];
      const open = mine.find((a) => a.status === ExamUserStatus.InProgress);
      if (open) {
        if (!isOverdue(open, now)) out[n] = beginView(exam.examCode, open, false, now);
        continue;
      }
      if (exam.status === ExamStatus.Closed || now >= exam.examEndTime || now < exam.examStartTime) continue;
      if (mine.length >= attemptsAllowed(exam)) continue;
      starting.push({ n, attempt: newAttempt(exam, userId, mine.length + 1, now) });
    }
    if (!starting.length) continue;
    const stored = await startAttempts(
      tx,
      exam,
      starting.map((s) => s.attempt),
    );
    stored.forEach((row, k) => {
      const n = starting[k]!.n;
      out[n] = beginView(exam.examCode, row, false, items[n]!.now);
    });
  }
  return out;
}

/** The caller's own attempt, after closing it if its time is up; another person's answers like a missing one. */
async function ownAttempt(caller: Caller, userpaperId: number): Promise<repo.AttemptRow> {
  requireActor(caller);
  let attempt = await repo.findAttempt(caller.ctx.db, userpaperId);
  if (!attempt) throw appError('ATTEMPT_NOT_FOUND');
  authorize(caller, 'take', attempt);
  if (isOverdue(attempt, caller.now) && (await closeIfOverdue(caller.ctx, attempt.id, caller.now)))
    attempt = (await repo.findAttempt(caller.ctx.db, userpaperId))!;
  return attempt;
}

/**
 * GetExamPaper: the attempt's questions in the order it shows them, options and saved answers in
 * its letters (ADR 0040), the flags, and the server's clock. Never the key or the analysis. With a `holder` (and not `takeOver: 0`) the page
 * becomes the attempt's holder before the answers are read, so what it shows is what the server
 * holds from then on: another page's later saves are refused (issue 23 item 3).
 */
export async function readExamPaper(
  caller: Caller,
  input: Pick<z.output<typeof examPaperInput>, 'userpaperId'> & Partial<z.output<typeof examPaperInput>>,
): Promise<ExamPaperView> {
  const { userpaperId, holder } = input;
  let attempt = await ownAttempt(caller, userpaperId);
  if (holder && input.takeOver !== 0 && attempt.status === ExamUserStatus.InProgress && attempt.holder !== holder) {
    await attemptsRepo.claimAttempt(caller.ctx.db, attempt.id, attempt.userId, holder);
    attempt = (await repo.findAttempt(caller.ctx.db, userpaperId))!;
  }
  const [{ exam, paper }, questions] = await Promise.all([
    examWithPaper(caller.ctx.db, attempt.examId),
    repo.attemptQuestions(caller.ctx.db, attempt.id),
  ]);
  const now = caller.now;
  // the saves that follow the page load check against the same frozen questions
  if (attempt.status === ExamUserStatus.InProgress)
    await cacheShape(caller, {
      id: attempt.id,
      userId: attempt.userId,
      deadlineMs: attempt.deadline.getTime(),
      questions: attemptsRepo.shapeOf(questions),
    });
  // stored in the paper's letters, shown in this attempt's (ADR 0040)
  const answers: Record<string, string | string[]> = {};
  const seqs: Record<string, number> = {};
  for (const q of questions) {
    if (q.answerStr) answers[q.qCode] = givenToWire(q.qType, toShownLetters(q.qType, parseOptionOrder(q.optionOrder), q.answerStr));
    if (q.answerSeq) seqs[q.qCode] = q.answerSeq;
  }
  return {
    userpaperId: attempt.id,
    examCode: exam.examCode,
    examName: exam.examName,
    time: exam.time,
    totlescore: paper.totlescore,
    totleq: questions.length,
    status: attempt.status,
    questions: inShownOrder(questions).map((q, i) => {
      const options = shownOptions(JSON.parse(q.options), parseOptionOrder(q.optionOrder));
      return {
        qCode: q.qCode,
        order: i + 1,
        qType: q.qType,
        qName: q.qName,
        ...(Object.fromEntries(OPTION_KEYS.map((k, i) => [k, options[i] ?? ''])) as Record<(typeof OPTION_KEYS)[number], string>),
        score: q.score,
        blankCount: q.qType === 4 ? countBlanks(q.qName) : 0,
      };
    }),
    answers,
    seqs,
    flags: questions.filter((q) => q.flagged === 1).map((q) => q.qCode),
    deadline: formatDateTime(attempt.deadline),
    serverNow: formatDateTime(now),
    deadlineMs: attempt.deadline.getTime(),
    serverNowMs: now.getTime(),
    remainingSeconds: attempt.status === ExamUserStatus.InProgress ? remaining(attempt.deadline, now) : 0,
    heldHere: !!holder && attempt.holder === holder,
    leaveLimit: exam.leaveLimit,
    leaveCount: attempt.leaveCount,
    leavesLeft: leavesLeft(exam.leaveLimit, attempt.leaveCount),
    requireFullScreen: exam.requireFullScreen,
  };
}

const leavesLeft = (limit: number, count: number) => (limit > 0 ? Math.max(0, limit - count) : 0);

/**
 * ReportLeave (issue 26 item 3, ADR 0040): one leave of the exam page, counted by the server once
 * per client event id (a retry after the page was offline is not counted again). With the exam's
 * leave limit passed, the server submits the attempt by the same path as SubmitExam; the page
 * only shows what this answers. A leave reported after the attempt closed is not counted.
 */
export async function reportLeave(caller: Caller, input: z.output<typeof reportLeaveInput>): Promise<ReportLeaveResult> {
  const first = await ownAttempt(caller, input.userpaperId);
  const now = caller.now;
  return inTransaction(caller, async (tx) => {
    const attempt = (await repo.findAttempt(tx, first.id, 'update'))!;
    const { exam } = await examWithPaper(tx, attempt.examId);
    const limit = exam.leaveLimit;
    const answer = (leaveCount: number, submitted: boolean, duplicate: boolean): ReportLeaveResult => ({
      leaveCount,
      leaveLimit: limit,
      leavesLeft: submitted ? 0 : leavesLeft(limit, leaveCount),
      submitted,
      duplicate,
    });
    if (attempt.status !== ExamUserStatus.InProgress) return answer(attempt.leaveCount, true, false);
    if (limit <= 0) return answer(attempt.leaveCount, false, false);
    if (input.holder && attempt.holder && attempt.holder !== input.holder) throw appError('ATTEMPT_TAKEN_OVER');
    // the page's clock when it is plausible (within the attempt), else the server's
    const leftAtMs = input.leftAtMs;
    const leftAt =
      leftAtMs !== undefined && leftAtMs >= attempt.startTime.getTime() && leftAtMs <= now.getTime() ? new Date(leftAtMs) : now;
    const { added, leaveCount } = await repo.recordLeave(tx, {
      userpaperId: attempt.id,
      eventId: input.eventId,
      kind: input.kind,
      leftAt,
      receivedAt: now,
    });
    if (leaveCount <= limit) return answer(leaveCount, false, !added);
    const fresh = (await repo.findAttempt(tx, attempt.id))!;
    await scoreAndClose(tx, fresh, now, isOverdue(fresh, now));
    return answer(leaveCount, true, !added);
  });
}

/**
 * The attempt's fixed parts SaveAnswer checks against, cached until its deadline has long passed:
 * in this process first (they never change, and every save reads them), then the shared cache.
 */
async function cachedShape(caller: Caller, userpaperId: number): Promise<attemptsRepo.AttemptShape | undefined> {
  const local = localShapes(caller);
  const mine = local.get(userpaperId);
  if (mine) return mine;
  const key = `ux:shape:${userpaperId}`;
  const hit = await caller.ctx.cache.get<attemptsRepo.AttemptShape>(key);
  if (hit) {
    keepLocally(caller, userpaperId, hit);
    return hit;
  }
  const shape = await attemptsRepo.attemptShape(caller.ctx.db, userpaperId);
  if (shape) await cacheShape(caller, { ...shape, id: userpaperId });
  return shape;
}

const localShapes = (caller: Caller) =>
  localCache<number, attemptsRepo.AttemptShape>(caller.ctx, 'userexam.shapes', { max: 5_000, ttlMs: 3_600_000 });

/** Kept in this process until its deadline and the save grace have passed (at most the cache's hour). */
function keepLocally(caller: Caller, id: number, shape: attemptsRepo.AttemptShape) {
  const ttl = shape.deadlineMs + SAVE_GRACE_MS - caller.now.getTime() + 60_000;
  if (ttl > 0) localShapes(caller).set(id, shape, { ttl: Math.min(ttl, 3_600_000) });
}

async function cacheShape(caller: Caller, shape: attemptsRepo.AttemptShape & { id?: number }) {
  const { id, ...value } = shape;
  const ttl = Math.ceil((value.deadlineMs + SAVE_GRACE_MS - caller.now.getTime()) / 1000) + 60;
  if (ttl > 0 && id) {
    await caller.ctx.cache.set(`ux:shape:${id}`, value, Math.min(ttl, 24 * 3600));
    keepLocally(caller, id, value);
  }
}

/**
 * SaveAnswer: idempotent and ordered by the client's seq (a late or repeated request never
 * overwrites a newer answer). Refused once submitted or after the deadline and its grace. The
 * answer is checked against the attempt's frozen question (cached), then written by one
 * statement that share-locks the attempt row, so a submit waits for saves in flight and scores
 * what they wrote (ADR 0036 §2).
 */
export async function saveAnswer(caller: Caller, input: z.output<typeof saveAnswerInput>): Promise<SaveAnswerResult> {
  const actor = requireActor(caller);
  const shape = await cachedShape(caller, input.userpaperId);
  if (!shape || shape.userId !== actor.userId) throw appError('ATTEMPT_NOT_FOUND');
  const now = caller.now;
  const q = shape.questions[input.qCode];
  const change: { answerStr?: string; flagged?: number } = {};
  if (q && input.answer !== undefined) {
    const checked = normalizeGiven(q, input.answer);
    if (!checked.ok) throw appError(checked.code);
    // the page's letters → the paper's: what is stored and scored (ADR 0040)
    change.answerStr = toPaperLetters(q.qType, q.optionOrder ?? [], checked.value);
  }
  if (input.flag !== undefined) change.flagged = input.flag;
  const saved = await saves(caller.ctx).submit({
    userpaperId: input.userpaperId,
    userId: actor.userId,
    qCode: input.qCode,
    seq: input.seq,
    ...change,
    cutoff: new Date(now.getTime() - SAVE_GRACE_MS),
    holder: input.holder,
  });
  if (!saved) throw appError('ATTEMPT_NOT_FOUND');
  // closed by its deadline (job or on-read) rather than by the learner: say the time is up
  if (saved.status !== ExamUserStatus.InProgress) throw appError(saved.autoSubmitted ? 'ATTEMPT_TIME_UP' : 'ATTEMPT_SUBMITTED');
  if (shape.deadlineMs + SAVE_GRACE_MS <= now.getTime()) {
    // on-read closing: nobody has submitted it yet
    await closeIfOverdue(caller.ctx, input.userpaperId, caller.now);
    throw appError('ATTEMPT_TIME_UP');
  }
  // another tab or device opened the attempt after this page: nothing was written
  if (saved.takenOver) throw appError('ATTEMPT_TAKEN_OVER');
  if (!q) throw appError('ATTEMPT_QUESTION_NOT_FOUND');
  return {
    qCode: input.qCode,
    seq: saved.applied ? input.seq : Math.max(saved.currentSeq, input.seq),
    applied: saved.applied,
    serverNow: formatDateTime(now),
    remainingSeconds: remaining(new Date(shape.deadlineMs), now),
  };
}

/**
 * The answers saved in this process, written together (group commit, ADR 0024): one answer per
 * attempt and question in a batch; a batch of one runs the prepared single statement; when a
 * batch's statement fails, its answers are written one by one so one cannot fail the others.
 */
export const saves = (ctx: AppContext) =>
  groupCommit<attemptsRepo.SaveInput, attemptsRepo.SaveOutcome>(ctx, 'userexam.saves', {
    maxSize: 100,
    // PostgreSQL works on two batches at once (one more pooled connection); PGlite on one
    concurrency: ctx.database.kind === 'postgres' ? 2 : 1,
    key: (v) => `${v.userpaperId}:${v.qCode}`,
    run: batchElseOneByOne({
      one: (v) => attemptsRepo.saveGivenLocked(ctx.db, v),
      batch: (items) => attemptsRepo.saveGivenBatch(ctx.db, items),
    }),
  });

/**
 * SubmitExam: scores and closes the attempt; a second submit (or one after the deadline closed it)
 * answers the same result. A page that no longer holds the open attempt (`holder`) is refused:
 * it would hand in answers another page is still giving.
 */
export async function submitExam(caller: Caller, userpaperId: number, holder?: string): Promise<SubmitExamResult> {
  const first = await ownAttempt(caller, userpaperId);
  const now = caller.now;
  return inTransaction(caller, async (tx) => {
    const attempt = (await repo.findAttempt(tx, first.id, 'update'))!;
    if (attempt.status === ExamUserStatus.InProgress && holder && attempt.holder && attempt.holder !== holder)
      throw appError('ATTEMPT_TAKEN_OVER');
    const submittedNow =
      attempt.status === ExamUserStatus.InProgress ? await scoreAndClose(tx, attempt, now, isOverdue(attempt, now)) : false;
    const after = (await repo.findAttempt(tx, attempt.id))!;
    const { exam } = await examWithPaper(tx, attempt.examId);
    const hidden = exam.isConfidential === 1;
    return {
      userpaperId: after.id,
      score: hidden || after.delayMarkingPapers > 0 ? null : after.score,
      isPass: hidden ? -2 : after.isPass,
      delayMarkingPapers: after.delayMarkingPapers,
      submittedNow,
    };
  });
}
