import type { Database } from '../src/db/client.ts';

/**
 * One seeded PGlite per test worker, put back to the seeded state between test files.
 *
 * Loading the seeded data directory costs 1.5–2 s of CPU a file (the WASM backend starts and
 * replays the tarball); putting ~70 small tables back costs a fraction of that. The first file of
 * a worker loads the tarball and copies every table into the `xuetu_test_seed` schema; every
 * later file gets the same database after the reset script empties the tables, copies the seed rows
 * back and sets the sequences to their seeded values. A file that needs a second database at the
 * same time (a "restart" test) gets a fresh one from the tarball, as before.
 */

const SEED_SCHEMA = 'xuetu_test_seed';

interface Held {
  database: Database;
  busy: boolean;
  /** the SQL that puts every table and sequence back to the seeded state */
  resetSql: string;
}

export class WarmDatabase {
  private held: Held | null = null;

  /** The database, reset to its first state; null when it is in use (the caller loads its own). */
  async take(load: () => Promise<Database>): Promise<Database | null> {
    if (this.held?.busy) return null;
    if (!this.held) {
      const database = await load();
      this.held = { database, busy: false, resetSql: await captureSeed(database) };
    } else {
      const held = this.held;
      try {
        await held.database.withConnection((c) => c.exec(held.resetSql));
      } catch {
        // a file left the database unusable (closed it, broke a transaction): start over
        await held.database.close().catch(() => {});
        this.held = null;
        return this.take(load);
      }
    }
    const held = this.held;
    held.busy = true;
    return {
      ...held.database,
      // the next file resets and reuses it; the worker's exit closes it
      close: async () => {
        held.busy = false;
      },
    };
  }

  /** Closes the database for good (tests of this class). */
  async dispose(): Promise<void> {
    await this.held?.database.close();
    this.held = null;
  }
}

type TableRow = { schema: string; name: string };
type SequenceRow = { schema: string; name: string; last_value: string | null; start_value: string };

/** Copies the seeded rows aside and returns the script that restores them. */
async function captureSeed(database: Database): Promise<string> {
  return database.withConnection(async (c) => {
    const tables = await c.query<TableRow>(
      `select schemaname as schema, tablename as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema', '${SEED_SCHEMA}') order by 1, 2`,
    );
    const sequences = await c.query<SequenceRow>(
      `select schemaname as schema, sequencename as name, last_value::text, start_value::text from pg_sequences
       where schemaname not in ('pg_catalog', 'information_schema', '${SEED_SCHEMA}')`,
    );
    const copyName = (t: TableRow) => q(`${t.schema}.${t.name}`);
    const live = (t: { schema: string; name: string }) => `${q(t.schema)}.${q(t.name)}`;
    await c.exec(
      [`create schema ${SEED_SCHEMA}`, ...tables.map((t) => `create table ${SEED_SCHEMA}.${copyName(t)} as select * from ${live(t)}`)].join(
        ';\n',
      ),
    );
    const setvals = sequences.map((s) =>
      s.last_value === null ? `select setval('${live(s)}', ${s.start_value}, false)` : `select setval('${live(s)}', ${s.last_value}, true)`,
    );
    return [
      // a file that failed inside a transaction or changed settings leaves nothing behind
      'reset all',
      // foreign keys and triggers are not checked while the seed rows go back
      'set session_replication_role = replica',
      tables.length ? `truncate table ${tables.map(live).join(', ')}` : '',
      ...tables.map((t) => `insert into ${live(t)} select * from ${SEED_SCHEMA}.${copyName(t)}`),
      ...setvals,
      'set session_replication_role = default',
    ]
      .filter(Boolean)
      .join(';\n');
  });
}

function q(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The worker's seeded database (test/helper.ts). */
export const workerDatabase = new WarmDatabase();
