import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, RawConnection } from './client.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_ID = 727001;

/**
 * Runs `fn` while holding the start-up lock: a session advisory lock on one dedicated connection.
 * Everything a start does check-then-insert (migrations, built-in roles, action sync, demo seed)
 * runs under it, so two processes starting at once on an empty database take turns instead of
 * both inserting the same rows. `fn` may use the pool's other connections (the lock is the
 * session's, not a transaction's); on PGlite, one session, it is a formality.
 */
export async function withStartupLock<T>(database: Database, fn: (conn: RawConnection) => Promise<T>): Promise<T> {
  return database.withConnection(async (conn) => {
    await conn.exec(`select pg_advisory_lock(${LOCK_ID})`);
    try {
      return await fn(conn);
    } finally {
      await conn.exec(`select pg_advisory_unlock(${LOCK_ID})`);
    }
  });
}

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded, in name order, each in its own
 * transaction, under the start-up lock. Files are hand-written SQL that mirrors `schema/`; never
 * edit one that has landed.
 */
export async function migrate(database: Database): Promise<string[]> {
  return withStartupLock(database, applyMigrations);
}

/** The migrations themselves, on a connection that already holds the start-up lock. */
export async function applyMigrations(conn: RawConnection): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
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
}
