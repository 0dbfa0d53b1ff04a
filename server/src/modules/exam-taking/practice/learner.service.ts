import {
  AnswerHidden,
  countBlanks,
  formatDateTime,
  type MyPracticeCard,
  OPTION_KEYS,
  type PracticeCounts,
  type PracticeFeedback,
  type PracticeNext,
  type PracticeQuestionView,
  PracticeStatus,
  QType,
  WRONG_CLEAR_STREAK_DEFAULT,
  type WrongBookGroup,
  type WrongBookView,
  type WrongQuestion,
  WrongSource,
} from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { pickSource, placeOfPerson } from '../../directory/public.ts';
import { type BankQuestion, bankQuestions, practiceSourceQuestions } from '../../exams/public.ts';
import { attemptsOf } from '../exam-taking.repository.ts';
import { attemptsAt, examQuestions, examReviewRule, learnerExams, stillAnswerableIn, takeableExams } from '../marking/answer-review.ts';
import { givenToWire, markQuestion, normalizeGiven } from '../marking/scoring.ts';
import * as repo from './practice.repository.ts';

// The learner's practice and 错题本 (issue 26 item 1, ADR 0043). Marking is the exam's
// (marking/scoring.ts) and stays on the server: a question goes to the page without its key,
// and the key comes back only in the feedback to an answer, and only when the exam rules allow.

type Answer = string | string[] | null | undefined;

// ---------- which keys practice may show ----------

/**
 * The questions (of `qCodes`) whose key practice must not show the person now, with why: a
 * question in an exam they can still take (the exam result's rule, ADR 0036 §5), or in an exam
 * they were assigned whose own review setting does not show its answers yet (or ever).
 */
export async function hiddenKeys(caller: Caller, userId: number, qCodes: string[]): Promise<Map<string, AnswerHidden>> {
  const out = new Map<string, AnswerHidden>();
  if (!qCodes.length) return out;
  const now = caller.now;
  const mine = await learnerExams(caller, userId);
  const takeable = takeableExams(mine, now);
  const restricted = mine.exams
    .map((exam) => ({ exam, why: examReviewRule(exam, attemptsAt(mine, exam.id), now) }))
    .filter((r) => r.why !== '');
  // one read of the questions of every exam either rule looks at
  const looked = [...new Map([...takeable, ...restricted.map((r) => r.exam)].map((e) => [e.id, e])).values()];
  const questions = await examQuestions(caller, userId, looked);
  for (const q of stillAnswerableIn(takeable, questions, qCodes)) out.set(q, AnswerHidden.OtherExam);
  for (const { exam, why } of restricted) {
    const sets = questions.get(exam.id);
    for (const q of qCodes) if (!out.has(q) && (sets?.paper.has(q) || sets?.attempted.has(q))) out.set(q, why as AnswerHidden);
  }
  return out;
}

// ---------- the questions as the page sees them ----------

function questionView(q: BankQuestion): PracticeQuestionView {
  const view = { qCode: q.qCode, qType: q.qType, qName: q.qName, blankCount: q.qType === QType.Blank ? countBlanks(q.qName) : 0 };
  const options = Object.fromEntries(OPTION_KEYS.map((k, i) => [k, q.options[i] ?? '']));
  return { ...view, ...options } as PracticeQuestionView;
}

/** The stored form of an answer, or the reason it is refused (nothing changes). */
function checkedAnswer(q: BankQuestion, answer: Answer): string {
  const checked = normalizeGiven({ qType: q.qType, qName: q.qName, optionCount: q.options.length }, answer);
  if (!checked.ok) throw appError(checked.code);
  if (checked.value === '') throw appError('PRACTICE_ANSWER_REQUIRED');
  return checked.value;
}

// ---------- the learner's practices ----------

/** An open practice of the learner's company whose picks include them; anything else answers PRACTICE_NOT_FOUND. */
async function practiceFor(db: DbOrTx, caller: Caller, practiceCode: string): Promise<repo.PracticeRow> {
  const actor = requireActor(caller);
  const row = await repo.findPractice(db, caller.scope, practiceCode);
  if (row?.status !== PracticeStatus.Open || row.companySysCode !== actor.companySysCode) throw appError('PRACTICE_NOT_FOUND');
  // one after the other: `db` may be a transaction (restarting)
  const place = await placeOfPerson(db, actor.userId);
  if (!pickSource(await repo.participantsOf(db, [row.id]), actor.userId, place, row.companySysCode)) throw appError('PRACTICE_NOT_FOUND');
  return row;
}

/** The open practices of the learner's company whose picks include them: the person and every practice's picks read once. */
async function myPractices(db: DbOrTx, caller: Caller): Promise<repo.PracticeRow[]> {
  const actor = requireActor(caller);
  if (!actor.companySysCode) return [];
  const open = await repo.openPracticesOf(db, actor.companySysCode);
  if (!open.length) return [];
  const place = await placeOfPerson(db, actor.userId);
  const picks = await repo.participantsOf(
    db,
    open.map((r) => r.id),
  );
  return open.filter((row) =>
    pickSource(
      picks.filter((p) => p.practiceId === row.id),
      actor.userId,
      place,
      row.companySysCode,
    ),
  );
}

async function sourceOf(db: DbOrTx, caller: Caller, row: repo.PracticeRow) {
  return (
    (await practiceSourceQuestions(db, caller.scope, row.companySysCode, row.sourceKind, row.sourceCode)) ?? {
      name: '',
      qCodes: [],
      questions: new Map<string, BankQuestion>(),
    }
  );
}

export async function listMyPractices(caller: Caller): Promise<MyPracticeCard[]> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const cards: MyPracticeCard[] = [];
  for (const row of await myPractices(db, caller)) {
    const source = await sourceOf(db, caller, row);
    const answers = await repo.answersOf(db, row.id, userId);
    const given = source.qCodes.filter((q) => answers.has(q));
    cards.push({
      practiceCode: row.practiceCode,
      practiceName: row.practiceName,
      sourceName: source.name,
      questionCount: source.qCodes.length,
      answeredCount: given.length,
      rightCount: given.filter((q) => answers.get(q)!.isRight === 1).length,
    });
  }
  return cards;
}

/** The first question of the practice the learner has not answered (resuming where they left), without its key. */
export async function nextQuestion(caller: Caller, practiceCode: string): Promise<PracticeNext> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const row = await practiceFor(db, caller, practiceCode);
  const source = await sourceOf(db, caller, row);
  const answers = await repo.answersOf(db, row.id, userId);
  const given = source.qCodes.filter((q) => answers.has(q));
  const index = source.qCodes.findIndex((q) => !answers.has(q));
  const next = index >= 0 ? source.questions.get(source.qCodes[index]) : undefined;
  return {
    practiceCode: row.practiceCode,
    practiceName: row.practiceName,
    total: source.qCodes.length,
    answered: given.length,
    right: given.filter((q) => answers.get(q)!.isRight === 1).length,
    position: next ? index + 1 : null,
    question: next ? questionView(next) : null,
  };
}

interface Source {
  kind: string;
  code: string;
  name: string;
  clearStreak: number;
}

/**
 * One answer into the 错题本 (inside the caller's transaction): a wrong one puts the question in
 * under `source` (or sets its streak back to 0 everywhere it is); a right one adds one to the
 * streak of every entry of the question and takes out those that reach their streak.
 */
async function recordInBook(
  tx: DbOrTx,
  caller: Caller,
  userId: number,
  q: BankQuestion,
  given: string,
  isRight: boolean | null,
  source: Source,
): Promise<Pick<PracticeFeedback, 'inWrongBook' | 'cleared' | 'rightStreak' | 'clearStreak'>> {
  const entries = await repo.wrongOfQuestion(tx, userId, q.qCode);
  if (isRight === null) {
    const own = entries.find((e) => e.sourceKind === source.kind && e.sourceCode === source.code) ?? entries[0];
    return {
      inWrongBook: entries.length > 0,
      cleared: false,
      rightStreak: own?.rightStreak ?? 0,
      clearStreak: own?.clearStreak ?? source.clearStreak,
    };
  }
  if (!isRight) {
    // its entries under other sources start their streak again; this source's entry is the upsert's
    const own = (e: repo.WrongRow) => e.sourceKind === source.kind && e.sourceCode === source.code;
    await repo.updateWrong(
      tx,
      userId,
      entries.filter((e) => !own(e)).map((e) => e.id),
      { lastAnswer: given, rightStreak: 0, updatedAt: caller.now },
    );
    await repo.upsertWrong(tx, {
      userId,
      companySysCode: q.companySysCode,
      qCode: q.qCode,
      sourceKind: source.kind,
      sourceCode: source.code,
      sourceName: source.name,
      lastAnswer: given,
      rightStreak: 0,
      clearStreak: source.clearStreak,
      addedAt: caller.now,
      updatedAt: caller.now,
    });
    return { inWrongBook: true, cleared: false, rightStreak: 0, clearStreak: entries.find(own)?.clearStreak ?? source.clearStreak };
  }
  if (!entries.length) return { inWrongBook: false, cleared: false, rightStreak: 0, clearStreak: source.clearStreak };
  const done = entries.filter((e) => e.rightStreak + 1 >= e.clearStreak);
  const kept = entries.filter((e) => e.rightStreak + 1 < e.clearStreak);
  await repo.deleteWrong(
    tx,
    userId,
    done.map((e) => e.id),
  );
  for (const e of kept)
    await repo.updateWrong(tx, userId, [e.id], { lastAnswer: given, rightStreak: e.rightStreak + 1, updatedAt: caller.now });
  const own = entries.find((e) => e.sourceKind === source.kind && e.sourceCode === source.code) ?? entries[0];
  return {
    inWrongBook: kept.length > 0,
    cleared: done.length > 0,
    rightStreak: own.rightStreak + 1,
    clearStreak: own.clearStreak,
  };
}

/** Marks one answer and tells the feedback, unless the key is hidden (then neither right nor wrong is told). */
async function feedbackFor(caller: Caller, userId: number, q: BankQuestion, given: string) {
  const hidden: AnswerHidden | '' = (await hiddenKeys(caller, userId, [q.qCode])).get(q.qCode) ?? '';
  const marked = hidden ? null : markQuestion({ qType: q.qType, answer: q.answer, score: 1 }, given, false);
  const isRight = marked ? marked.isPass === 1 : null;
  const base = {
    qCode: q.qCode,
    isRight,
    rightAnswer: hidden ? null : givenToWire(q.qType, q.answer),
    analysis: hidden ? null : q.analysis,
    hidden,
  };
  return base;
}

export async function answerPractice(
  caller: Caller,
  input: { practiceCode: string; qCode: string; answer?: Answer },
): Promise<PracticeFeedback> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const row = await practiceFor(db, caller, input.practiceCode);
  const source = await sourceOf(db, caller, row);
  const q = source.questions.get(input.qCode);
  if (!q) throw appError('PRACTICE_QUESTION_NOT_FOUND');
  const given = checkedAnswer(q, input.answer);
  const feedback = await feedbackFor(caller, userId, q, given);
  const book = await inTransaction(caller, async (tx) => {
    await repo.saveAnswer(tx, {
      practiceId: row.id,
      userId,
      qCode: q.qCode,
      answer: given,
      isRight: feedback.isRight === null ? null : feedback.isRight ? 1 : 0,
      answeredAt: caller.now,
    });
    return recordInBook(tx, caller, userId, q, given, feedback.isRight, {
      kind: WrongSource.Practice,
      code: row.practiceCode,
      name: row.practiceName,
      clearStreak: row.clearStreak,
    });
  });
  return { ...feedback, ...book };
}

/** Practising again from the first question (the 错题本 keeps what it holds). */
export async function restartPractice(caller: Caller, practiceCode: string): Promise<void> {
  const userId = requireActor(caller).userId;
  await inTransaction(caller, async (tx) => {
    const row = await practiceFor(tx, caller, practiceCode);
    await repo.clearAnswers(tx, row.id, userId);
  });
}

// ---------- the 错题本 ----------

/**
 * Puts the wrong questions of the learner's submitted, fully marked attempts into the book once
 * that exam's own review setting lets them see its answers (each attempt once).
 */
export async function sweepExamMistakes(caller: Caller, userId: number): Promise<void> {
  const db = caller.ctx.db;
  const pending = await repo.unsweptAttempts(db, userId);
  if (!pending.length) return;
  const attempts = await attemptsOf(db, [...new Set(pending.map((p) => p.exam.id))], userId);
  for (const { attempt, exam } of pending) {
    if (
      examReviewRule(
        exam,
        attempts.filter((a) => a.examId === exam.id),
        caller.now,
      ) !== ''
    )
      continue;
    const wrong = await repo.wrongOfAttempt(db, attempt.id);
    const bank = await bankQuestions(
      db,
      caller.scope,
      wrong.map((w) => w.qCode),
    );
    await inTransaction(caller, async (tx) => {
      for (const w of wrong) {
        const q = bank.get(w.qCode);
        if (!q) continue;
        await recordInBook(tx, caller, userId, q, w.answerStr ?? '', false, {
          kind: WrongSource.Exam,
          code: exam.examCode,
          name: exam.examName,
          clearStreak: WRONG_CLEAR_STREAK_DEFAULT,
        });
      }
      await repo.markSwept(tx, attempt.id, caller.now);
    });
  }
}

export async function readWrongBook(caller: Caller, sourceCode: string): Promise<WrongBookView> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  await sweepExamMistakes(caller, userId);
  const rows = await repo.wrongOf(db, userId, sourceCode);
  const bank = await bankQuestions(
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
  const q = (await bankQuestions(db, caller.scope, [entry.qCode])).get(entry.qCode);
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

export async function practiceCounts(caller: Caller): Promise<PracticeCounts> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  await sweepExamMistakes(caller, userId);
  const [practices, wrongCount] = await Promise.all([myPractices(db, caller), repo.countWrong(db, userId)]);
  return { practiceCount: practices.length, wrongCount };
}
