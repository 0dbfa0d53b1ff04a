import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { exams, examUsers, jobs, userPaperQuestions, userPapers } from '../../../server/src/db/schema/index.ts';
import { DEMO_COMPANY } from '../../../server/src/db/seed/demo.ts';
import type { Clock } from '../../../server/src/platform/clock.ts';
import type { AppContext } from '../../../server/src/platform/context.ts';
import { defineRoute } from '../../../server/src/platform/route.ts';
import { benchLearners } from './learners-fixture.ts';

// Bench-only routes of the exam scenarios (issue 14), registered by the bench server only:
// many learners with sessions at once, a clock the bench moves forward (the deadline storm), and
// the counts the bench checks afterwards, read straight from the database.

/** The system clock plus an offset the bench moves forward; everything reads it through ctx.clock. */
export class OffsetClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

export function examBenchRoutes(ctx: AppContext, clock: OffsetClock) {
  return [
    defineRoute({
      method: 'POST',
      url: '/__bench/exam/learners',
      access: 'public',
      summary: 'bench: N learners of the demo company, each with a session',
      handler: async ({ req }) => {
        const { count: n, prefix } = req.body as { count: number; prefix: string };
        return benchLearners(ctx, { n, prefix, name: '压测考生', companySysCode: DEMO_COMPANY.companySysCode, passwordOf: 'learner01' });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/__bench/exam/advance',
      access: 'public',
      summary: 'bench: moves the clock forward and wakes the job runner',
      handler: async ({ req }) => {
        clock.offsetMs += Number((req.body as { ms: number }).ms);
        ctx.jobs.wake();
        return { now: clock.now().toISOString() };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/__bench/exam/check',
      access: 'public',
      summary: 'bench: attempts, answers and close jobs of one exam, from the database',
      handler: async ({ req }) => {
        const { examCode, answers: withAnswers } = req.body as { examCode: string; answers?: boolean };
        const [exam] = await ctx.db.select({ id: exams.id }).from(exams).where(eq(exams.examCode, examCode));
        const perUser = await ctx.db
          .select({ userId: userPapers.userId, n: count() })
          .from(userPapers)
          .where(eq(userPapers.examId, exam.id))
          .groupBy(userPapers.userId);
        const attempts = await ctx.db
          .select({
            id: userPapers.id,
            status: userPapers.status,
            score: userPapers.score,
            autoSubmitted: userPapers.autoSubmitted,
            endTime: userPapers.endTime,
            deadline: userPapers.deadline,
          })
          .from(userPapers)
          .where(eq(userPapers.examId, exam.id));
        const ids = attempts.map((a) => a.id);
        const answers = withAnswers
          ? await ctx.db
              .select({
                userpaperId: userPaperQuestions.userpaperId,
                qCode: userPaperQuestions.qCode,
                seq: userPaperQuestions.answerSeq,
                answer: userPaperQuestions.answerStr,
                optionOrder: userPaperQuestions.optionOrder,
                key: userPaperQuestions.answer,
                score: userPaperQuestions.score,
                scoreGot: userPaperQuestions.scoreGot,
              })
              .from(userPaperQuestions)
              .innerJoin(userPapers, eq(userPapers.id, userPaperQuestions.userpaperId))
              .where(eq(userPapers.examId, exam.id))
              .orderBy(userPaperQuestions.userpaperId, userPaperQuestions.qCode)
          : [];
        const closeJobs = ids.length
          ? await ctx.db
              .select({ status: jobs.status, runs: jobs.attempts })
              .from(jobs)
              .where(and(eq(jobs.kind, 'userexam.close-attempt'), inArray(sql<number>`(${jobs.payload}->>'userpaperId')::int`, ids)))
          : [];
        const [eu] = await ctx.db
          .select({ n: count() })
          .from(examUsers)
          .where(and(eq(examUsers.examId, exam.id), eq(examUsers.status, 30)));
        return {
          usersWithAttempts: perUser.length,
          usersWithMoreThanOne: perUser.filter((p) => Number(p.n) !== 1).length,
          attempts: attempts.map((a) => ({
            id: a.id,
            status: a.status,
            score: a.score == null ? null : Number(a.score),
            autoSubmitted: a.autoSubmitted,
            endedAtDeadline: a.endTime?.getTime() === a.deadline.getTime(),
          })),
          answers: answers.map((a) => ({ ...a, score: Number(a.score), scoreGot: a.scoreGot == null ? null : Number(a.scoreGot) })),
          closeJobs,
          examUsersDone: Number(eu.n),
        };
      },
    }),
  ];
}
