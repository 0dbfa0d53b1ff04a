import { JobStatus } from '@xuetu/contract';
import { and, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobSchedules, jobs } from '../../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;

/** The jobs whose payload contains `match` (jsonb containment). */
const payloadHas = (match: Record<string, unknown>) => sql`${jobs.payload} @> ${JSON.stringify(match)}::jsonb`;

/** Ids of the jobs of `kind` that meet every condition. */
async function jobIds(db: DbOrTx, kind: string, ...conditions: (SQL | undefined)[]): Promise<number[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), ...conditions));
  return rows.map((r) => r.id);
}

/**
 * Claims up to `limit` due jobs of one kind for this worker: queued ones whose time has come and
 * running ones whose lease ran out (their process died). SKIP LOCKED lets several processes
 * claim at once without waiting on each other or taking the same job.
 */
export async function claimDueJobs(db: Db, kind: string, limit: number, worker: string, now: Date, leaseMs: number): Promise<JobRow[]> {
  if (limit <= 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          or(
            and(eq(jobs.status, JobStatus.Queued), or(isNull(jobs.runAt), lte(jobs.runAt, now))),
            and(eq(jobs.status, JobStatus.Running), lt(jobs.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(sql`${jobs.runAt} asc nulls first`, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        status: JobStatus.Running,
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: worker,
        lockedUntil: new Date(now.getTime() + leaseMs),
        startedAt: now,
        lastError: null,
      })
      .where(
        inArray(
          jobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markJobDone(db: Db, id: number, worker: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: JobStatus.Done, progress: 100, finishedAt: now, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

/** After a failed run: queued again at `retryAt`, or failed for good when retryAt is null. */
export async function markJobFailed(db: Db, id: number, worker: string, error: string, retryAt: Date | null, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set(
      retryAt
        ? { status: JobStatus.Queued, runAt: retryAt, lastError: error, lockedBy: null, lockedUntil: null }
        : { status: JobStatus.Failed, lastError: error, finishedAt: now, lockedBy: null, lockedUntil: null },
    )
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

/**
 * Extends this worker's claim on a running job (the heartbeat). False when the claim is gone:
 * the job was taken over (this process stalled past its lease) or handed back.
 */
export async function renewJobLease(db: Db, id: number, worker: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, JobStatus.Running)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Hands this worker's running jobs back to the queue (a process stopping): due at once, and the
 * interrupted run does not count as an attempt. Returns their ids.
 */
export async function releaseJobs(db: Db, worker: string): Promise<number[]> {
  const rows = await db
    .update(jobs)
    .set({
      status: JobStatus.Queued,
      runAt: null,
      lockedBy: null,
      lockedUntil: null,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
    })
    .where(and(eq(jobs.lockedBy, worker), eq(jobs.status, JobStatus.Running)))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

export async function setJobProgress(db: Db, id: number, pct: number): Promise<void> {
  await db
    .update(jobs)
    .set({ progress: Math.max(0, Math.min(100, Math.round(pct))) })
    .where(eq(jobs.id, id));
}

/**
 * Stores what a job produced (read back by whoever follows the job). Pass the job's own
 * transaction so the result exists exactly when the work it describes committed.
 */
export async function setJobResult(db: DbOrTx, id: number, result: unknown): Promise<void> {
  await db
    .update(jobs)
    .set({ result: result as object })
    .where(eq(jobs.id, id));
}

/**
 * Ids of the queued or running jobs of `kind` whose payload contains `match`, enqueued less than
 * `maxAgeMs` before `now` (the caller's clock). A module can treat such a job as holding something (ADR 0026).
 */
export async function activeJobIds(
  db: DbOrTx,
  kind: string,
  match: Record<string, unknown>,
  maxAgeMs: number,
  now: Date,
): Promise<number[]> {
  return jobIds(
    db,
    kind,
    inArray(jobs.status, [JobStatus.Queued, JobStatus.Running]),
    payloadHas(match),
    gt(jobs.createdAt, new Date(now.getTime() - maxAgeMs)),
  );
}

/**
 * Ids of the jobs of `kind` whose payload contains `match` that are still being taken care of at
 * `now`: waiting in the queue, or running under a claim whose lease has not run out.
 */
export async function liveJobIds(db: DbOrTx, kind: string, match: Record<string, unknown>, now: Date): Promise<number[]> {
  return jobIds(
    db,
    kind,
    payloadHas(match),
    or(eq(jobs.status, JobStatus.Queued), and(eq(jobs.status, JobStatus.Running), gt(jobs.lockedUntil, now))),
  );
}

/**
 * Marks failed the jobs of `kind` matching `match` that are still 'running' under a claim that
 * ran out before `now` (their process died), so a fresh job may take their dedupe key.
 */
export async function failAbandonedJobs(
  db: DbOrTx,
  kind: string,
  match: Record<string, unknown>,
  now: Date,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: JobStatus.Failed, lastError: reason, finishedAt: now, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.kind, kind), payloadHas(match), eq(jobs.status, JobStatus.Running), lt(jobs.lockedUntil, now)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Creates the schedule row on first sight (first occurrence from `first`). */
export async function ensureSchedule(db: Db, name: string, first: Date): Promise<void> {
  await db.insert(jobSchedules).values({ name, nextRunAt: first }).onConflictDoNothing();
}

/**
 * Moves a due schedule to its next occurrence and enqueues the run in the same transaction.
 * Of several processes doing this at once only one sees the row still due, so a run happens once.
 */
export async function takeDueSchedule(db: Db, name: string, now: Date, next: Date, kind: string, maxAttempts: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(jobSchedules)
      .set({ nextRunAt: next })
      .where(and(eq(jobSchedules.name, name), lte(jobSchedules.nextRunAt, now)))
      .returning({ name: jobSchedules.name });
    if (moved.length === 0) return false;
    await tx
      .insert(jobs)
      .values({ kind, payload: {}, status: JobStatus.Queued, runAt: null, maxAttempts, dedupeKey: `schedule:${name}`, createdAt: now })
      .onConflictDoNothing({
        target: [jobs.kind, jobs.dedupeKey],
        where: sql`${jobs.dedupeKey} is not null and ${jobs.status} in ('queued', 'running')`,
      });
    return true;
  });
}

export async function pageJobs(db: Db, q: { kind: string; status: string; limit: number; offset: number }) {
  const where = and(q.kind ? eq(jobs.kind, q.kind) : undefined, q.status ? eq(jobs.status, q.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.id)).limit(q.limit).offset(q.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return { rows, total };
}

export async function findJob(db: DbOrTx, id: number): Promise<JobRow | undefined> {
  return (await db.select().from(jobs).where(eq(jobs.id, id)))[0];
}

/** A failed job goes back to the queue with fresh attempts; false when it is not failed (any more). */
export async function requeueFailedJob(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: JobStatus.Queued, attempts: 0, progress: 0, runAt: null, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, JobStatus.Failed)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
