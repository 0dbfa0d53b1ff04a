import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres/session';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import pg from 'pg';

/** Transaction control: node-postgres's drizzle session sends it as statements, PGlite's does not. */
const TX_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** The SQL text of a prepared query of either driver. */
function textOf(query: unknown): string {
  const q = query as { rawQueryConfig?: { text?: string }; queryString?: string };
  return q.rawQueryConfig?.text ?? q.queryString ?? '';
}

/**
 * The statements the app runs through drizzle (either database driver) while `fn` runs: for tests
 * that a read stays set-based (the count does not grow with the rows), never for timing. Opening
 * and closing a transaction is not counted, so both drivers count alike.
 */
export async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const restore = [NodePgPreparedQuery.prototype, PglitePreparedQuery.prototype].map((proto) => {
    const execute = proto.execute;
    proto.execute = function (this: typeof proto, ...args: Parameters<typeof execute>) {
      if (!TX_CONTROL.test(textOf(this))) n++;
      return execute.apply(this, args);
    } as typeof execute;
    return () => {
      proto.execute = execute;
    };
  });
  // db/client.ts executePrepared sends its named statements on node-postgres itself, a config
  // holding its values (drizzle passes them apart): counted here
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { values?: unknown } | undefined;
    if (config && typeof config === 'object' && 'values' in config) n++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  restore.push(() => {
    pg.Client.prototype.query = query;
  });
  try {
    await fn();
  } finally {
    for (const r of restore) r();
  }
  return n;
}
