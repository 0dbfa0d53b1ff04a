import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Tests that need a real PostgreSQL server (several processes or pools on one database) use
// DATABASE_URL, or the local server CI and the developer machines run; they are skipped with
// describe.runIf(await postgresAnswers()) where neither answers (as db/outage.test.ts).
export const POSTGRES_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: POSTGRES_SERVER_URL, connectionTimeoutMillis: 2000 });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** One statement on the server's maintenance database (create, alter or drop a database). */
export async function adminQuery(sql: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A new empty database on that server: its URL, a query helper and drop() (which ends its sessions). */
export async function scratchDatabase(label: string) {
  const name = `xuetu_t_${label}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> => {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        return (await c.query<R>(sql, params)).rows;
      } finally {
        await c.end();
      }
    },
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
