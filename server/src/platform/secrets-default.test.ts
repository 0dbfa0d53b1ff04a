import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { installationValues } from '../db/schema/index.ts';
import { mintSsoToken } from '../modules/identity/account/sso.ts';
import { MemoryCache } from './cache.ts';

// Issue 9 item 7: no published default secret opens the product. Unset secrets are random,
// generated at first start and kept in the database; the outbox SMS mode says so in the log.

let database: Database;
let drop: () => Promise<void>;
const logLines: string[] = [];

async function start() {
  const { app, ctx } = await buildApp({
    // CAPTCHA_SECRET / SSO_SHARED_SECRET deliberately not given
    env: {
      SEED_DEMO: true,
      CAPTCHA_PROVIDER: 'none',
      SMS_PROVIDER: 'outbox',
      WEB_DIST: '/nonexistent',
      CAPTCHA_SECRET: undefined,
      SSO_SHARED_SECRET: undefined,
    },
    database,
    cache: new MemoryCache(),
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
  await app.ready();
  return { app, ctx };
}

beforeAll(async () => {
  // the run's seeded database as a new installation: no secrets stored yet (seeding from scratch
  // here took most of the 30 s budget on a busy machine)
  const opened = await openTestDatabase({ seeded: true });
  ({ database, drop } = opened);
  // without the run's snapshot (XUETU_TEST_NO_SNAPSHOT=1) it is a new, empty database already
  if (opened.seeded) await database.db.delete(installationValues);
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('secrets left unset', () => {
  it('are random, kept in the database and the same after a restart', async () => {
    const first = await start();
    const { SSO_SHARED_SECRET: sso, CAPTCHA_SECRET: captcha } = first.ctx.env;
    expect(sso).toMatch(/^[\w-]{40,}$/);
    expect(captcha).toMatch(/^[\w-]{40,}$/);
    expect(sso).not.toBe(captcha);
    await first.app.close();
    const second = await start();
    expect(second.ctx.env.SSO_SHARED_SECRET).toBe(sso);
    expect(second.ctx.env.CAPTCHA_SECRET).toBe(captcha);

    // a ticket signed with the secret the docs once printed is refused
    const published = mintSsoToken('dev-sso-secret-change-me-please', 'ticket', 'learner01');
    const res = await second.app.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/LoginByTicket',
      payload: { ticket: published },
    });
    expect(res.json()).toMatchObject({ success: false, msg: '登录凭证无效或已过期' });
    await second.app.close();
  });

  it('says loudly at start that SMS codes only go to the outbox and the development endpoint', () => {
    const line = logLines.find((l) => l.includes('SMS_PROVIDER=outbox'));
    expect(line).toBeDefined();
    expect(JSON.parse(line as string)).toMatchObject({ level: 40 });
    expect(line).toContain('/prod-api/__dev/sms');
  });
});
