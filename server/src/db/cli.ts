import { parseEnv } from '../config/env.ts';
import { createContext } from '../platform/context.ts';
import { openDatabase } from './client.ts';
import { migrate, withStartupLock } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';

// npm run db:migrate | npm run db:seed
const command = process.argv[2];
try {
  if (command !== 'migrate' && command !== 'seed') throw new Error('usage: cli.ts migrate|seed');
  const env = parseEnv();
  // the demo accounts' passwords are public: never into a production database, as the server
  // refuses SEED_DEMO=true there (issue 38 item 6); checked before anything is opened or written
  if (command === 'seed' && env.NODE_ENV === 'production')
    throw new Error(
      'db:seed refused: NODE_ENV=production (the demo accounts have public passwords). Create the first administrator with `npm run admin:create` (docs/deploy.md).',
    );
  if (command === 'seed' && !env.SEED_DEMO)
    throw new Error('db:seed refused: SEED_DEMO=false (unset it, or set it to true, to seed the demo data)');
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    const applied = await migrate(database);
    console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
    if (command === 'seed') {
      const outcome = await withStartupLock(database, async () => {
        const ctx = await createContext(database, env);
        try {
          return await seedDatabase(ctx, { demo: true });
        } finally {
          await ctx.cache.close();
        }
      });
      console.log(
        outcome === 'seeded'
          ? 'demo data seeded'
          : 'demo data not added: the database already has companies (the demo is only seeded into an empty database)',
      );
    }
  } finally {
    await database.close();
  }
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
