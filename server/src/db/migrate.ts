import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_ID = 727001;

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded, in name order, each in its own
 * transaction. A session advisory lock keeps two processes starting at once from racing.
 * Files are hand-written SQL that mirrors `schema/`; never edit one that has landed.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  return database.withConnection(async (conn) => {
    await conn.exec(`select pg_advisory_lock(${LOCK_ID})`);
    try {
      await conn.exec('create table if not exists xuetu_migrations (name text primary key, applied_at timestamptz not null default now())');
      const done = new Set((await conn.query<{ name: string }>('select name from xuetu_migrations')).map((r) => r.name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const script = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
        try {
          await conn.exec(`begin;\n${script}\n;\ninsert into xuetu_migrations (name) values ('${file}');\ncommit;`);
        } catch (err) {
          await conn.exec('rollback').catch(() => {});
          throw new Error(`migration ${file} failed: ${(err as Error).message}`);
        }
        applied.push(file);
      }
      return applied;
    } finally {
      await conn.exec(`select pg_advisory_unlock(${LOCK_ID})`);
    }
  });
}
