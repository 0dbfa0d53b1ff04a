import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { describeConnectionError } from './unavailable.ts';

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
  /** PGlite only: the whole data directory as a tarball (the test run clones a seeded one) */
  dumpDataDir?(): Promise<Blob>;
  /** Told about connections that broke outside a query (PostgreSQL restart, failover, network cut). */
  onConnectionError?: (err: Error) => void;
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
  /** in-memory PGlite only: start from this data directory snapshot (tests clone one seeded database) */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // a bounded wait for a connection: while the server is away requests answer 503 quickly
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000, keepAlive: true });
    // A broken connection emits 'error' on its client and on the pool; unhandled, that event ends
    // the process and a PostgreSQL restart would take every node down. The pool drops the broken
    // client and the next query opens a new connection, so serving resumes by itself.
    let database: Database | undefined;
    const reportError = (err: Error) => database?.onConnectionError?.(err);
    pool.on('error', reportError);
    pool.on('connect', (client) => client.on('error', reportError));
    // fail fast with a clear message when the server is unreachable
    try {
      await pool.query('select 1');
    } catch (err) {
      await pool.end().catch(() => {});
      throw new Error(`PostgreSQL (DATABASE_URL) unreachable: ${describeConnectionError(err)}`);
    }
    const db = drizzleNodePg(pool, { schema });
    database = {
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
      // a client checked out and never returned (a query lost with its connection) would make
      // pool.end() wait forever; shutdown gives up on it after a bounded wait
      close: () => endPool(pool, 10_000),
      onConnectionError: (err) => console.warn(`PostgreSQL connection lost: ${err.message}`),
    };
    return database;
  }
  const inMemory = opts.pgliteDir === 'memory';
  if (!inMemory) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = inMemory ? new PGlite({ loadDataDir: opts.loadDataDir }) : new PGlite(opts.pgliteDir);
  await client.waitReady.catch((err: Error) => {
    throw new Error(`Embedded PostgreSQL (PGLITE_DIR=${opts.pgliteDir}) could not be opened: ${describeConnectionError(err)}`);
  });
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
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function endPool(pool: pg.Pool, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>((r) => {
    timer = setTimeout(() => r('timeout'), waitMs).unref();
  });
  const outcome = await Promise.race([pool.end(), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'timeout')
    console.warn(`PostgreSQL pool: ${pool.totalCount - pool.idleCount} connection(s) still in use after ${waitMs} ms; closing anyway`);
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Runs a hot statement as a named prepared statement on PostgreSQL (each connection parses and
 * plans it once: a write of many rows spent as long parsing and planning as executing, issue 39
 * item 1), in a transaction too (on its connection), and as an ordinary statement on PGlite.
 * `name` must stand for exactly one statement text. Rows come back as node-postgres parses them.
 */
export async function executePrepared<R extends Record<string, unknown>>(db: DbOrTx, name: string, query: SQL): Promise<{ rows: R[] }> {
  // the pool for the database, the transaction's own connection for a transaction
  const client = (db as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const q = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query);
    const res = await client.query<R>({ name, text: q.sql, values: q.params });
    return { rows: res.rows };
  }
  const res = await db.execute(query);
  return { rows: res.rows as R[] };
}
