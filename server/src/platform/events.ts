import type { AppContext } from './context.ts';
import { onCommit } from './tx.ts';

/**
 * After-commit events (ADR 0039): how one module tells others that something it owns changed,
 * without importing them. The module that owns the data announces the event once its write has
 * committed; the modules that keep something derived from it (a cache, for now) react. Names and
 * payloads are declared here, so neither side imports the other.
 */
export interface AppEvents {
  /** A training project's rules, resources or enrolments changed: cached study rules are stale. */
  'projects.changed': Record<string, never>;
  /** A resource the portal home shows was approved, revoked, deleted or (un)recommended. */
  'courses.homeChanged': Record<string, never>;
  /**
   * The directory ended people's access — these people (disabled, given a temporary password) or
   * everyone of a company (disabled): their sessions end (identity).
   */
  'directory.accessEnded': { userIds?: number[]; companySysCode?: string; now: Date };
}

export type EventName = keyof AppEvents;
type Handler<K extends EventName> = (ctx: AppContext, payload: AppEvents[K]) => unknown | Promise<unknown>;

const handlers = new Map<EventName, Handler<never>[]>();

/** Reacts to an event in this process (the composition root, modules/index.ts, wires these). */
export function subscribe<K extends EventName>(name: K, handler: Handler<K>): void {
  const list = handlers.get(name) ?? [];
  list.push(handler as Handler<never>);
  handlers.set(name, list);
}

/**
 * Runs every handler of the event, in the order they subscribed. Call it after the write has
 * committed (an `afterCommit` step, or through `publishAfterCommit`). Every handler runs even if
 * one fails; the first failure is thrown after the others ran (the after-commit runner logs it).
 */
export async function publish<K extends EventName>(ctx: AppContext, name: K, payload: AppEvents[K]): Promise<void> {
  const failures: unknown[] = [];
  for (const handler of handlers.get(name) ?? []) {
    try {
      await (handler as Handler<K>)(ctx, payload);
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length) throw failures[0];
}

/** Announces the event once the open transaction `tx` commits (at once outside a transaction). */
export function publishAfterCommit<K extends EventName>(tx: unknown, ctx: AppContext, name: K, payload: AppEvents[K]): void {
  onCommit(tx, () => publish(ctx, name, payload));
}
