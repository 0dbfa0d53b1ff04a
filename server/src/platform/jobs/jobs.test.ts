import { JobStatus } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { jobs } from '../../db/schema/index.ts';
import { ManualClock, systemClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../tx.ts';
import { defineJob, enqueueJob, JobRunner } from './index.ts';

const START = new Date('2026-03-01T08:00:00Z');
let t: TestApp;
const clock = new ManualClock(START);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  // the demo seed queues module jobs (exam messages): run them first so the counts below are this file's own
  await t.ctx.jobs.drain();
});
afterAll(() => t.close());

const jobRow = async (id: number) => (await t.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('platform jobs', () => {
  it('runs a job only when the transaction that enqueued it commits, and records progress', async () => {
    const seen: string[] = [];
    const echo = defineJob<{ word: string }>('test.echo', {
      run: async (job, { progress }) => {
        await progress(40);
        seen.push(job.payload.word);
      },
    });
    t.ctx.jobs.register(echo);
    await expect(
      inTransaction(t.ctx, async (tx) => {
        await enqueueJob(tx, echo, { word: 'rolled back' }, { now: clock.now() });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const id = await inTransaction(t.ctx, (tx) => enqueueJob(tx, echo, { word: 'committed' }, { now: clock.now() }));
    expect(await t.ctx.jobs.drain()).toBe(1);
    expect(seen).toEqual(['committed']);
    const row = await jobRow(id as number);
    expect(row.status).toBe(JobStatus.Done);
    expect(row.progress).toBe(100);
    expect(row.attempts).toBe(1);
  });

  it('retries a failing job after its backoff, on the controlled clock, keeping the last error', async () => {
    let calls = 0;
    const flaky = defineJob('test.flaky', {
      maxAttempts: 3,
      backoff: { type: 'exponential', delayMs: 60_000 },
      run: async () => {
        calls++;
        if (calls < 3) throw new Error(`boom ${calls}`);
      },
    });
    t.ctx.jobs.register(flaky);
    const id = (await enqueueJob(t.ctx.db, flaky, {}, { now: clock.now() })) as number;
    await t.ctx.jobs.drain();
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: JobStatus.Queued, lastError: 'boom 1', attempts: 1 });
    expect(row.runAt?.getTime()).toBe(clock.now().getTime() + 60_000);
    expect(await t.ctx.jobs.drain()).toBe(0);
    clock.advance(60_000);
    await t.ctx.jobs.drain();
    row = await jobRow(id);
    expect(row).toMatchObject({ status: JobStatus.Queued, lastError: 'boom 2', attempts: 2 });
    expect(row.runAt?.getTime()).toBe(clock.now().getTime() + 120_000);
    clock.advance(120_000);
    await t.ctx.jobs.drain();
    row = await jobRow(id);
    expect(row).toMatchObject({ status: JobStatus.Done, lastError: null, attempts: 3 });
  });

  it('marks a job failed after its last attempt', async () => {
    const broken = defineJob('test.broken', {
      maxAttempts: 1,
      run: async () => {
        throw new Error('always');
      },
    });
    t.ctx.jobs.register(broken);
    const id = (await enqueueJob(t.ctx.db, broken, {}, { now: clock.now() })) as number;
    await t.ctx.jobs.drain();
    expect(await jobRow(id)).toMatchObject({ status: JobStatus.Failed, lastError: 'always', attempts: 1 });
  });

  it('does not enqueue a second job with the same dedupe key while the first waits', async () => {
    const noop = defineJob('test.dedupe', { run: async () => {} });
    t.ctx.jobs.register(noop);
    const first = await enqueueJob(t.ctx.db, noop, {}, { now: clock.now(), dedupeKey: 'k' });
    expect(first).toBeTypeOf('number');
    expect(await enqueueJob(t.ctx.db, noop, {}, { now: clock.now(), dedupeKey: 'k' })).toBeNull();
    await t.ctx.jobs.drain();
    expect(await enqueueJob(t.ctx.db, noop, {}, { now: clock.now(), dedupeKey: 'k' })).toBeTypeOf('number');
    await t.ctx.jobs.drain();
  });

  it('runs at most `concurrency` jobs of a kind at once in one process', async () => {
    let running = 0;
    let peak = 0;
    const slow = defineJob('test.slow', {
      concurrency: 2,
      run: async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
      },
    });
    t.ctx.jobs.register(slow);
    for (let i = 0; i < 5; i++) await enqueueJob(t.ctx.db, slow, {}, { now: clock.now() });
    expect(await t.ctx.jobs.drain()).toBe(5);
    expect(peak).toBe(2);
  });

  it('works through a backlog without waiting for the poll interval (a job that ends mid-poll is not missed)', async () => {
    const done: number[] = [];
    const quick = defineJob<{ n: number }>('test.backlog', {
      concurrency: 2,
      run: async (job) => {
        done.push(job.payload.n);
      },
    });
    const other = defineJob('test.backlog-other', { run: async () => {} });
    // a process that polls once an hour: only job ends and enqueues can move it on
    const runner = new JobRunner(t.ctx, [], pino({ level: 'silent' }), { pollMs: 3_600_000 });
    runner.register(quick);
    runner.register(other);
    for (let n = 0; n < 30; n++) await enqueueJob(t.ctx.db, quick, { n }, { now: clock.now() });
    runner.start();
    try {
      await vi.waitFor(() => expect(done).toHaveLength(30), { timeout: 20_000, interval: 50 });
    } finally {
      await runner.stop();
    }
  });

  it('runs a scheduled job once per occurrence even with two processes', async () => {
    let runs = 0;
    const hourly = defineJob('test.hourly', {
      schedule: { everyMs: 3_600_000 },
      run: async () => {
        runs++;
      },
    });
    t.ctx.jobs.register(hourly);
    // a second process on the same database
    const other = new JobRunner(t.ctx, [], pino({ level: 'silent' }), { pollMs: 0 });
    other.register(hourly);
    await t.ctx.jobs.drain();
    await other.drain();
    expect(runs).toBe(0);
    clock.advance(3_600_000);
    await Promise.all([t.ctx.jobs.drain(), other.drain()]);
    expect(runs).toBe(1);
    clock.advance(3_600_000);
    await Promise.all([other.drain(), t.ctx.jobs.drain()]);
    expect(runs).toBe(2);
  });

  it('takes over a running job whose process died once its lease has passed', async () => {
    let runs = 0;
    const leased = defineJob('test.leased', {
      leaseMs: 60_000,
      run: async () => {
        runs++;
      },
    });
    t.ctx.jobs.register(leased);
    const id = (await enqueueJob(t.ctx.db, leased, {}, { now: clock.now() })) as number;
    await t.ctx.db
      .update(jobs)
      .set({ status: JobStatus.Running, lockedBy: 'dead-process', lockedUntil: new Date(clock.now().getTime() + 60_000), attempts: 1 })
      .where(eq(jobs.id, id));
    expect(await t.ctx.jobs.drain()).toBe(0);
    clock.advance(60_001);
    expect(await t.ctx.jobs.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: JobStatus.Done, attempts: 2 });
  });

  describe('leases on the real clock (issue 21 item 6)', () => {
    const silent = pino({ level: 'silent' });
    // two "processes" on the same database, with time from the system clock
    const live = () => ({ ...t.ctx, clock: systemClock }) as AppContext;

    it('a run longer than its lease keeps its job: the heartbeat renews the claim', { timeout: 30_000 }, async () => {
      let started = 0;
      let finish!: () => void;
      const finished = new Promise<void>((r) => {
        finish = r;
      });
      const long = defineJob('test.heartbeat', {
        leaseMs: 1200,
        run: async () => {
          started++;
          await finished;
        },
      });
      const a = new JobRunner(live(), [long], silent, { pollMs: 100 });
      const b = new JobRunner(live(), [long], silent, { pollMs: 100 });
      const id = (await enqueueJob(t.ctx.db, long, {}, { now: new Date() })) as number;
      a.start();
      try {
        await vi.waitFor(() => expect(started).toBe(1), { timeout: 10_000, interval: 50 });
        b.start();
        // more than three leases pass while b looks for due jobs every 100 ms
        await new Promise((r) => setTimeout(r, 4000));
        expect(started).toBe(1);
        const row = await jobRow(id);
        expect(row).toMatchObject({ status: JobStatus.Running, lockedBy: a.worker });
        expect(row.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
        finish();
        await vi.waitFor(async () => expect(await jobRow(id)).toMatchObject({ status: JobStatus.Done, attempts: 1 }), {
          timeout: 10_000,
          interval: 50,
        });
      } finally {
        finish();
        await Promise.all([a.stop(), b.stop()]);
      }
    });

    it('stopping hands running jobs back to the queue: due at once, the interrupted run not counted', { timeout: 30_000 }, async () => {
      const runs: string[] = [];
      const never = new Promise<void>(() => {});
      const handback = defineJob<{ obeys: boolean }>('test.handback', {
        concurrency: 2,
        run: async (job, { signal }) => {
          runs.push(`${job.payload.obeys ? 'obeys' : 'ignores'}#${job.attempt}`);
          if (runs.length > 2) return;
          // one run stops when told; the other ignores the signal and is given up after the stop timeout
          if (job.payload.obeys)
            await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
          else await never;
        },
      });
      const a = new JobRunner(live(), [handback], silent, { pollMs: 100, stopTimeoutMs: 300 });
      const ids = [
        (await enqueueJob(t.ctx.db, handback, { obeys: true }, { now: new Date() })) as number,
        (await enqueueJob(t.ctx.db, handback, { obeys: false }, { now: new Date() })) as number,
      ];
      a.start();
      await vi.waitFor(() => expect(runs).toHaveLength(2), { timeout: 10_000, interval: 50 });
      await a.stop();
      for (const id of ids)
        expect(await jobRow(id)).toMatchObject({
          status: JobStatus.Queued,
          lockedBy: null,
          lockedUntil: null,
          attempts: 0,
          lastError: null,
        });
      // another process takes both at once (no lease to wait out) and runs them as first attempts
      const b = new JobRunner(live(), [handback], silent, { pollMs: 0 });
      expect(await b.drain()).toBe(2);
      expect(runs.slice(2).sort()).toEqual(['ignores#1', 'obeys#1']);
      for (const id of ids) expect(await jobRow(id)).toMatchObject({ status: JobStatus.Done, attempts: 1 });
    });
  });
});
