import {
  type MyPracticeCard,
  type PracticeCounts,
  type PracticeFeedback,
  type PracticeNext,
  PracticeStatus,
  WrongSource,
} from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError } from '../../../platform/errors.ts';
import { batchElseOneByOne, groupCommit, groupedRead } from '../../../platform/group-commit.ts';
import { inScope } from '../../../platform/scope.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { pickSource, placeOfPerson, placesOfPeople } from '../../directory/public.ts';
import { type BankQuestion, cachedPracticeSource } from '../../exams/public.ts';
import * as writes from './answer-writes.repository.ts';
import { type Answer, awaitsKey, checkedAnswer, feedbackFor, isRightAnswer, practiceHidden, questionView } from './feedback.ts';
import * as repo from './practice.repository.ts';
import { cachedPractice, type LearnerPractice, picksInclude } from './practice-cache.ts';
import { recordInBook, recordManyInBook, type Source, sweepExamMistakes } from './wrong-book.service.ts';

// The learner's practice (issue 26 item 1, ADR 0043; the 错题本 is wrong-book.service.ts).
// Marking is the exam's (marking/scoring.ts) and stays on the server: a question goes to the page
// without its key, and the key comes back only in the feedback to an answer, and only when the
// one rule of answer-review.ts allows (issue 38 item 9). An answer given while it does not is
// stored unmarked ("待公布") and marked once it does.

// ---------- the learner's practices ----------

/** An open practice of the learner's company whose picks include them; anything else answers PRACTICE_NOT_FOUND. */
async function practiceFor(caller: Caller, practiceCode: string): Promise<LearnerPractice> {
  const actor = requireActor(caller);
  // the practice and its picks from the cache (practice-cache.ts), the learner's place read now
  const found = await cachedPractice(caller, practiceCode);
  const row = found?.row;
  if (row?.status !== PracticeStatus.Open || row.companySysCode !== actor.companySysCode || !inScope(caller.scope, row.companySysCode))
    throw appError('PRACTICE_NOT_FOUND');
  const included = await picksInclude(caller, found!, actor.userId, async () =>
    Boolean(pickSource(found!.picks, actor.userId, await placeOf(caller.ctx, actor.userId), row.companySysCode)),
  );
  if (!included) throw appError('PRACTICE_NOT_FOUND');
  return row;
}

/** A person's place (for the picks), read together with the other learners asking at the same time. */
const placeOf = (ctx: AppContext, userId: number) =>
  groupedRead(ctx, 'practice.places', { key: (id: number) => id, readMany: (ids) => placesOfPeople(ctx.db, ids) })(userId);

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

async function sourceOf(db: DbOrTx, caller: Caller, row: LearnerPractice) {
  return (
    (await cachedPracticeSource(caller.ctx, db, caller.scope, row.companySysCode, row.sourceKind, row.sourceCode)) ?? {
      name: '',
      qCodes: [],
      questions: new Map<string, BankQuestion>(),
    }
  );
}

type SourceQuestions = Awaited<ReturnType<typeof sourceOf>>;

const bookSource = (row: LearnerPractice): Source => ({
  kind: WrongSource.Practice,
  code: row.practiceCode,
  name: row.practiceName,
  clearStreak: row.clearStreak,
});

/**
 * Marks the answers given while their key was hidden once it no longer is (a wrong one goes into
 * the 错题本 then, as it would have at the time), and tells the learner's standing in the
 * practice: answered, right, and still to be published (待公布, not counted wrong).
 */
async function standing(caller: Caller, userId: number, row: LearnerPractice, source: SourceQuestions, answers: repo.Answers) {
  const waiting = source.qCodes.filter((q) => answers.has(q) && awaitsKey(source.questions.get(q), answers.get(q)!.isRight));
  if (waiting.length) {
    const hidden = await practiceHidden(caller, userId, waiting);
    const free = waiting.filter((q) => !hidden.has(q));
    if (free.length)
      await inTransaction(caller, async (tx) => {
        for (const qCode of free) {
          const q = source.questions.get(qCode)!;
          const given = answers.get(qCode)!.answer;
          const right = isRightAnswer(q, given) === true;
          // only where still unmarked: a concurrent request may have marked it already
          if (!(await repo.markWaitingAnswer(tx, row.id, userId, qCode, right ? 1 : 0))) continue;
          if (!right) await recordInBook(tx, caller, userId, q, given, false, bookSource(row));
          answers.set(qCode, { answer: given, isRight: right ? 1 : 0 });
        }
      });
  }
  const given = source.qCodes.filter((q) => answers.has(q));
  return {
    answered: given.length,
    right: given.filter((q) => answers.get(q)!.isRight === 1).length,
    pending: given.filter((q) => awaitsKey(source.questions.get(q), answers.get(q)!.isRight)).length,
  };
}

/**
 * A learner's answers in a practice, read together with the other learners asking at the same
 * time (one statement per batch: the group commit's queue used for reads, ADR 0024). Each caller
 * asked after their last answer's write committed, so its read sees it.
 */
function answersOf(ctx: AppContext, practiceId: number, userId: number): Promise<repo.Answers> {
  return groupedRead(ctx, 'practice.answer-reads', {
    key: (a: { practiceId: number; userId: number }) => `${a.practiceId}:${a.userId}`,
    readMany: (asked) => repo.answersOfMany(ctx.db, asked),
  })({ practiceId, userId });
}

export async function listMyPractices(caller: Caller): Promise<MyPracticeCard[]> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const cards: MyPracticeCard[] = [];
  for (const row of await myPractices(db, caller)) {
    const source = await sourceOf(db, caller, row);
    const now = await standing(caller, userId, row, source, await answersOf(caller.ctx, row.id, userId));
    cards.push({
      practiceCode: row.practiceCode,
      practiceName: row.practiceName,
      sourceName: source.name,
      questionCount: source.qCodes.length,
      answeredCount: now.answered,
      rightCount: now.right,
      pendingCount: now.pending,
    });
  }
  return cards;
}

/** The first question of the practice the learner has not answered (resuming where they left), without its key. */
export async function nextQuestion(caller: Caller, practiceCode: string): Promise<PracticeNext> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const row = await practiceFor(caller, practiceCode);
  const source = await sourceOf(db, caller, row);
  const answers = await answersOf(caller.ctx, row.id, userId);
  const now = await standing(caller, userId, row, source, answers);
  const index = source.qCodes.findIndex((q) => !answers.has(q));
  const next = index >= 0 ? source.questions.get(source.qCodes[index]) : undefined;
  return {
    practiceCode: row.practiceCode,
    practiceName: row.practiceName,
    total: source.qCodes.length,
    ...now,
    position: next ? index + 1 : null,
    question: next ? questionView(next) : null,
  };
}

export async function answerPractice(
  caller: Caller,
  input: { practiceCode: string; qCode: string; answer?: Answer },
): Promise<PracticeFeedback> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  const row = await practiceFor(caller, input.practiceCode);
  const source = await sourceOf(db, caller, row);
  const q = source.questions.get(input.qCode);
  if (!q) throw appError('PRACTICE_QUESTION_NOT_FOUND');
  const given = checkedAnswer(q, input.answer);
  const feedback = await feedbackFor(caller, userId, q, given);
  const book = await answerWrites(caller.ctx).submit({
    row: {
      practiceId: row.id,
      userId,
      qCode: q.qCode,
      answer: given,
      isRight: feedback.isRight === null ? null : feedback.isRight ? 1 : 0,
      answeredAt: caller.now,
    },
    q,
    isRight: feedback.isRight,
    source: bookSource(row),
  });
  return { ...feedback, ...book };
}

interface AnswerWrite {
  row: writes.AnswerRow;
  q: BankQuestion;
  isRight: boolean | null;
  source: Source;
}

/**
 * The practice answers given in this process, written together with their 错题本 changes (group
 * commit, ADR 0024): one transaction for a batch, one answer per learner and question in it,
 * nobody's feedback sent before its write has committed.
 */
const answerWrites = (ctx: AppContext) =>
  groupCommit<AnswerWrite, Awaited<ReturnType<typeof recordManyInBook>>[number]>(ctx, 'practice.answers', {
    maxSize: 100,
    // PostgreSQL works on two batches at once (one more pooled connection); PGlite on one
    concurrency: ctx.database.kind === 'postgres' ? 2 : 1,
    key: (w) => `${w.row.userId}:${w.row.qCode}`,
    run: batchElseOneByOne({
      one: async (w) => (await writeAnswers(ctx, [w]))[0]!,
      batch: (ws) => writeAnswers(ctx, ws),
    }),
  });

function writeAnswers(ctx: AppContext, ws: AnswerWrite[]) {
  // two statements in the transaction: the answers stored with the entries read locked, then the book's changes
  return inTransaction(ctx, (tx) =>
    recordManyInBook(
      tx,
      ws.map((w) => ({ userId: w.row.userId, q: w.q, given: w.row.answer, isRight: w.isRight, source: w.source, now: w.row.answeredAt })),
      () =>
        writes.saveAnswersLockingWrongs(
          tx,
          ws.map((w) => w.row),
        ),
    ),
  );
}

/** Practising again from the first question (the 错题本 keeps what it holds). */
export async function restartPractice(caller: Caller, practiceCode: string): Promise<void> {
  const userId = requireActor(caller).userId;
  // found before the transaction: a cold cache reads the practice on the app's connection, which
  // on the embedded database waits for the transaction's (it froze the database)
  const row = await practiceFor(caller, practiceCode);
  await repo.clearAnswers(caller.ctx.db, row.id, userId);
}

export async function practiceCounts(caller: Caller): Promise<PracticeCounts> {
  const db = caller.ctx.db;
  const userId = requireActor(caller).userId;
  await sweepExamMistakes(caller, userId);
  const [practices, wrongCount] = await Promise.all([myPractices(db, caller), repo.countWrong(db, userId)]);
  return { practiceCount: practices.length, wrongCount };
}
