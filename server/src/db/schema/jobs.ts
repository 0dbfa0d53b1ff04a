import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Durable background jobs (platform/jobs, ADR 0005). Status values: JobStatus in the contract. */
export const jobs = pgTable(
  'platform_job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').notNull().default('queued'),
    /** when it may run; null = as soon as possible */
    runAt: timestamp('run_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    progress: integer('progress').notNull().default(0),
    lastError: text('last_error'),
    /** what the job produced, for whoever follows it (e.g. an import's counts); null until stored */
    result: jsonb('result'),
    /** a queued or running job with the same kind and key is not enqueued twice */
    dedupeKey: text('dedupe_key'),
    lockedBy: text('locked_by'),
    /** a running job whose lease passed (its process died) is claimed again */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('platform_job_due_idx').on(t.status, t.runAt),
    uniqueIndex('platform_job_dedupe_idx')
      .on(t.kind, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null and ${t.status} in ('queued', 'running')`),
  ],
);

/** One row per scheduled job: whichever process moves next_run_at forward enqueues the run. */
export const jobSchedules = pgTable('platform_job_schedule', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});
