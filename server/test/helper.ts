import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '@xuetu/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { Env } from '../src/config/env.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { type Cache, MemoryCache, RedisCache } from '../src/platform/cache.ts';
import type { AppContext } from '../src/platform/context.ts';
import { LocalStorage } from '../src/platform/storage.ts';

export { DEMO_PASSWORD };

/**
 * Opens a fresh database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of DATABASE_URL (dropped again by close()).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteDir: 'memory' });
    return { database, drop: async () => {} };
  }
  const name = `xuetu_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), pgliteDir: 'memory' });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function openTestCache(): Promise<Cache> {
  if (!process.env.REDIS_URL) return new MemoryCache();
  return RedisCache.connect(process.env.REDIS_URL, `xuetu-test-${randomBytes(4).toString('hex')}:`);
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** POSTs JSON to a /prod-api path and returns the envelope. */
  post<T = unknown>(path: string, body?: unknown, token?: string): Promise<Envelope<T>>;
  get<T = unknown>(path: string, query?: Record<string, string | number>, token?: string): Promise<Envelope<T>>;
  inject(opts: InjectOptions): Promise<import('light-my-request').Response>;
  /** Signs a demo account in (password Xuetu@2026) and returns its token. */
  login(account: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database with the demo seed, as main.ts does.
 * `beforeReady` may add routes (e.g. a test-only route) before the app is ready.
 */
export async function buildTestApp(
  opts: { env?: Partial<Env>; beforeReady?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void> } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const cache = await openTestCache();
  const filesDir = mkdtempSync(join(tmpdir(), 'xuetu-files-'));
  const { app, ctx } = await buildApp({
    env: {
      SEED_DEMO: true,
      CAPTCHA_PROVIDER: 'none',
      SMS_PROVIDER: 'outbox',
      RATE_LIMIT_PER_MINUTE: 100_000,
      WEB_DIST: '/nonexistent',
      ...opts.env,
    },
    database,
    cache,
    storage: new LocalStorage(filesDir),
    logger: false,
  });
  await opts.beforeReady?.(app, ctx);
  await app.ready();
  const headers = (token?: string) => (token ? { ydAuthorization: `Bearer ${token}` } : {});
  const t: TestApp = {
    app,
    ctx,
    inject: (o) => app.inject(o),
    post: async (path, body, token) => {
      const res = await app.inject({ method: 'POST', url: `/prod-api${path}`, payload: (body ?? {}) as object, headers: headers(token) });
      return res.json();
    },
    get: async (path, query, token) => {
      const res = await app.inject({
        method: 'GET',
        url: `/prod-api${path}`,
        query: query as Record<string, string>,
        headers: headers(token),
      });
      return res.json();
    },
    login: async (account, password = DEMO_PASSWORD) => {
      const res = await t.post<{ token: string }>('/Api/User/user_user/Login', { username: account, password });
      if (!res.success) throw new Error(`login ${account} failed: ${res.msg}`);
      return res.data.token;
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
  return t;
}
