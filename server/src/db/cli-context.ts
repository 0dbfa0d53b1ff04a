import type { ParsedEnv } from '../config/env.ts';
import { type AppContext, createContext } from '../platform/context.ts';
import { openDatabase } from './client.ts';
import { migrate, withStartupLock } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';

/**
 * What a command-line script works in: the database of the environment, migrated, with the
 * built-in roles and actions synced (as a start does), the demo seeded when asked, and the app's
 * one context (createContext). Closed by `close()`.
 */
export async function openCliContext(env: ParsedEnv, opts: { demo: boolean }) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    const applied = await migrate(database);
    const { ctx, seeded } = await withStartupLock(database, async () => {
      const ctx: AppContext = await createContext(database, env);
      return { ctx, seeded: await seedDatabase(ctx, { demo: opts.demo }) };
    });
    const close = async () => {
      await ctx.cache.close();
      await database.close();
    };
    return { ctx, applied, seeded, close };
  } catch (err) {
    await database.close();
    throw err;
  }
}
