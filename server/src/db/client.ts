import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The app's database handle. The PGlite driver has the same query API; it is typed as the node-postgres one. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` on one dedicated connection (migrations need session-level locks). */
  withConnection<T>(fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface RawConnection {
  /** Runs a multi-statement SQL script. */
  exec(script: string): Promise<void>;
  query<R>(text: string): Promise<R[]>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; 'memory' for an in-memory database (tests) */
  pgliteDir: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // fail fast with a clear message when the server is unreachable
    await pool.query('select 1');
    const db = drizzleNodePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      withConnection: async (fn) => {
        const client = await pool.connect();
        try {
          return await fn({
            exec: async (script) => {
              await client.query(script);
            },
            query: async <R>(text: string) => (await client.query(text)).rows as R[],
          });
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const inMemory = opts.pgliteDir === 'memory';
  if (!inMemory) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(opts.pgliteDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    withConnection: (fn) =>
      fn({
        exec: async (script) => {
          await client.exec(script);
        },
        query: async <R>(text: string) => (await client.query<R>(text)).rows,
      }),
    close: () => client.close(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
