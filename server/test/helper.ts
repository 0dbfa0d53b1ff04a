import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '@xuetu/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Env } from '../src/config/env.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { type Cache, MemoryCache, RedisCache } from '../src/platform/cache.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { AppContext } from '../src/platform/context.ts';
import { LocalStorage, type Storage } from '../src/platform/storage.ts';
import { TEST_ENV } from './test-env.ts';
import { workerDatabase } from './warm-database.ts';

export { DEMO_PASSWORD };

/**
 * Opens a fresh database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of DATABASE_URL (dropped again by close()). `seeded` clones the run's
 * migrated and demo-seeded database (test/snapshot.ts) instead of starting empty.
 */
export async function openTestDatabase(
  opts: { seeded?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void>; seeded: boolean }> {
  const snapshot = inject('testSnapshot');
  const url = process.env.DATABASE_URL;
  if (!url) {
    const tar = opts.seeded ? snapshot?.seededTar : snapshot?.emptyTar;
    const load = () => openDatabase({ pgliteDir: 'memory', loadDataDir: tar ? new Blob([readFileSync(tar)]) : undefined });
    const reused = opts.seeded && tar ? await workerDatabase.take(load) : null;
    const database = reused ?? (await load());
    return { database, drop: async () => {}, seeded: Boolean(opts.seeded && tar) };
  }
  const name = `xuetu_t_${randomBytes(6).toString('hex')}`;
  const template = opts.seeded ? snapshot?.template : undefined;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), pgliteDir: 'memory' });
  return {
    database,
    seeded: Boolean(template),
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
  /** POSTs like post(), expects the call to succeed (the test fails with its message) and returns its data. */
  ok<T = unknown>(path: string, body: unknown, token?: string): Promise<T>;
  /** POSTs like post() and returns the whole response (status, headers, body), for what the envelope does not show. */
  postRaw(path: string, body?: unknown, token?: string): Promise<import('light-my-request').Response>;
  inject(opts: InjectOptions): Promise<import('light-my-request').Response>;
  /** Signs a demo account in (password Xuetu@2026) and returns its token. */
  login(account: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A seeded app and demo accounts' tokens, for a file (or describe block) that signs in once:
 * `beforeAll(async () => ([t, corp, learner] = await appSignedIn('corpadmin', 'learner01')))`.
 */
export async function appSignedIn(...accounts: string[]): Promise<[TestApp, ...string[]]> {
  const t = await buildTestApp();
  return [t, ...(await Promise.all(accounts.map((a) => t.login(a))))];
}

/**
 * The test file's app, signed in as these demo accounts, built at the file's top level and closed
 * after its tests (the preamble of the endpoint suites):
 * `const [t, admin, corp] = await fileAppSignedIn('admin', 'corpadmin')`.
 */
export function fileAppSignedIn(...accounts: string[]): Promise<[TestApp, ...string[]]> {
  let app: TestApp | undefined;
  afterAll(() => app?.close());
  return appSignedIn(...accounts).then((signedIn) => {
    app = signedIn[0];
    return signedIn;
  });
}

/**
 * A seeded app with several demo accounts signed in, their tokens by account:
 * `beforeAll(async () => ({ t, tokens } = await appWithTokens(ROLES)))`.
 */
export async function appWithTokens<A extends string>(accounts: readonly A[]): Promise<{ t: TestApp; tokens: Record<A, string> }> {
  const t = await buildTestApp();
  const tokens = {} as Record<A, string>;
  for (const a of accounts) tokens[a] = await t.login(a);
  return { t, tokens };
}

/**
 * Builds the real app on a fresh database with the demo seed, as main.ts does.
 * `beforeReady` may add routes (e.g. a test-only route) before the app is ready.
 */
export async function buildTestApp(
  opts: {
    env?: Partial<Env>;
    /** e.g. a ManualClock; ctx.clock is the system clock otherwise */
    clock?: Clock;
    beforeReady?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
    /** an already open database (a "restart" on the same data); close() then leaves it open */
    database?: Database;
    /** a cache shared with another app (a second node); the app's close() closes it */
    cache?: Cache;
    /** a files directory shared with another app (a second node on the same disk); left in place */
    filesDir?: string;
    /** another store than a fresh local directory (e.g. an S3Storage on a local S3 server) */
    storage?: Storage;
  } = {},
): Promise<TestApp> {
  const env = { ...TEST_ENV, ...opts.env };
  const { database, drop, seeded } = opts.database
    ? { database: opts.database, drop: async () => {}, seeded: false }
    : await openTestDatabase({ seeded: env.SEED_DEMO === true });
  const cache = opts.cache ?? (await openTestCache());
  const filesDir = opts.filesDir ?? mkdtempSync(join(tmpdir(), 'xuetu-files-'));
  // the cloned database refers to the files the seed stored
  const snapshotFiles = inject('testSnapshot')?.filesDir;
  if (seeded && snapshotFiles) cpSync(snapshotFiles, filesDir, { recursive: true });
  const { app, ctx } = await buildApp({
    env,
    database,
    cache,
    storage: opts.storage ?? new LocalStorage(filesDir),
    clock: opts.clock,
    logger: false,
  });
  await opts.beforeReady?.(app, ctx);
  await app.ready();
  const headers = (token?: string) => (token ? { ydAuthorization: `Bearer ${token}` } : {});
  const t: TestApp = {
    app,
    ctx,
    inject: (o) => app.inject(o),
    postRaw: (path, body, token) =>
      app.inject({ method: 'POST', url: `/prod-api${path}`, payload: (body ?? {}) as object, headers: headers(token) }),
    post: async (path, body, token) => (await t.postRaw(path, body, token)).json(),
    get: async (path, query, token) => {
      const res = await app.inject({
        method: 'GET',
        url: `/prod-api${path}`,
        query: query as Record<string, string>,
        headers: headers(token),
      });
      return res.json();
    },
    ok: async (path, body, token) => {
      const res = await t.post(path, body, token);
      expect(res.success, `${path}: ${res.msg}`).toBe(true);
      return res.data as never;
    },
    login: async (account, password = DEMO_PASSWORD) => {
      const res = await t.post<{ token: string }>('/Api/User/user_user/Login', { username: account, password });
      if (!res.success) throw new Error(`login ${account} failed: ${res.msg}`);
      return res.data.token;
    },
    close: async () => {
      await app.close();
      if (!opts.filesDir) rmSync(filesDir, { recursive: true, force: true });
      if (opts.database) return;
      await database.close();
      await drop();
    },
  };
  return t;
}
