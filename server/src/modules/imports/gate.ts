import type { Actor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { appError } from '../../platform/errors.ts';
import { claimOnce, releaseMarker } from '../../platform/markers.ts';
import { tenantScope } from '../../platform/scope.ts';

// Workbook imports are heavy (unzip, parse, check thousands of rows): issue 9 item 8 found four
// large ones at once stalling every other call. So
// - one company (a platform user: one person) runs one import at a time, on any node: a lock
//   in the database (a single-use marker with an expiry, so a crashed node cannot hold it);
//   a second one answers IMPORT_BUSY at once;
// - one process reads one workbook at a time; a few more wait their turn in order, beyond that
//   IMPORT_QUEUE_FULL. Other calls keep the rest of the event loop meanwhile.

/** How long a lock may be held before another import may take it over (a crashed node). */
export const IMPORT_LOCK_TTL_S = 10 * 60;
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
// per app (tests build several in one process), never shared between them
const turnsByApp = new WeakMap<AppContext, Turns>();

/** Runs `work` when no other import of this process runs; in order of arrival. */
export async function inProcessTurn<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  let turns = turnsByApp.get(ctx);
  if (!turns) {
    turns = { running: false, waiting: [] };
    turnsByApp.set(ctx, turns);
  }
  const t = turns;
  if (t.running) {
    if (t.waiting.length >= IMPORT_MAX_WAITING) throw appError('IMPORT_QUEUE_FULL');
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

/** The one way an import (check or run) reads a workbook: its company's lock, then the process's turn. */
export async function withImportSlot<T>(ctx: AppContext, actor: Actor, work: () => Promise<T>): Promise<T> {
  const key = importLockKey(actor);
  if (!(await claimOnce(ctx, key, IMPORT_LOCK_TTL_S))) throw appError('IMPORT_BUSY');
  try {
    return await inProcessTurn(ctx, work);
  } finally {
    await releaseMarker(ctx, key);
  }
}
