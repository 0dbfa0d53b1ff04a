import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { parseEnv } from '../../config/env.ts';
import { openCliContext } from '../cli-context.ts';
import { companies, users } from '../schema/index.ts';
import { demoSeeds, seedDatabase } from './index.ts';

// `npm run db:seed` (issue 38 item 6): it crashed half-way on a partial context, left a half-seeded
// database that a second run would not repair, and would seed the public demo accounts into a
// production database.
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const work = mkdtempSync(join(tmpdir(), 'xuetu-seed-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** db:seed's environment on a PGlite directory of its own (not the tests' database server) */
const cliEnv = (dir: string) => ({
  ...parseEnv({ ...process.env, NODE_ENV: 'development' }),
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
  PGLITE_DIR: join(dir, 'db'),
  FILES_DIR: join(dir, 'files'),
  // the committed sample clips instead of ffmpeg: the media are not what this is about
  FFMPEG_PATH: '/nonexistent/ffmpeg',
  FFPROBE_PATH: '/nonexistent/ffprobe',
});

const runCli = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/db/cli.ts', 'seed'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', PGLITE_DIR: join(work, 'refused'), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('db:seed', () => {
  it('refuses the demo with NODE_ENV=production or SEED_DEMO=false, before opening any database', () => {
    const prod = runCli({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    expect(prod.status).toBe(1);
    expect(prod.stderr).toContain('db:seed refused: NODE_ENV=production');
    const off = runCli({ NODE_ENV: 'development', SEED_DEMO: 'false' });
    expect(off.status).toBe(1);
    expect(off.stderr).toContain('db:seed refused: SEED_DEMO=false');
    expect(existsSync(join(work, 'refused'))).toBe(false);
  });

  it('leaves nothing of a demo seed that fails half-way, so the next run seeds it whole', async () => {
    const t = await buildTestApp({ env: { SEED_DEMO: false } });
    try {
      const failing = [demoSeeds[0], { name: 'crash', run: () => Promise.reject(new Error('crash half-way')) }];
      await expect(seedDatabase(t.ctx, { demo: true, seeds: failing })).rejects.toThrow('crash half-way');
      expect(await t.ctx.db.$count(companies)).toBe(0);
      expect(await t.ctx.db.$count(users)).toBe(0);
      expect(await seedDatabase(t.ctx, { demo: true, seeds: demoSeeds.slice(0, 1) })).toBe('seeded');
      expect(await t.ctx.db.$count(companies)).toBe(2);
    } finally {
      await t.close();
    }
  });

  it("seeds an empty database through the CLI's own context, and a second run changes nothing", async () => {
    const env = cliEnv(join(work, 'twice'));
    const first = await openCliContext(env, { demo: true });
    const counts = { companies: await first.ctx.db.$count(companies), users: await first.ctx.db.$count(users) };
    await first.close();
    expect(first.seeded).toBe('seeded');
    expect(counts.users).toBeGreaterThan(20);

    const second = await openCliContext(env, { demo: true });
    const again = { companies: await second.ctx.db.$count(companies), users: await second.ctx.db.$count(users) };
    await second.close();
    expect(second.seeded).toBe('skipped');
    expect(second.applied).toEqual([]);
    expect(again).toEqual(counts);
  }, 240_000);
});
