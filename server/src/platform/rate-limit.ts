import { createRequire } from 'node:module';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { API_BASE, Msg } from '@xuetu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RedisCache } from './cache.ts';
import type { AppContext } from './context.ts';

// Request limits (issue 21 item 4). Offices put hundreds of employees behind one public address,
// so one per-address allowance for the whole API 429'd a class watching videos. Now
// - a signed-in call counts against its user's allowance (RATE_LIMIT_PER_MINUTE), wherever it
//   comes from: 300 learners of one office have 300 allowances, one abusive user still hits the
//   limit. Per user rather than per session: signing in again does not buy a fresh allowance;
// - an anonymous call counts against its address (RATE_LIMIT_ANON_PER_MINUTE; the address as
//   TRUST_PROXY lets Fastify read it), and so do sign-in, SMS and registration, whose routes
//   keep their own per-address limits (`rateLimit` on the route, `per: 'address'`);
// - a request carrying a valid signed link (HLS playlists and segments, private file downloads)
//   is checked by its signature and not counted (`signedLink` on the route);
// - health and readiness probes are never limited (a balancer must always get the truth).
// The key is computed after the app's onRequest hook has resolved `req.actor`: the limiter's hook
// is a route-level onRequest hook, and Fastify runs route-level hooks after the app-level ones.

/** Probes answered whatever the load (load balancers, orchestrators). */
const UNLIMITED_PATHS = new Set([`${API_BASE}/health`, `${API_BASE}/ready`].map((p) => p.toLowerCase()));

/** How long a limiter round trip to Redis may take before the request goes on uncounted. */
export const LIMITER_REDIS_TIMEOUT_MS = 250;

export type LimitPer = 'address' | 'user';

/** The counter a request counts against: its user's when signed in, else its address's. */
export function limitKeyFor(req: FastifyRequest, per: LimitPer = 'user'): string {
  return per === 'user' && req.actor ? `user:${req.actor.userId}` : `ip:${req.ip}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true when the request carries a valid signed link for what it asks (not counted) */
    signedLink?: (req: FastifyRequest) => boolean;
  }
}

/** True when the limiter leaves the request alone entirely. */
function notCounted(req: FastifyRequest): boolean {
  if (!req.url.toLowerCase().startsWith(API_BASE.toLowerCase())) return true;
  if (UNLIMITED_PATHS.has((req.routeOptions.url ?? '').toLowerCase().replace(/\/+$/, ''))) return true;
  return req.routeOptions.config.signedLink?.(req) === true;
}

export async function registerRateLimit(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { env, cache } = ctx;
  const options: RateLimitPluginOptions = {
    global: true,
    timeWindow: '1 minute',
    keyGenerator: (req) => limitKeyFor(req),
    max: (_req, key) => (key.startsWith('user:') ? env.RATE_LIMIT_PER_MINUTE : env.RATE_LIMIT_ANON_PER_MINUTE),
    allowList: (req) => notCounted(req),
    // Redis down or not answering: the request goes on uncounted (fail open) rather than failing.
    // The limiter protects the API from floods; turning a cache outage into refusing every call
    // (500, or 503 from here) would make it a full outage. What needs Redis to answer correctly
    // (sessions, codes) fails or degrades on its own; the health probe reports the outage.
    skipOnError: true,
    errorResponseBuilder: (_req, context) => Object.assign(new Error(Msg.tooManyRequests), { statusCode: context.statusCode }),
  };
  if (cache instanceof RedisCache) {
    // counters shared by every node, under the cache's key prefix
    const redis = cache.redis;
    const namespace = `${cache.prefix}rl:`;
    options.store = class {
      constructor() {
        // biome-ignore lint/correctness/noConstructorReturn: the plugin constructs the store it is given
        return failFastStore(new RedisStore(false, false, redis, namespace), redis);
      }
    } as unknown as RateLimitPluginOptions['store'];
  } else {
    // one process: counters in memory (an LRU; enough entries for every user of a large site)
    options.cache = 100_000;
  }
  await app.register(rateLimit, options);
}

/** A counter store as the plugin calls it (its type declarations leave out the last two arguments). */
export interface CounterStore {
  incr(
    key: string,
    callback: (err: Error | null, result: { current: number; ttl: number } | null) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: object): CounterStore;
}

// the plugin's Redis counter (an atomic Lua INCR + expiry); its module has no type declarations
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => CounterStore;

/**
 * The Redis counter, failing at once while the connection is down (instead of queueing the
 * command for ioredis's reconnect attempts) and after LIMITER_REDIS_TIMEOUT_MS when Redis does
 * not answer: the plugin (skipOnError) then lets the request through uncounted.
 */
export function failFastStore(inner: CounterStore, redis: Pick<Redis, 'status'>): CounterStore {
  return {
    incr(key, callback, timeWindow, max) {
      if (redis.status !== 'ready') return callback(new Error(`rate limit: Redis is ${redis.status}`), null);
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        callback(new Error('rate limit: Redis did not answer in time'), null);
      }, LIMITER_REDIS_TIMEOUT_MS);
      inner.incr(
        key,
        (err, result) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          callback(err, result);
        },
        timeWindow,
        max,
      );
    },
    child(routeOptions) {
      return failFastStore(inner.child(routeOptions), redis);
    },
  };
}
