import { parseEnv } from '../config/env.ts';
import { openCliContext } from './cli-context.ts';

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
  const { applied, seeded, close } = await openCliContext(env, { demo: command === 'seed' });
  await close();
  console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  if (command === 'seed')
    console.log(
      seeded === 'seeded'
        ? 'demo data seeded'
        : 'demo data not added: the database already has companies (the demo is only seeded into an empty database)',
    );
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
