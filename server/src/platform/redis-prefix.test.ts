import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import { installationValues } from '../db/schema/index.ts';
import type { RedisCache } from './cache.ts';
import { redisPrefixFor } from './installation.ts';

// Issue 9 item 3: two deployments sharing one Redis never see each other's sessions, permissions
// or limits. Needs a Redis server: REDIS_URL, or the local one CI and developer machines run.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
    r.disconnect();
    return true;
  } catch {
    r.disconnect();
    return false;
  }
}

const available = await redisAnswers();

interface Deployment {
  app: FastifyInstance;
  cache: RedisCache;
  close: () => Promise<void>;
}

const opened: Deployment[] = [];

/** One deployment: its own database, the shared Redis, the cache made by buildApp from env. */
async function deploy(prefix?: string): Promise<Deployment> {
  // a copy of the run's seeded database made a new installation (its own id, hence its own prefix)
  const { database, drop, seeded } = await openTestDatabase({ seeded: true });
  // without the run's snapshot (XUETU_TEST_NO_SNAPSHOT=1) it is a new, empty database already
  if (seeded) await database.db.delete(installationValues);
  const { app, ctx } = await buildApp({
    env: {
      SEED_DEMO: true,
      CAPTCHA_PROVIDER: 'none',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: 100_000,
      REDIS_URL,
      REDIS_PREFIX: prefix,
    },
    database,
    logger: false,
  });
  await app.ready();
  const cache = ctx.cache as RedisCache;
  const d: Deployment = {
    app,
    cache,
    close: async () => {
      await cache.delPrefix('');
      await app.close();
      await database.close();
      await drop();
    },
  };
  opened.push(d);
  return d;
}

afterAll(async () => {
  for (const d of opened) await d.close();
});

const login = async (d: Deployment) =>
  (
    await d.app.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/Login',
      payload: { username: 'learner01', password: 'Xuetu@2026' },
    })
  ).json().data.token as string;
const userInfo = async (d: Deployment, token: string) =>
  (
    await d.app.inject({ method: 'POST', url: '/prod-api/Api/User/user_user/GetUserInfo', headers: { ydAuthorization: `Bearer ${token}` } })
  ).json();

describe('redis key prefix', () => {
  it('defaults to one unique to the installation and honours REDIS_PREFIX', () => {
    expect(redisPrefixFor(undefined, '6f1c2a0e-1111-4222-8333-444455556666')).toBe('xuetu:6f1c2a0e11114222:');
    expect(redisPrefixFor('tenant-a:', 'whatever')).toBe('tenant-a:');
  });
});

describe.runIf(available)('two deployments on one Redis', () => {
  let a: Deployment;
  let b: Deployment;
  /** a third deployment configured, by mistake, with A's very prefix */
  let c: Deployment;
  beforeAll(async () => {
    a = await deploy();
    b = await deploy();
    c = await deploy(a.cache.prefix);
  });

  it('a token of one deployment never signs in on the other', async () => {
    expect(a.cache.prefix).not.toBe(b.cache.prefix);
    expect(a.cache.prefix).toMatch(/^xuetu:[0-9a-f]{16}:$/);
    const token = await login(a);
    // the first use caches the session on A's side
    expect((await userInfo(a, token)).success).toBe(true);
    expect((await userInfo(b, token)).errorCode).toBe(401);
  });

  it('even with the same REDIS_PREFIX, sessions stay bound to their installation and "no session" is never cached', async () => {
    expect(c.cache.prefix).toBe(a.cache.prefix);
    const token = await login(a);
    // C looks the token up first: it must not cache a "no session" that hides A's valid one
    expect((await userInfo(c, token)).errorCode).toBe(401);
    expect((await userInfo(a, token)).success).toBe(true);
    // and A's cached session does not sign the token in on C
    expect((await userInfo(c, token)).errorCode).toBe(401);
  });
});
