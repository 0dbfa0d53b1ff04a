import pino from 'pino';
import { parseEnv } from '../config/env.ts';
import { createCache } from '../platform/cache.ts';
import { systemClock } from '../platform/clock.ts';
import type { AppContext } from '../platform/context.ts';
import { installationId, redisPrefixFor, withInstallationSecrets } from '../platform/installation.ts';
import { JobRunner } from '../platform/jobs/index.ts';
import { deriveSigningKey } from '../platform/signing.ts';
import { LocalStorage } from '../platform/storage.ts';
import { openDatabase } from './client.ts';
import { migrate, withStartupLock } from './migrate.ts';
import { seedDatabase } from './seed/index.ts';

// npm run db:migrate | npm run db:seed
const command = process.argv[2];
try {
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  const applied = await migrate(database);
  console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  if (command === 'seed') {
    const id = await installationId(database.db);
    const cache = await createCache(env.REDIS_URL, redisPrefixFor(env.REDIS_PREFIX, id));
    const appEnv = await withInstallationSecrets(database.db, env);
    const ctx = {
      env: appEnv,
      database,
      db: database.db,
      cache,
      storage: new LocalStorage(env.FILES_DIR),
      clock: systemClock,
      signingKey: deriveSigningKey(appEnv.SSO_SHARED_SECRET),
      installationId: id,
    } as Partial<AppContext> as AppContext;
    // seeding runs no jobs: a runner that knows no kinds and never polls
    ctx.jobs = new JobRunner(ctx, [], pino({ level: 'silent' }), { pollMs: 0 });
    await withStartupLock(database, () => seedDatabase(ctx, { demo: true }));
    await cache.close();
    console.log('seed done (demo data is only added to an empty database)');
  }
  await database.close();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
