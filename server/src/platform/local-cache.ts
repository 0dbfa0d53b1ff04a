import { LRUCache } from 'lru-cache';

const byApp = new WeakMap<object, Map<string, LRUCache<NonNullable<unknown>, NonNullable<unknown>>>>();

/**
 * A bounded in-process cache that belongs to one app instance (its context): for data a hot path
 * reads on every request and that is fixed, or may be a few seconds stale (an attempt's frozen
 * questions, a learner's study rules). Not shared between processes: what must change everywhere
 * at once goes through ctx.cache.
 */
export function localCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  ctx: object,
  name: string,
  options: { max: number; ttlMs: number },
): LRUCache<K, V> {
  let caches = byApp.get(ctx);
  if (!caches) {
    caches = new Map();
    byApp.set(ctx, caches);
  }
  let cache = caches.get(name);
  if (!cache) {
    cache = new LRUCache({ max: options.max, ttl: options.ttlMs });
    caches.set(name, cache);
  }
  return cache as unknown as LRUCache<K, V>;
}
