import { LRUCache } from 'lru-cache';
import { perfOf } from './clock.ts';
import type { AppContext } from './context.ts';

type Entry = { cache: LRUCache<NonNullable<unknown>, NonNullable<unknown>>; seenAt: number };

/**
 * A bounded in-process cache that belongs to one app instance (its context): for data a hot path
 * reads on every request and that is fixed, or may be a few seconds stale (an attempt's frozen
 * questions, a learner's study rules). Not shared between processes: what must change everywhere
 * at once goes through ctx.cache. Entries age on the context's clock, so a test moves a ManualClock
 * past the ttl instead of sleeping.
 */
export function localCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  ctx: Pick<AppContext, 'clock' | 'locals'>,
  name: string,
  options: { max: number; ttlMs: number },
): LRUCache<K, V> {
  const caches = ctx.locals.of('local-caches', () => new Map<string, Entry>());
  let entry = caches.get(name);
  const now = ctx.clock.now().getTime();
  if (!entry) {
    // ttlResolution 0: every read asks the clock (lru-cache otherwise reuses a reading for 1 ms of real time)
    entry = { cache: new LRUCache({ max: options.max, ttl: options.ttlMs, perf: perfOf(ctx.clock), ttlResolution: 0 }), seenAt: now };
    caches.set(name, entry);
  }
  // a clock set back (a test's ManualClock) would keep entries until it catches up: start afresh
  if (now < entry.seenAt) entry.cache.clear();
  entry.seenAt = now;
  return entry.cache as unknown as LRUCache<K, V>;
}
