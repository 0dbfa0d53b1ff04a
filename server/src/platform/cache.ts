import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { type Clock, perfOf, systemClock } from './clock.ts';

/** Shared cache: rate-limit counters, codes, session lookups, public page data. */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get<T>(key: string): Promise<T | undefined>;
  /** Several keys in one round trip; each answer is undefined where its key is absent. */
  getMany(...keys: string[]): Promise<unknown[]>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Deletes every key starting with `prefix`. */
  delPrefix(prefix: string): Promise<void>;
  /** Increments a counter, starting its expiry window on first use; returns the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Stores `value` only when the key is absent; true when it was stored. */
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  /**
   * Gives the key a new lifetime only while it still holds `value`, in one step (a lock's holder
   * renewing it: a lock that expired and was taken by another holder is not extended).
   */
  renewIfEquals(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  /** Deletes the key only while it still holds `value`, in one step (a lock's holder letting go). */
  delIfEquals(key: string, value: unknown): Promise<boolean>;
  close(): Promise<void>;
}

/** Bounds of the in-process cache: entries and approximate bytes (key + JSON value). */
export const MEMORY_CACHE_LIMITS = { maxEntries: 100_000, maxBytes: 64 * 1024 * 1024 };

/**
 * The single-process cache: an LRU bounded by entries and bytes for every operation (counters
 * included). What must not be lost under pressure (single-use markers) lives elsewhere (markers.ts).
 */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries: LRUCache<string, string>;

  /**
   * `clock`: what entries age by. The app's shared cache keeps the system clock even when the app
   * runs on a ManualClock: it stands in for Redis, whose expiry runs on real time.
   */
  constructor(limits: { maxEntries: number; maxBytes: number } = MEMORY_CACHE_LIMITS, clock: Clock = systemClock) {
    this.entries = new LRUCache<string, string>({
      perf: perfOf(clock),
      ttlResolution: 0,
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (value, key) => value.length + key.length + 16,
    });
  }

  get size(): number {
    return this.entries.size;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const v = this.entries.get(key);
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }

  async getMany(...keys: string[]): Promise<unknown[]> {
    return keys.map((k) => {
      const v = this.entries.get(k);
      return v === undefined ? undefined : JSON.parse(v);
    });
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.entries.set(key, JSON.stringify(value), { ttl: Math.max(1, ttlSeconds * 1000) });
  }

  async del(...keys: string[]): Promise<void> {
    for (const k of keys) this.entries.delete(k);
  }

  async delPrefix(prefix: string): Promise<void> {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const current = this.entries.get(key);
    const next = (current === undefined ? 0 : Number(JSON.parse(current))) + 1;
    // the window starts with the first increment and is not extended by later ones
    const remaining = current === undefined ? ttlSeconds * 1000 : this.entries.getRemainingTTL(key);
    this.entries.set(key, JSON.stringify(next), { ttl: Math.max(1, remaining) });
    return next;
  }

  async setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    if (this.entries.has(key)) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  async renewIfEquals(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    if (this.entries.get(key) !== JSON.stringify(value)) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  async delIfEquals(key: string, value: unknown): Promise<boolean> {
    if (this.entries.get(key) !== JSON.stringify(value)) return false;
    this.entries.delete(key);
    return true;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/**
 * Redis cannot be reached right now (down, restarting, network cut): the request answers 503
 * CACHE_UNAVAILABLE and may be retried, like a lost database connection (db/unavailable.ts).
 */
export class CacheUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`cache unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'CacheUnavailableError';
  }
}

// What ioredis rejects commands with while it has no connection: the offline queue gave up after
// maxRetriesPerRequest reconnects, the connection closed under the command, or it was ended.
const REDIS_CONNECTION_MESSAGES =
  /^Connection is closed\.?$|Stream isn't writeable|Command timed out|Reached the max retries per request limit/;

function isRedisConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: unknown; message?: unknown };
  return e.name === 'MaxRetriesPerRequestError' || REDIS_CONNECTION_MESSAGES.test(String(e.message ?? ''));
}

/**
 * True for a CacheUnavailableError, or ioredis's own connection errors (from users of the shared
 * connection other than RedisCache, such as the rate limiter's store), also when wrapped.
 */
export function isCacheUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    if (cur instanceof CacheUnavailableError || isRedisConnectionError(cur)) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs one Redis call; a lost connection becomes a CacheUnavailableError (a reply error stays as is). */
async function onRedis<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw isRedisConnectionError(err) ? new CacheUnavailableError(err) : err;
  }
}

/** The longest a Redis command may take before the request answers 503 CACHE_UNAVAILABLE. */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

// compare-and-act in one step on the server (Redis runs a script atomically)
const RENEW_IF_EQUALS = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('expire', KEYS[1], ARGV[2]) else return 0 end";
const DEL_IF_EQUALS = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  constructor(
    /** the connection, shared with the rate limiter */
    readonly redis: Redis,
    /** every key starts with it; tests use one per file */
    readonly prefix = 'xuetu:',
  ) {}

  static async connect(url: string, prefix?: string): Promise<RedisCache> {
    // a command waits at most REDIS_COMMAND_TIMEOUT_MS: a Redis that accepts connections and then
    // drops them (restarting, loading, behind a failing proxy) keeps commands queued across
    // reconnects, and a request must answer 503 rather than hang
    // the commands a tick issues go out in one write (auto-pipelining, issue 39 item 1): every
    // request asks for its session, actor and cached entries, and a socket write per command was
    // the largest cost of a practice call on PostgreSQL + Redis under load
    const redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      enableAutoPipelining: true,
    });
    // ioredis reports a refused connection only as "Connection is closed."; keep the real reason
    let lastError: Error | undefined;
    const remember = (err: Error) => {
      lastError = err;
    };
    redis.on('error', remember);
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      const reason = lastError?.message ?? (err as Error).message;
      throw new Error(`Redis (REDIS_URL) unreachable: ${reason}`);
    }
    redis.off('error', remember);
    // later outages: ioredis reconnects by itself; an 'error' event without a listener would be noisy
    redis.on('error', (err) => console.warn(`Redis connection error: ${err.message}`));
    return new RedisCache(redis, prefix);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const v = await onRedis(() => this.redis.get(this.prefix + key));
    return v === null ? undefined : (JSON.parse(v) as T);
  }

  async getMany(...keys: string[]): Promise<unknown[]> {
    if (!keys.length) return [];
    const values = await onRedis(() => this.redis.mget(...keys.map((k) => this.prefix + k)));
    return values.map((v) => (v === null ? undefined : JSON.parse(v)));
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await onRedis(() => this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds))));
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await onRedis(() => this.redis.del(...keys.map((k) => this.prefix + k)));
  }

  async delPrefix(prefix: string): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await onRedis(() => this.redis.scan(cursor, 'MATCH', `${this.prefix}${prefix}*`, 'COUNT', 500));
      cursor = next;
      if (keys.length) await onRedis(() => this.redis.del(...keys));
    } while (cursor !== '0');
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const k = this.prefix + key;
    const [[, count]] = (await onRedis(() =>
      this.redis
        .multi()
        .incr(k)
        .expire(k, Math.max(1, Math.ceil(ttlSeconds)), 'NX')
        .exec(),
    )) as [[null, number]];
    return count;
  }

  async setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    const res = await onRedis(() =>
      this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX'),
    );
    return res === 'OK';
  }

  async renewIfEquals(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    const renewed = await onRedis(() =>
      this.redis.eval(RENEW_IF_EQUALS, 1, this.prefix + key, JSON.stringify(value), Math.max(1, Math.ceil(ttlSeconds))),
    );
    return renewed === 1;
  }

  async delIfEquals(key: string, value: unknown): Promise<boolean> {
    const deleted = await onRedis(() => this.redis.eval(DEL_IF_EQUALS, 1, this.prefix + key, JSON.stringify(value)));
    return deleted === 1;
  }

  async close(): Promise<void> {
    // an unreachable Redis must not hold a shutdown: quit politely, or drop the connection soon
    const timer = setTimeout(() => this.redis.disconnect(), 2000).unref();
    await this.redis.quit().catch(() => {});
    clearTimeout(timer);
  }
}

export async function createCache(redisUrl?: string, prefix?: string): Promise<Cache> {
  return redisUrl ? RedisCache.connect(redisUrl, prefix) : new MemoryCache();
}
