import { parseArgs } from 'node:util';
import pino from 'pino';
import { parseEnv } from '../config/env.ts';
import { createFirstAdmin, FirstAdminRefused } from '../modules/identity/public.ts';
import { systemCaller } from '../platform/caller.ts';
import { maskPhone } from '../platform/sms.ts';
import { openCliContext } from './cli-context.ts';

// npm run admin:create -- --phone 13812345678 --name 王五 [--account admin] [--url https://xuetu.example.com]
// The first platform administrator of an installation without the demo (production): prints a
// temporary password (a day to use it) to sign in with and change at once. README, docs/deploy.md.
const USAGE =
  'usage: npm run admin:create -- --phone <mobile> --name <name> [--account <account code, default admin>] [--url <site address>]';
try {
  const { values } = parseArgs({
    options: { phone: { type: 'string' }, name: { type: 'string' }, account: { type: 'string' }, url: { type: 'string' } },
    strict: true,
  });
  if (!values.phone || !values.name) throw new FirstAdminRefused(USAGE);
  const env = parseEnv();
  const site = (values.url ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(site))
    throw new FirstAdminRefused(`--url ${JSON.stringify(values.url)}: the site's address, e.g. https://xuetu.example.com`);
  const { ctx, close } = await openCliContext(env, { demo: false });
  try {
    const made = await createFirstAdmin(systemCaller(ctx, pino({ level: 'silent' }), 'admin:create'), {
      phone: values.phone,
      name: values.name,
      account: values.account,
    });
    console.log(`platform administrator: ${values.name.trim()}, phone ${maskPhone(values.phone.trim())}`);
    console.log(`sign in at ${site}/login before ${made.expiresAt.toISOString()} with`);
    console.log(`  account             ${made.accountCode}`);
    console.log(`  temporary password  ${made.temporaryPassword}`);
    console.log('and choose your own password at once (the page asks for the temporary one as 当前密码). It is shown only now.');
    if (!values.url) console.log('(add --url <the site address> to print the address of your site)');
  } finally {
    await close();
  }
} catch (err) {
  // a refusal is one line; anything else (database unreachable …) its message
  console.error(err instanceof FirstAdminRefused ? `admin:create refused: ${err.message}` : (err as Error).message);
  process.exit(1);
}
