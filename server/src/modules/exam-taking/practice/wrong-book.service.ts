import {
  formatDateTime,
  type PracticeFeedback,
  WRONG_CLEAR_STREAK_DEFAULT,
  type WrongBookGroup,
  type WrongBookView,
  type WrongQuestion,
  WrongSource,
} from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError } from '../../../platform/errors.ts';
import { groupedRead } from '../../../platform/group-commit.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { type BankQuestion, cachedBankQuestions } from '../../exams/public.ts';
import { attemptsOf } from '../exam-taking.repository.ts';
import { examReviewRule, ownAttemptHidden, questionHolds } from '../marking/answer-review.ts';
import { givenToWire } from '../marking/scoring.ts';
import * as writes from './answer-writes.repository.ts';
import { type Answer, checkedAnswer, feedbackFor, questionView } from './feedback.ts';
import * as repo from './practice.repository.ts';

// The 错题本 (issue 26 item 1, ADR 0043): every question a learner got wrong in practice, and in
// an exam once its result shows that question's key (issue 38 item 2: the result's own rule, per
// question), grouped by where it came from; right answers in a row take it out.

export interface Source {
  kind: string;
  code: string;
  name: string;
  clearStreak: number;
}

type BookResult = Pick<PracticeFeedback, 'inWrongBook' | 'cleared' | 'rightStreak' | 'clearStreak'>;

/** What one answer does to the 错题本: the feedback's part, and the rows to write. */
interface BookPlan {
  result: BookResult;
  upsert: writes.WrongInsert[];
  updates: writes.WrongUpdate[];
  deletes: number[];
}

/**
 * THE rule of the 错题本 for one answer (pure; `entries`: the learner's entries of the question,
 * every source, read locked): a wrong one puts the question in under `source` (or sets its
 * streak back to 0 everywhere it is); a right one adds one to the streak of every entry of the
 * question and takes out those that reach their streak; an unmarked one (its key hidden) changes
 * nothing.
 */
function planBook(
  entries: repo.WrongRow[],
  userId: number,
  q: BankQuestion,
  given: string,
  isRight: boolean | null,
  source: Source,
  now: Date,
): BookPlan {
  const none = { upsert: [], updates: [], deletes: [] };
  const own = (e: repo.WrongRow) => e.sourceKind === source.kind && e.sourceCode === source.code;
  if (isRight === null) {
    const mine = entries.find(own) ?? entries[0];
    return {
      ...none,
      result: {
        inWrongBook: entries.length > 0,
        cleared: false,
        rightStreak: mine?.rightStreak ?? 0,
        clearStreak: mine?.clearStreak ?? source.clearStreak,
      },
    };
  }
  if (!isRight)
    return {
      // its entries under other sources start their streak again; this source's entry is the upsert's
      updates: entries.filter((e) => !own(e)).map((e) => ({ id: e.id, lastAnswer: given, rightStreak: 0, updatedAt: now })),
      upsert: [
        {
          userId,
          companySysCode: q.companySysCode,
          qCode: q.qCode,
          sourceKind: source.kind,
          sourceCode: source.code,
          sourceName: source.name,
          lastAnswer: given,
          rightStreak: 0,
          clearStreak: source.clearStreak,
          addedAt: now,
          updatedAt: now,
        },
      ],
      deletes: [],
      result: { inWrongBook: true, cleared: false, rightStreak: 0, clearStreak: entries.find(own)?.clearStreak ?? source.clearStreak },
    };
  if (!entries.length) return { ...none, result: { inWrongBook: false, cleared: false, rightStreak: 0, clearStreak: source.clearStreak } };
  const done = entries.filter((e) => e.rightStreak + 1 >= e.clearStreak);
  const kept = entries.filter((e) => e.rightStreak + 1 < e.clearStreak);
  const mine = entries.find(own) ?? entries[0];
  return {
    upsert: [],
    updates: kept.map((e) => ({ id: e.id, lastAnswer: given, rightStreak: e.rightStreak + 1, updatedAt: now })),
    deletes: done.map((e) => e.id),
    result: { inWrongBook: kept.length > 0, cleared: done.length > 0, rightStreak: mine.rightStreak + 1, clearStreak: mine.clearStreak },
  };
}

/** One answer each of several learners (one per learner and question) into the 错题本, inside the caller's transaction: four statements at most, however many. */
export async function recordManyInBook(
  tx: DbOrTx,
  answers: { userId: number; q: BankQuestion; given: string; isRight: boolean | null; source: Source; now: Date }[],
  /** the entries of these (learner, question) pairs read locked: wrongOfQuestions, or a statement that also stores the answers */
  lockEntries: (pairs: { userId: number; qCode: string }[]) => Promise<repo.WrongRow[]> = (pairs) => writes.wrongOfQuestions(tx, pairs),
): Promise<BookResult[]> {
  const entries = await lockEntries(answers.map((a) => ({ userId: a.userId, qCode: a.q.qCode })));
  const plans = answers.map((a) =>
    planBook(
      entries.filter((e) => e.userId === a.userId && e.qCode === a.q.qCode),
      a.userId,
      a.q,
      a.given,
      a.isRight,
      a.source,
      a.now,
    ),
  );
  await writes.writeWrongs(tx, {
    deletes: plans.flatMap((p) => p.deletes),
    updates: plans.flatMap((p) => p.updates),
    upserts: plans.flatMap((p) => p.upsert),
  });
  return plans.map((p) => p.result);
}

/** One answer into the 错题本 (inside the caller's transaction), as recordManyInBook. */
export async function recordInBook(
  tx: DbOrTx,
  caller: Caller,
  userId: number,
  q: BankQuestion,
  given: string,
  isRight: boolean | null,
  source: Source,
): Promise<BookResult> {
  const [result] = await recordManyInBook(tx, [{ userId, q, given, isRight, source, now: caller.now }]);
  return result!;
}

// The two reads every 错题本 and practice count opens with, for the learners asking at the same
// time together (one statement per batch, issue 39 item 1; platform/group-commit.ts groupedRead).
const unsweptOf = (ctx: AppContext, userId: number) =>
  groupedRead(ctx, 'wrong-book.unswept', { key: (id: number) => id, readMany: (ids) => repo.unsweptAttemptsOf(ctx.db, ids) })(userId);
const wrongOf = (ctx: AppContext, userId: number) =>
  groupedRead(ctx, 'wrong-book.entries', { key: (id: number) => id, readMany: (ids) => repo.wrongOfMany(ctx.db, ids) })(userId);

/**
 * Puts the wrong questions of the learner's submitted, fully marked attempts into the book as
 * their result would show them (ownAttemptHidden, the result's rule): none while the exam's own
 * setting hides its answers; then each question once the learner can no longer answer it in
 * another exam — held back till then (each attempt and question once). The questions of every
 * waiting attempt are read, looked up and written together.
 */
export async function sweepExamMistakes(caller: Caller, userId: number): Promise<void> {
  const db = caller.ctx.db;
  const pending = await unsweptOf(caller.ctx, userId);
  if (!pending.length) return;
  const attempts = await attemptsOf(db, [...new Set(pending.map((p) => p.exam.id))], userId);
  const mineAt = (examId: number) => attempts.filter((a) => a.examId === examId);
  const ready = pending.filter((p) => examReviewRule(p.exam, mineAt(p.exam.id), caller.now) === '');
  if (!ready.length) return;
  const wrongRows = await repo.wrongOfAttempts(
    db,
    ready.map((p) => p.attempt.id),
  );
  // an attempt swept before has only its held questions left to add
  const todo = (p: (typeof ready)[number]) =>
    wrongRows.filter((w) => w.userpaperId === p.attempt.id && (p.held === null || p.held.includes(w.qCode)));
  const holds = await questionHolds(caller, userId, [...new Set(wrongRows.map((w) => w.qCode))]);
  const plans: { p: (typeof ready)[number]; free: typeof wrongRows; held: string[] }[] = [];
  for (const p of ready) {
    const wrong = todo(p);
    const { hidden } = await ownAttemptHidden(
      caller,
      userId,
      p.exam,
      mineAt(p.exam.id),
      wrong.map((w) => w.qCode),
      holds,
    );
    const free = wrong.filter((w) => !hidden(w.qCode));
    const held = wrong.filter((w) => hidden(w.qCode)).map((w) => w.qCode);
    // an attempt still waiting with the same questions held changes nothing (read on every book and dashboard load)
    if (p.held !== null && !free.length && held.length === p.held.length) continue;
    plans.push({ p, free, held });
  }
  if (!plans.length) return;
  const bank = await cachedBankQuestions(
    caller.ctx,
    db,
    caller.scope,
    plans.flatMap((x) => x.free.map((w) => w.qCode)),
  );
  await inTransaction(caller, async (tx) => {
    for (const { p, free, held } of plans) {
      for (const w of free) {
        const q = bank.get(w.qCode);
        if (!q) continue;
        await recordInBook(tx, caller, userId, q, w.answerStr ?? '', false, {
          kind: WrongSource.Exam,
          code: p.exam.examCode,
          name: p.exam.examName,
          clearStreak: WRONG_CLEAR_STREAK_DEFAULT,
        });
      }
      await repo.markSwept(tx, p.attempt.id, caller.now, held);
    }
  });
}

export async function readWrongBook(caller: Caller, sourceCode: string): Promise<WrongBookView> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  await sweepExamMistakes(caller, userId);
  const rows = (await wrongOf(caller.ctx, userId)).filter((r) => !sourceCode || r.sourceCode === sourceCode);
  const bank = await cachedBankQuestions(
    caller.ctx,
    db,
    caller.scope,
    rows.map((r) => r.qCode),
  );
  const groups = new Map<string, WrongBookGroup>();
  let total = 0;
  for (const r of rows) {
    const q = bank.get(r.qCode);
    if (!q) continue;
    const key = `${r.sourceKind}\u0000${r.sourceCode}`;
    const group = groups.get(key) ?? {
      sourceKind: r.sourceKind as WrongSource,
      sourceCode: r.sourceCode,
      sourceName: r.sourceName,
      questions: [],
    };
    groups.set(key, group);
    const item: WrongQuestion = {
      ...questionView(q),
      wrongId: r.id,
      lastAnswer: givenToWire(q.qType, r.lastAnswer),
      rightStreak: r.rightStreak,
      clearStreak: r.clearStreak,
      addedAt: formatDateTime(r.addedAt),
      updatedAt: formatDateTime(r.updatedAt),
    };
    group.questions.push(item);
    total++;
  }
  return { total, groups: [...groups.values()] };
}

export async function answerWrong(caller: Caller, input: { wrongId: number; answer?: Answer }): Promise<PracticeFeedback> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const entry = await repo.findWrong(db, userId, input.wrongId);
  if (!entry) throw appError('WRONG_NOT_FOUND');
  const q = (await cachedBankQuestions(caller.ctx, db, caller.scope, [entry.qCode])).get(entry.qCode);
  if (!q) throw appError('WRONG_NOT_FOUND');
  const given = checkedAnswer(q, input.answer);
  const feedback = await feedbackFor(caller, userId, q, given);
  const book = await inTransaction(caller, (tx) =>
    recordInBook(tx, caller, userId, q, given, feedback.isRight, {
      kind: entry.sourceKind,
      code: entry.sourceCode,
      name: entry.sourceName,
      clearStreak: entry.clearStreak,
    }),
  );
  return { ...feedback, ...book };
}

export async function removeWrong(caller: Caller, wrongId: number): Promise<void> {
  const userId = requireActor(caller).userId;
  await inTransaction(caller, async (tx) => {
    if (!(await repo.deleteWrong(tx, userId, [wrongId]))) throw appError('WRONG_NOT_FOUND');
  });
}
