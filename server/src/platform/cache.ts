import { Redis } from 'ioredis';

/** Shared cache: rate-limit counters, codes, session lookups, public page data. */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Deletes every key starting with `prefix`. */
  delPrefix(prefix: string): Promise<void>;
  /** Increments a counter, starting its expiry window on first use; returns the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  close(): Promise<void>;
}

const MAX_MEMORY_ENTRIES = 100_000;

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, { value: string; expires: number }>();

  async get<T>(key: string): Promise<T | undefined> {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return JSON.parse(e.value) as T;
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    if (this.entries.size >= MAX_MEMORY_ENTRIES) this.evict();
    this.entries.delete(key);
    this.entries.set(key, { value: JSON.stringify(value), expires: Date.now() + ttlSeconds * 1000 });
  }

  async del(...keys: string[]): Promise<void> {
    for (const k of keys) this.entries.delete(k);
  }

  async delPrefix(prefix: string): Promise<void> {
    for (const k of this.entries.keys()) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const current = await this.get<number>(key);
    const e = this.entries.get(key);
    const next = (current ?? 0) + 1;
    const expires = current === undefined || !e ? Date.now() + ttlSeconds * 1000 : e.expires;
    this.entries.set(key, { value: JSON.stringify(next), expires });
    return next;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private evict() {
    const now = Date.now();
    for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
    // still full: drop the oldest tenth (Map keeps insertion order)
    if (this.entries.size >= MAX_MEMORY_ENTRIES) {
      let n = Math.ceil(MAX_MEMORY_ENTRIES / 10);
      for (const k of this.entries.keys()) {
        if (n-- <= 0) break;
        this.entries.delete(k);
      }
    }
  }
}

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  constructor(
    /** the connection, shared with the rate limiter */
    readonly redis: Redis,
    /** every key starts with it; tests use one per file */
    readonly prefix = 'xuetu:',
  ) {}

  static async connect(url: string, prefix?: string): Promise<RedisCache> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    return new RedisCache(redis, prefix);
  }

  async get<T>(key: string): Promise<T | undefined> {
    const v = await this.redis.get(this.prefix + key);
    return v === null ? undefined : (JSON.parse(v) as T);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((k) => this.prefix + k));
  }

  async delPrefix(prefix: string): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await this.redis.del(...keys);
    } while (cursor !== '0');
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis
      .multi()
      .incr(k)
      .expire(k, Math.max(1, Math.ceil(ttlSeconds)), 'NX')
      .exec()) as [[null, number]];
    return count;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export async function createCache(redisUrl?: string, prefix?: string): Promise<Cache> {
  return redisUrl ? RedisCache.connect(redisUrl, prefix) : new MemoryCache();
}
