import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { backoffDelay, type JobDefinition, type JobRecord, type Schedule } from './define.ts';
import { onJobEnqueued } from './enqueue.ts';
import * as repo from './repository.ts';

export interface RunnerOptions {
  /** how often this process looks for due jobs; 0 = never on its own (tests call drain()) */
  pollMs: number;
  /** how long stop() waits for running jobs before handing them back to the queue */
  stopTimeoutMs?: number;
  /** a claim's length without renewal, for definitions that set none (JOBS_LEASE_MS; default 60 s) */
  leaseMs?: number;
}

export const DEFAULT_LEASE_MS = 60_000;

/**
 * Runs the jobs of the definitions it knows: polls for due ones (and is woken when a job commits
 * in this process), runs at most `concurrency` per kind at once, retries with backoff, and
 * enqueues scheduled jobs once per occurrence across all processes.
 */
export class JobRunner {
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly defs = new Map<string, JobDefinition<unknown>>();
  private readonly busy = new Map<string, number>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly knownSchedules = new Set<string>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private wakeQueued = false;
  private tickAgain = false;
  private stopped = false;
  private stopping: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly upkeepStops: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    definitions: readonly JobDefinition<never>[],
    private readonly log: FastifyBaseLogger,
    private readonly opts: RunnerOptions,
  ) {
    for (const def of definitions) this.register(def);
  }

  /** Adds a job kind (modules list theirs in allJobs; tests add their own). */
  register<P>(def: JobDefinition<P>): void {
    if (this.defs.has(def.kind)) throw new Error(`job kind ${def.kind} defined twice`);
    this.defs.set(def.kind, def as unknown as JobDefinition<unknown>);
  }

  /** The administrators' name of a job kind (its kind when the process does not know it). */
  titleOf(kind: string): string {
    return this.defs.get(kind)?.title ?? kind;
  }

  /** Starts polling (no-op when pollMs is 0). */
  start(): void {
    if (this.opts.pollMs <= 0 || this.timer) return;
    this.unsubscribe = onJobEnqueued(this.ctx, () => this.wake());
    this.timer = setInterval(() => this.wake(), this.opts.pollMs);
    this.timer.unref();
    for (const def of this.defs.values()) if (def.onStart) this.upkeepStops.push(def.onStart(this.ctx, this.log));
    this.wake();
  }

  /** Looks for due work soon (coalesced). */
  wake(): void {
    if (this.stopped || !this.timer || this.wakeQueued) return;
    this.wakeQueued = true;
    setImmediate(() => {
      this.wakeQueued = false;
      void this.tick();
    });
  }

  /**
   * Runs every due job to completion, including jobs those jobs enqueue and due schedules, then
   * returns how many runs happened. Time is ctx.clock: advance a ManualClock to reach retries.
   * `kinds` limits it to those job kinds (a test of one module leaves other modules' jobs alone).
   */
  async drain(opts: { kinds?: string[] } = {}): Promise<number> {
    let runs = 0;
    for (let round = 0; round < 1000; round++) {
      if (!opts.kinds) await this.enqueueDueSchedules();
      const started = await this.claimAndStart(opts.kinds);
      runs += started;
      if (started === 0 && this.inflight.size === 0) return runs;
      await Promise.all([...this.inflight]);
    }
    throw new Error('jobs drain: still busy after 1000 rounds (a job that keeps enqueueing itself?)');
  }

  /**
   * Stops claiming, signals running jobs and waits for them (bounded), then hands back to the
   * queue whatever this process still holds: another process takes it at once instead of
   * waiting for the lease to run out (an interrupted run is not counted as an attempt).
   */
  stop(): Promise<void> {
    // a second call (the app closing after a signal already began the stop) waits for the first
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    for (const stopUpkeep of this.upkeepStops.splice(0)) stopUpkeep();
    this.abort.abort();
    // a poll or a job stuck on a lost connection must not hold the shutdown forever
    const timeout = new Promise((r) => setTimeout(r, this.opts.stopTimeoutMs ?? 10_000).unref());
    await Promise.race([Promise.allSettled([this.ticking, ...this.inflight]), timeout]);
    try {
      const released = await repo.releaseJobs(this.ctx.db, this.worker);
      if (released.length) this.log.info({ jobs: released }, 'jobs: handed back to the queue');
    } catch (err) {
      // the database is away: the leases run out instead
      this.log.warn({ err }, 'jobs: could not hand the running jobs back');
    }
  }

  private leaseOf(def: JobDefinition<unknown>): number {
    return def.leaseMs ?? this.opts.leaseMs ?? DEFAULT_LEASE_MS;
  }

  private tick(): Promise<void> {
    if (this.stopped) return this.ticking ?? Promise.resolve();
    if (this.ticking) {
      // a job finished (or one was enqueued) while this poll ran: it may have missed that slot,
      // so poll once more right after instead of leaving the slot idle until the next interval
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      try {
        await this.enqueueDueSchedules();
        await this.claimAndStart();
      } catch (err) {
        this.log.error({ err }, 'jobs: poll failed');
      } finally {
        this.ticking = undefined;
        if (this.tickAgain) {
          this.tickAgain = false;
          this.wake();
        }
      }
    })();
    return this.ticking;
  }

  private async enqueueDueSchedules(): Promise<void> {
    for (const def of this.defs.values()) {
      if (!def.schedule) continue;
      const now = this.ctx.clock.now();
      if (!this.knownSchedules.has(def.kind)) {
        await repo.ensureSchedule(this.ctx.db, def.kind, nextOccurrence(def.schedule, now));
        this.knownSchedules.add(def.kind);
      }
      await repo.takeDueSchedule(this.ctx.db, def.kind, now, nextOccurrence(def.schedule, now), def.kind, def.maxAttempts);
    }
  }

  private async claimAndStart(kinds?: string[]): Promise<number> {
    let started = 0;
    for (const def of this.defs.values()) {
      if (this.stopped) break;
      if (kinds && !kinds.includes(def.kind)) continue;
      const limit = typeof def.concurrency === 'function' ? def.concurrency(this.ctx.env) : def.concurrency;
      const free = limit - (this.busy.get(def.kind) ?? 0);
      const rows = await repo.claimDueJobs(this.ctx.db, def.kind, free, this.worker, this.ctx.clock.now(), this.leaseOf(def));
      for (const row of rows) {
        started++;
        this.busy.set(def.kind, (this.busy.get(def.kind) ?? 0) + 1);
        const run: Promise<void> = this.execute(def, row).finally(() => {
          this.busy.set(def.kind, (this.busy.get(def.kind) ?? 1) - 1);
          this.inflight.delete(run);
          this.wake();
        });
        this.inflight.add(run);
      }
    }
    return started;
  }

  private async execute(def: JobDefinition<unknown>, row: repo.JobRow): Promise<void> {
    const log = this.log.child({ job: row.id, kind: row.kind, attempt: row.attempts });
    const record: JobRecord = { id: row.id, kind: row.kind, payload: row.payload, attempt: row.attempts, maxAttempts: row.maxAttempts };
    // the run's own signal: the app stopping, or this process losing its claim
    const lost = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, lost.signal]);
    const leaseMs = this.leaseOf(def);
    // heartbeat: renew the claim every third of the lease while the run lasts
    const heartbeat = setInterval(
      () => {
        repo
          .renewJobLease(this.ctx.db, row.id, this.worker, new Date(this.ctx.clock.now().getTime() + leaseMs))
          .then((held) => {
            if (held || signal.aborted) return;
            log.warn('jobs: claim lost (taken over after the lease ran out); stopping this run');
            lost.abort(new Error('job claim lost'));
          })
          .catch((err) => log.warn({ err }, 'jobs: lease renewal failed'));
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      await def.run(record, {
        ctx: this.ctx,
        log,
        signal,
        progress: (pct) => repo.setJobProgress(this.ctx.db, row.id, pct),
      });
      await repo.markJobDone(this.ctx.db, row.id, this.worker, this.ctx.clock.now());
    } catch (err) {
      // stopped midway: stop() hands the job back; a lost claim belongs to its new holder
      if (signal.aborted) {
        log.info({ err: { message: err instanceof Error ? err.message : String(err) } }, 'jobs: run interrupted');
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const now = this.ctx.clock.now();
      const retryAt = row.attempts < row.maxAttempts ? new Date(now.getTime() + backoffDelay(def.backoff, row.attempts)) : null;
      log.warn({ err, retryAt }, 'jobs: run failed');
      await repo.markJobFailed(this.ctx.db, row.id, this.worker, message.slice(0, 2000), retryAt, now).catch((e) => {
        log.error({ err: e }, 'jobs: could not record the failure');
      });
    } finally {
      clearInterval(heartbeat);
    }
  }
}

export function nextOccurrence(schedule: Schedule, from: Date): Date {
  if ('everyMs' in schedule) return new Date(from.getTime() + schedule.everyMs);
  const next = new Cron(schedule.cron, { timezone: schedule.timezone ?? 'Asia/Shanghai', paused: true }).nextRun(from);
  if (!next) throw new Error(`schedule ${schedule.cron} has no next occurrence`);
  return next;
}
