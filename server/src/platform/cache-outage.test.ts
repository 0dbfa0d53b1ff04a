import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import { openTcpProxy } from '../../test/tcp-proxy.ts';
import { TEST_ENV } from '../../test/test-env.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { CacheUnavailableError, isCacheUnavailable, RedisCache } from './cache.ts';

// Issue 21 item 5: a Redis restart must not turn into bare 500s. A TCP proxy between the app and
// Redis is cut and restored: API calls (session lookup, cache reads, the limiter's counters) and
// /health answer 503 CACHE_UNAVAILABLE meanwhile and serve again afterwards. Needs a Redis
// server: REDIS_URL, or the local one CI and the developer machines run.
const REDIS = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const s = connect(Number(REDIS.port || 6379), REDIS.hostname);
    s.setTimeout(2000, () => {
      s.destroy();
      resolve(false);
    });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

it('recognises ioredis connection errors, also wrapped, and nothing else', () => {
  const maxRetries = Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
    name: 'MaxRetriesPerRequestError',
  });
  expect(isCacheUnavailable(maxRetries)).toBe(true);
  expect(isCacheUnavailable(new Error('Connection is closed.'))).toBe(true);
  expect(isCacheUnavailable(new Error('outer', { cause: new CacheUnavailableError(maxRetries) }))).toBe(true);
  expect(isCacheUnavailable(new Error('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
  expect(isCacheUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(false);
});

describe.runIf(await redisAnswers())('Redis connection loss', () => {
  const proxy = openTcpProxy(REDIS.hostname, Number(REDIS.port || 6379));
  const prefix = `xuetu-test-${randomBytes(4).toString('hex')}:`;
  let cache: RedisCache;
  let database: Database;
  let drop: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  const userInfo = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/GetUserInfo',
      headers: { ydAuthorization: `Bearer ${token}` },
      payload: {},
    });
  const health = () => app.inject({ method: 'GET', url: '/prod-api/health' });

  beforeAll(async () => {
    const port = await proxy.listen();
    const url = new URL(REDIS);
    url.host = `127.0.0.1:${port}`;
    cache = await RedisCache.connect(url.toString(), prefix);
    ({ database, drop } = await openTestDatabase({ seeded: true }));
    ({ app } = await buildApp({ env: TEST_ENV, database, cache, logger: false }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
    await proxy.close();
    // this file's keys, through a connection of its own
    const redis = new Redis(REDIS.toString());
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('answers 503 CACHE_UNAVAILABLE while Redis is away and serves again when it returns', { timeout: 60_000 }, async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/Login',
      payload: { username: 'learner01', password: 'Xuetu@2026' },
    });
    const token = login.json().data.token as string;
    expect((await userInfo(token)).json()).toMatchObject({ success: true, data: { accountCode: 'learner01' } });
    expect((await health()).json()).toMatchObject({ success: true, data: { database: 'up', cache: 'up' } });

    proxy.cut();
    // the cache's own calls fail as "unavailable", not with ioredis's errors
    await expect(cache.get('anything')).rejects.toBeInstanceOf(CacheUnavailableError);
    const during = await userInfo(token);
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      success: false,
      msg: '缓存服务暂时无法连接，请稍后重试',
      data: null,
      errorCode: 503,
      code: 'CACHE_UNAVAILABLE',
    });
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ success: false, errorCode: 503, code: 'CACHE_UNAVAILABLE' });

    proxy.restore();
    // ioredis reconnects on its own (backoff up to 2 s)
    await vi.waitFor(async () => expect((await userInfo(token)).statusCode).toBe(200), { timeout: 20_000, interval: 200 });
    expect((await userInfo(token)).json()).toMatchObject({ success: true, data: { accountCode: 'learner01' } });
    const up = await health();
    expect([up.statusCode, up.json().data]).toEqual([200, { database: 'up', cache: 'up' }]);
  });
});
