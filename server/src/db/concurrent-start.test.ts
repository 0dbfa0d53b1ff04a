import { afterAll, describe, expect, it } from 'vitest';
import { postgresAnswers, scratchDatabase } from '../../test/postgres.ts';
import { TEST_ENV } from '../../test/test-env.ts';
import { buildApp } from '../app.ts';
import { MemoryCache } from '../platform/cache.ts';
import { type Database, openDatabase } from './client.ts';

// Issue 21 item 7: two processes starting at once on an empty database both come up. Each
// buildApp has its own pool (its own sessions), as two processes would; the migrations, the
// built-in roles, the action sync and the demo seed take turns under the start-up lock. Needs
// PostgreSQL (PGlite is one session in one process: nothing to race).
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function startTwice(seedDemo: boolean) {
  const scratch = await scratchDatabase('start');
  cleanups.push(scratch.drop);
  const open = async () => {
    const database: Database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory' });
    cleanups.push(() => database.close());
    return database;
  };
  const [a, b] = await Promise.all([open(), open()]);
  const build = (database: Database) =>
    buildApp({ env: { ...TEST_ENV, SEED_DEMO: seedDemo }, database, cache: new MemoryCache(), logger: false }).then(({ app }) => {
      cleanups.push(() => app.close());
      return app;
    });
  const outcomes = await Promise.allSettled([build(a), build(b)]);
  return { scratch, outcomes };
}

describe.runIf(await postgresAnswers())('two processes starting at once on an empty database', () => {
  it('both come up without demo data, with one set of built-in roles and actions', { timeout: 120_000 }, async () => {
    const { scratch, outcomes } = await startTwice(false);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'up'))).toEqual(['up', 'up']);
    const [roles] = await scratch.query<{ n: number; codes: number }>(
      'select count(*)::int as n, count(distinct code)::int as codes from role',
    );
    expect(roles).toEqual({ n: 4, codes: 4 });
    const [actions] = await scratch.query<{ n: number; codes: number }>(
      'select count(*)::int as n, count(distinct code)::int as codes from sys_action',
    );
    expect(actions.n).toBe(actions.codes);
  });

  it('both come up with the demo seed, which is there once', { timeout: 180_000 }, async () => {
    const { scratch, outcomes } = await startTwice(true);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'up'))).toEqual(['up', 'up']);
    const [companies] = await scratch.query<{ n: number }>('select count(*)::int as n from company');
    const [learner] = await scratch.query<{ n: number }>("select count(*)::int as n from app_user where account_code = 'learner01'");
    expect(companies.n).toBeGreaterThan(0);
    expect(learner.n).toBe(1);
  });
});
