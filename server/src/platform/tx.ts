import type { Tx } from '../db/client.ts';
import type { Caller } from './caller.ts';
import type { AppContext } from './context.ts';

export type AfterCommit = (fn: () => unknown | Promise<unknown>) => void;

/** after-commit work registered per open transaction (so helpers given only `tx` can add some), and its app */
const pending = new WeakMap<Tx, { ctx: AppContext; steps: Array<() => unknown | Promise<unknown>> }>();

/**
 * Runs `fn` in one transaction. Work passed to `afterCommit` (cache invalidation, session
 * revocation, job wake-up, messages to other systems) runs only once the transaction has
 * committed, in order; if the transaction rolls back it is dropped. A failing after-commit step
 * is logged and does not undo the committed write or stop the steps after it.
 */
export async function inTransaction<T>(from: Caller | AppContext, fn: (tx: Tx, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
  const ctx = 'ctx' in from ? from.ctx : from;
  const log = 'log' in from ? from.log : undefined;
  const steps: Array<() => unknown | Promise<unknown>> = [];
  const result = await ctx.db.transaction(async (tx) => {
    pending.set(tx, { ctx, steps });
    try {
      return await fn(tx, (step) => void steps.push(step));
    } finally {
      pending.delete(tx);
    }
  });
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      if (log) log.error({ err }, 'after-commit step failed');
      else console.error('after-commit step failed', err);
    }
  }
  return result;
}

/**
 * Adds after-commit work to an open transaction started by inTransaction. Outside one (a plain
 * `db` handle, autocommit) the work runs at once, since the write is already committed.
 */
export function onCommit(tx: unknown, step: () => unknown | Promise<unknown>): void {
  const steps = pending.get(tx as Tx)?.steps;
  if (steps) steps.push(step);
  else void Promise.resolve().then(step);
}

/** The app whose inTransaction opened `tx` (helpers given only a transaction, such as enqueueJob); undefined for a plain handle. */
export function appOfTransaction(tx: unknown): AppContext | undefined {
  return pending.get(tx as Tx)?.ctx;
}
