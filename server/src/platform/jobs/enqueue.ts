import { JobStatus } from '@xuetu/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { AppContext } from '../context.ts';
import { appOfTransaction, onCommit } from '../tx.ts';
import type { JobDefinition } from './define.ts';

export interface EnqueueOptions {
  /** when it is enqueued: the caller's `now` (ctx.clock), stored as the job's createdAt */
  now: Date;
  /** not before this time (from the caller's clock); default: as soon as possible */
  runAt?: Date;
  /** while a job of the same kind and key is queued or running, enqueueing again does nothing */
  dedupeKey?: string;
  /** default: the definition's maxAttempts */
  maxAttempts?: number;
}

/** The app's runners to wake when a job commits. */
const wakersOf = (ctx: AppContext) => ctx.locals.of('job-wakers', () => new Set<() => void>());
export function onJobEnqueued(ctx: AppContext, wake: () => void): () => void {
  const wakers = wakersOf(ctx);
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Stores a job in the caller's transaction: it exists only if the write that caused it commits.
 * Returns the job id, or null when a job with the same dedupe key is already waiting.
 */
export async function enqueueJob<P>(tx: DbOrTx, job: JobDefinition<P> | string, payload: P, opts: EnqueueOptions): Promise<number | null> {
  const def = typeof job === 'string' ? undefined : job;
  const rows = await tx
    .insert(jobs)
    .values(jobValues(job, def, payload, opts))
    .onConflictDoNothing({
      target: [jobs.kind, jobs.dedupeKey],
      where: sql`${jobs.dedupeKey} is not null and ${jobs.status} in ('queued', 'running')`,
    })
    .returning({ id: jobs.id });
  if (rows[0]) wakeAfterCommit(tx, opts);
  return rows[0]?.id ?? null;
}

/**
 * Several jobs of one kind in one statement (the begins of an exam written together enqueue
 * their close jobs, ADR 0048), each with its own payload and options. Without dedupe keys every
 * one is stored; answers their ids in the order given.
 */
export async function enqueueJobs<P>(tx: DbOrTx, job: JobDefinition<P>, items: { payload: P; opts: EnqueueOptions }[]): Promise<number[]> {
  if (!items.length) return [];
  if (items.some((i) => i.opts.dedupeKey)) throw new Error('enqueueJobs: dedupe keys need enqueueJob');
  const rows = await tx
    .insert(jobs)
    .values(items.map((i) => jobValues(job, job, i.payload, i.opts)))
    .returning({ id: jobs.id });
  const due = items.find((i) => dueNow(i.opts));
  if (due) wakeAfterCommit(tx, due.opts);
  return rows.map((r) => r.id);
}

function jobValues<P>(job: JobDefinition<P> | string, def: JobDefinition<P> | undefined, payload: P, opts: EnqueueOptions) {
  return {
    kind: typeof job === 'string' ? job : job.kind,
    payload: (payload ?? {}) as object,
    status: JobStatus.Queued,
    runAt: opts.runAt ?? null,
    createdAt: opts.now,
    maxAttempts: opts.maxAttempts ?? def?.maxAttempts ?? 3,
    dedupeKey: opts.dedupeKey ?? null,
  };
}

// a job due later is found by the runners' poll: waking them now would only look for nothing
// (on the embedded database, a turn on its one connection per job kind for every begin of an exam)
const dueNow = (opts: EnqueueOptions) => !opts.runAt || opts.runAt.getTime() <= opts.now.getTime();

// (a job stored through a plain handle, outside inTransaction — the demo seed — is found by the poll)
function wakeAfterCommit(tx: DbOrTx, opts: EnqueueOptions) {
  const ctx = appOfTransaction(tx);
  if (ctx && dueNow(opts))
    onCommit(tx, () => {
      for (const wake of wakersOf(ctx)) wake();
    });
}
