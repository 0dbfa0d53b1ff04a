import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../server/src/app.ts';

/** A fresh temporary folder for one in-process scenario's database and files (`xuetu-bench-<name>-…`). */
export const benchDir = (name: string) => mkdtempSync(join(tmpdir(), `xuetu-bench-${name}-`));

/**
 * The app an in-process scenario measures: an embedded database and files in `dir`, the demo
 * seed, rate limits and the captcha out of the way, no web app, no log. `env` adds to that (a
 * scenario's own settings, or DATABASE_URL to measure on PostgreSQL).
 */
export function buildBenchApp(dir: string, env: Record<string, unknown> = {}) {
  return buildApp({
    env: {
      PGLITE_DIR: join(dir, 'db'),
      FILES_DIR: join(dir, 'files'),
      SEED_DEMO: true,
      RATE_LIMIT_PER_MINUTE: 100_000_000,
      RATE_LIMIT_ANON_PER_MINUTE: 100_000_000,
      CAPTCHA_PROVIDER: 'none',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      ...env,
    },
    logger: false,
  });
}
