import { formatDateTime, type JobStatus, type JobView, type jobPageBody } from '@xuetu/contract';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import * as repo from '../../../platform/jobs/repository.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { authorize } from './jobs.policy.ts';

/** Jobs serve every company at once: only a caller who sees all companies may read or retry them. */
function requirePlatform(caller: Caller) {
  const actor = requireActor(caller);
  authorize(caller, 'manage', null);
  return actor;
}

/** A job's stored result as the list shows it: an object, or null (nothing stored, or not an object). */
function presentResult(result: unknown): Record<string, unknown> | null {
  return typeof result === 'object' && result !== null && !Array.isArray(result) ? (result as Record<string, unknown>) : null;
}

function present(caller: Caller, row: repo.JobRow): JobView {
  return {
    id: row.id,
    kind: row.kind,
    title: caller.ctx.jobs.titleOf(row.kind),
    status: row.status as JobStatus,
    progress: row.progress,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError ?? '',
    result: presentResult(row.result),
    createTime: formatDateTime(row.createdAt),
    runAt: formatDateTime(row.runAt),
    startTime: formatDateTime(row.startedAt),
    finishTime: formatDateTime(row.finishedAt),
  };
}

export async function listJobs(caller: Caller, input: z.output<typeof jobPageBody>, window: { limit: number; offset: number }) {
  requirePlatform(caller);
  const { rows, total } = await repo.pageJobs(caller.ctx.db, { kind: input.kind, status: input.status, ...window });
  return { models: rows.map((r) => present(caller, r)), totalCount: total };
}

export async function retryJob(caller: Caller, id: number): Promise<JobView> {
  requirePlatform(caller);
  const job = await inTransaction(caller, async (tx, afterCommit) => {
    const found = await repo.findJob(tx, id);
    if (!found) throw appError('JOB_NOT_FOUND');
    if (!(await repo.requeueFailedJob(tx, id))) throw appError('JOB_NOT_RETRYABLE');
    await recordAudit(tx, caller, { action: 'job.retry', target: String(id), detail: { kind: found.kind } });
    afterCommit(() => caller.ctx.jobs.wake());
    return found;
  });
  return present(caller, { ...job, status: 'queued', attempts: 0, progress: 0, lastError: job.lastError, runAt: null, finishedAt: null });
}
