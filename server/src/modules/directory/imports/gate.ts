import type { Actor } from '../../../platform/actor.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError } from '../../../platform/errors.ts';
import { activeJobIds } from '../../../platform/jobs/repository.ts';
import { claimOnce, releaseMarker } from '../../../platform/markers.ts';
import { tenantScope } from '../../../platform/scope.ts';

// Workbook imports are heavy (unzip, parse, check thousands of rows): issue 9 item 8 found four
// large ones at once stalling every other call. So
// - one company (a platform user: one person) runs one import at a time, on any node: a lock
//   in the database (a single-use marker with an expiry, so a crashed node cannot hold it);
//   a second one answers IMPORT_BUSY at once;
// - one process reads one workbook at a time; a few more wait their turn in order, beyond that
//   IMPORT_QUEUE_FULL. Other calls keep the rest of the event loop meanwhile.
// A large import runs as a durable job (job.ts, ADR 0026). The job holds its company's slot by
// existing: while a `users.import` job with that lock key is queued or running, every import of
// the company answers IMPORT_BUSY. It lets go when the job is done or failed for good (the job
// table's status, so no release step can be missed); a process dying mid-job leaves the job's
// lease, and another process runs it again. A job that never ran within IMPORT_JOB_HOLD_MS (no
// runner) stops holding the slot and refuses to run when it finally starts.

/** How long a lock may be held before another import may take it over (a crashed node). */
export const IMPORT_LOCK_TTL_S = 10 * 60;
/** How long a queued or running import job holds its company's slot at most (from when it was enqueued). */
export const IMPORT_JOB_HOLD_MS = 6 * 60 * 60 * 1000;
/** The kind of the user import job (job.ts); here so the gate can see the jobs that hold slots. */
export const IMPORT_JOB_KIND = 'users.import';

/** Imports that may wait for the process's turn; more are refused, not queued without end. */
export const IMPORT_MAX_WAITING = 8;

/** What the lock is per: the company of a company user, the person for platform staff. */
export function importLockKey(actor: Pick<Actor, 'userId' | 'sysRoles' | 'companySysCode'>): string {
  const scope = tenantScope(actor);
  return scope.all ? `import:lock:user:${actor.userId}` : `import:lock:company:${scope.companySysCode}`;
}

interface Turns {
  running: boolean;
  waiting: (() => void)[];
}

/**
 * Runs `work` when no other import of this process runs; in order of arrival. `maxWaiting`: how
 * many may wait before more are refused (an import job waits its turn however long the line).
 */
export async function inProcessTurn<T>(ctx: AppContext, work: () => Promise<T>, maxWaiting = IMPORT_MAX_WAITING): Promise<T> {
  // per app (tests build several in one process), never shared between them
  const t = ctx.locals.of<Turns>('imports.turns', () => ({ running: false, waiting: [] }));
  if (t.running) {
    if (t.waiting.length >= maxWaiting) throw appError('IMPORT_QUEUE_FULL');
    await new Promise<void>((resolve) => t.waiting.push(resolve));
  }
  t.running = true;
  try {
    return await work();
  } finally {
    const next = t.waiting.shift();
    if (next) next();
    else t.running = false;
  }
}

/** True while an import job of this lock key is queued or running (and not past its hold at `now`). */
export async function importJobHolds(ctx: AppContext, key: string, now: Date): Promise<boolean> {
  return (await activeJobIds(ctx.db, IMPORT_JOB_KIND, { slot: key }, IMPORT_JOB_HOLD_MS, now)).length > 0;
}

/**
 * The one way an import (check or run) reads a workbook: its company's lock (free, and no import
 * job of the company waiting or running), then the process's turn. `work` may enqueue the
 * company's import job: the lock is held until then, so two requests cannot both start one.
 */
export async function withImportSlot<T>(caller: Caller, work: () => Promise<T>): Promise<T> {
  const { ctx } = caller;
  const key = importLockKey(requireActor(caller));
  if (!(await claimOnce(ctx, key, IMPORT_LOCK_TTL_S, caller.now))) throw appError('IMPORT_BUSY');
  try {
    if (await importJobHolds(ctx, key, caller.now)) throw appError('IMPORT_BUSY');
    return await inProcessTurn(ctx, work);
  } finally {
    await releaseMarker(ctx, key);
  }
}
