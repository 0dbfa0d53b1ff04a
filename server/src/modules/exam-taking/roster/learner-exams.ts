import type { Caller } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { batchElseOneByOne, groupCommit } from '../../../platform/group-commit.ts';
import { type AssignedExams, assignedExamsWithAttemptsOf } from '../exam-taking.repository.ts';
import { joinMatchingExamsOf } from './assignment.ts';

/** A person's assigned exams (those their department or post matches are joined first) and their attempts of them. */
export type LearnerExams = AssignedExams;

interface Asked {
  userId: number;
  now: Date;
}

/**
 * The exams and attempts of a learner, as the key-hiding rule reads them on every practice
 * answer and 错题本 (issue 39 item 1): the learners asking at the same time are read together —
 * calls arriving while a read runs go in the next one (the group commit's queue, ADR 0024, used
 * for reads) — so a company practising at once costs two statements per batch, not per answer.
 * Nothing is kept between reads: each caller's answer is read after they asked.
 */
export function learnerExams(caller: Pick<Caller, 'ctx' | 'now'>, userId: number): Promise<LearnerExams> {
  return learnerExamReads(caller.ctx).submit({ userId, now: caller.now });
}

const learnerExamReads = (ctx: AppContext) =>
  groupCommit<Asked, LearnerExams>(ctx, 'exam-taking.learner-exams', {
    // one read at a time on either database (as groupedRead)
    maxSize: 200,
    key: (a) => String(a.userId),
    run: batchElseOneByOne({
      one: async (a) => (await readLearnerExams(ctx, [a]))[0]!,
      batch: (asked) => readLearnerExams(ctx, asked),
    }),
  });

async function readLearnerExams(ctx: AppContext, asked: Asked[]): Promise<LearnerExams[]> {
  await joinMatchingExamsOf(ctx, asked);
  const mine = await assignedExamsWithAttemptsOf(
    ctx.db,
    asked.map((a) => a.userId),
  );
  return asked.map((a) => mine.get(a.userId)!);
}
