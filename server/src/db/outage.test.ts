import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, POSTGRES_SERVER_URL, postgresAnswers } from '../../test/postgres.ts';
import { openTcpProxy } from '../../test/tcp-proxy.ts';
import { buildApp } from '../app.ts';
import { MemoryCache } from '../platform/cache.ts';
import { type Database, openDatabase } from './client.ts';

// Issue 9 item 2: a PostgreSQL restart or network cut must not end the process. A TCP proxy
// between the app and PostgreSQL is cut and restored; the app answers 503 meanwhile and serves
// again afterwards without a restart. Needs a PostgreSQL server: DATABASE_URL, or the local one
// CI and the developer machines run (the embedded PGlite has no connection to lose).
const available = await postgresAnswers();

describe.runIf(available)('database connection loss', () => {
  const name = `xuetu_t_outage_${randomBytes(4).toString('hex')}`;
  const target = new URL(POSTGRES_SERVER_URL);
  const proxy = openTcpProxy(target.hostname, Number(target.port || 5432));
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];

  const login = () =>
    app.inject({ method: 'POST', url: '/prod-api/Api/User/user_user/Login', payload: { username: 'learner01', password: 'Xuetu@2026' } });
  const health = () => app.inject({ method: 'GET', url: '/prod-api/health' });

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    const port = await proxy.listen();
    const url = new URL(POSTGRES_SERVER_URL);
    url.host = `127.0.0.1:${port}`;
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory' });
    ({ app } = await buildApp({
      env: { SEED_DEMO: true, CAPTCHA_PROVIDER: 'none', WEB_DIST: '/nonexistent', RATE_LIMIT_PER_MINUTE: 100_000 },
      database,
      cache: new MemoryCache(),
      logger: false,
    }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it('answers 503 while PostgreSQL is away and serves again when it returns', async () => {
    expect((await login()).json().success).toBe(true);
    expect((await health()).json()).toMatchObject({ success: true, data: { database: 'up', cache: 'up' } });

    proxy.cut();
    // idle pooled connections break now; their 'error' events must not end the process
    await new Promise((r) => setTimeout(r, 200));
    const during = await login();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      success: false,
      msg: '数据库暂时无法连接，请稍后重试',
      data: null,
      errorCode: 503,
      code: 'DATABASE_UNAVAILABLE',
    });
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      success: false,
      errorCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      data: { database: 'down', cache: 'up' },
    });

    proxy.restore();
    expect((await login()).json().success).toBe(true);
    const up = await health();
    expect(up.statusCode).toBe(200);
    expect(up.json().data.database).toBe('up');
  });

  // Issue 22 item 6: a database closed to new connections for maintenance refuses them with
  // SQLSTATE 55000 (a FATAL at start-up); that is an outage as well, not a 500.
  it('answers 503 while the database does not accept connections and serves again afterwards', async () => {
    expect((await login()).json().success).toBe(true);
    try {
      await adminQuery(`alter database ${name} allow_connections false`);
      // the open connections end (57P01 on idle ones); the pool must open new ones, which are refused
      await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      await new Promise((r) => setTimeout(r, 200));
      const during = await login();
      expect(during.statusCode).toBe(503);
      expect(during.json()).toMatchObject({ success: false, errorCode: 503, code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await adminQuery(`alter database ${name} allow_connections true`);
    }
    expect((await login()).json().success).toBe(true);
  });
});
