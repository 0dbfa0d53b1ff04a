import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres/session';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';

/**
 * The statements the app runs through drizzle (either database driver) while `fn` runs: for tests
 * that a read stays set-based (the count does not grow with the rows), never for timing.
 */
export async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const restore = [NodePgPreparedQuery.prototype, PglitePreparedQuery.prototype].map((proto) => {
    const execute = proto.execute;
    proto.execute = function (this: typeof proto, ...args: Parameters<typeof execute>) {
      n++;
      return execute.apply(this, args);
    } as typeof execute;
    return () => {
      proto.execute = execute;
    };
  });
  try {
    await fn();
  } finally {
    for (const r of restore) r();
  }
  return n;
}
