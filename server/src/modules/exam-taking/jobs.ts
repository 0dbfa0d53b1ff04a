import { ExamUserStatus } from '@xuetu/contract';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/index.ts';
import { closeIfOverdue } from './attempts/submission.ts';
import { findAttempt } from './exam-taking.repository.ts';

const stillOpen = async (ctx: AppContext, id: number) => (await findAttempt(ctx.db, id))?.status === ExamUserStatus.InProgress;

/**
 * Submits one attempt at its deadline (plus the save grace) even when the browser is gone.
 * Enqueued by BeginExam in the same transaction, so it exists exactly when the attempt does.
 */
export const closeAttemptJob = defineJob<{ userpaperId: number }>('userexam.close-attempt', {
  title: '考试到时交卷',
  concurrency: 4,
  maxAttempts: 10,
  backoff: { type: 'exponential', delayMs: 5_000, maxDelayMs: 300_000 },
  run: async (job, { ctx }) => {
    const closed = await closeIfOverdue(ctx, job.payload.userpaperId);
    // run early (another process's clock): try again with backoff until the attempt is closed
    if (!closed && (await stillOpen(ctx, job.payload.userpaperId))) throw new Error('attempt not yet due');
  },
});
