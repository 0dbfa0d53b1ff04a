import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { AppContext } from '../context.ts';

export interface JobRecord<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first run */
  attempt: number;
  maxAttempts: number;
}

export interface JobTools {
  ctx: AppContext;
  /** stores 0–100 on the job row, readable by the admin list */
  progress(pct: number): Promise<void>;
  log: FastifyBaseLogger;
  /** aborted when the app closes; long jobs should stop at the next safe point */
  signal: AbortSignal;
}

/** Delay before retry number `attempt` (1 = the first retry). */
export type Backoff = { type: 'fixed' | 'exponential'; delayMs: number; maxDelayMs?: number } | ((attempt: number) => number);

export type Schedule = { cron: string; timezone?: string } | { everyMs: number };

export interface JobSpec<P> {
  /** the name administrators see in the job list (系统管理 → 后台任务); the kind otherwise */
  title?: string;
  /** jobs of this kind that one process runs at once (default 1); a function reads it from the configuration */
  concurrency?: number | ((env: Env) => number);
  /** runs before the job is marked failed (default 3) */
  maxAttempts?: number;
  backoff?: Backoff;
  /**
   * How long a claim lasts without renewal (default JOBS_LEASE_MS, 60 s). A running job renews it
   * every third of it, so a long run keeps its job and a dead process's job is taken back soon.
   */
  leaseMs?: number;
  /** cron-like: the job is enqueued once per occurrence across all processes (empty payload) */
  schedule?: Schedule;
  /**
   * Per-process upkeep of the processes that run this kind (e.g. sweeping what a killed run left
   * on this machine's disk): called when the runner starts polling; what it returns, at stop
   */
  onStart?: (ctx: AppContext, log: FastifyBaseLogger) => () => void;
  run(job: JobRecord<P>, tools: JobTools): Promise<void>;
}

export interface JobDefinition<P = unknown> extends Required<Omit<JobSpec<P>, 'schedule' | 'title' | 'leaseMs' | 'onStart'>> {
  onStart?: JobSpec<P>['onStart'];
  title: string;
  /** undefined: the runner's lease (JOBS_LEASE_MS) */
  leaseMs?: number;
  kind: string;
  schedule?: Schedule;
}

/**
 * Declares a job kind. Add the definition to `allJobs` in modules/index.ts so the runner knows it,
 * and enqueue it with `enqueueJob(tx, definition, payload, { now: caller.now })` inside the write that causes it.
 */
export function defineJob<P = Record<string, never>>(kind: string, spec: JobSpec<P>): JobDefinition<P> {
  return {
    kind,
    title: spec.title ?? kind,
    concurrency: spec.concurrency ?? 1,
    maxAttempts: spec.maxAttempts ?? 3,
    backoff: spec.backoff ?? { type: 'exponential', delayMs: 10_000, maxDelayMs: 3_600_000 },
    leaseMs: spec.leaseMs,
    schedule: spec.schedule,
    onStart: spec.onStart,
    run: spec.run,
  };
}

export function backoffDelay(backoff: Backoff, attempt: number): number {
  if (typeof backoff === 'function') return backoff(attempt);
  const raw = backoff.type === 'fixed' ? backoff.delayMs : backoff.delayMs * 2 ** (attempt - 1);
  return Math.min(raw, backoff.maxDelayMs ?? Number.POSITIVE_INFINITY);
}
