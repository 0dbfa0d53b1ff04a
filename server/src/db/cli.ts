import { parseEnv } from '../config/env.ts';
import { createCache } from '../platform/cache.ts';
import { LocalStorage } from '../platform/storage.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';

// npm run db:migrate | npm run db:seed
const command = process.argv[2];
try {
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  const applied = await migrate(database);
  console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  if (command === 'seed') {
    const cache = await createCache(env.REDIS_URL);
    await seedDatabase({ env, database, db: database.db, cache, storage: new LocalStorage(env.FILES_DIR) }, { demo: true });
    await cache.close();
    console.log('seed done (demo data is only added to an empty database)');
  }
  await database.close();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
