// For a test file that runs the server (or a worker) in child processes.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { scratchDatabase } from './postgres.ts';

/**
 * A scratch folder (`xuetu-<name>-…`), the children started (add each one), and clean-ups; after
 * the file the children are killed, the clean-ups run (last first) and the folder goes.
 * `childDatabase()` is where the children keep their data: a scratch database on the PostgreSQL
 * server of DATABASE_URL when set, else a PGlite folder (no Redis then) and files in the scratch
 * folder; with the env that tells a child so and how this process opens it.
 */
export function childProcesses(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `xuetu-${name}-`));
  const children = new Set<ChildProcess>();
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    for (const c of cleanups.reverse()) await c().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });
  const files = join(dataDir, 'files');
  const pgliteDir = join(dataDir, 'db');
  async function childDatabase(): Promise<{ env: Record<string, string>; openHere: () => Promise<Database> }> {
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(name);
      cleanups.push(scratch.drop);
      return {
        env: { DATABASE_URL: scratch.url, FILES_DIR: files },
        openHere: () => openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory' }),
      };
    }
    return {
      env: { DATABASE_URL: '', REDIS_URL: '', PGLITE_DIR: pgliteDir, FILES_DIR: files },
      openHere: () => openDatabase({ pgliteDir }),
    };
  }
  return { dataDir, children, cleanups, childDatabase };
}
