import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, U } from '../../../../test/account-kit.ts';
import { buildCompany, buildUser } from '../../../../test/factories.ts';
import { buildTestApp, openTestCache, type TestApp } from '../../../../test/helper.ts';
import { TEST_ENV } from '../../../../test/test-env.ts';
import { buildApp } from '../../../app.ts';
import { installationValues, users } from '../../../db/schema/index.ts';
import { systemCaller } from '../../../platform/caller.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import { createFirstAdmin, FirstAdminRefused, platformAdminState } from './first-admin.ts';

// The first platform administrator of a production install (issue 38 item 5): an empty database
// without the demo, `npm run admin:create` (createFirstAdmin), sign-in with the temporary
// password, the forced change, then the administrator's own password.
const PHONE = '13912345678';
const MINE = 'Admin#Own2026';
const ROLES = '/Api/SysConfig/sys_role/GetRoleListPage';

const create = (t: TestApp, input: { phone?: string; name?: string; account?: string } = {}) =>
  createFirstAdmin(systemCaller(t.ctx, pino({ level: 'silent' })), { phone: PHONE, name: '王平台', ...input });
/** What the start log of a production node on this database says about administrators. */
async function startLog(t: TestApp): Promise<string> {
  let out = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  const { app } = await buildApp({
    env: { ...TEST_ENV, NODE_ENV: 'production', SEED_DEMO: false },
    database: t.ctx.database,
    cache: await openTestCache(),
    storage: t.ctx.storage,
    logger: { level: 'warn', stream },
  });
  await app.close();
  return out;
}

const signIn = (t: TestApp, username: string, password: string) =>
  call<{ token: string; mustChangePassword: boolean }>(t, `${U}/Login`, { username, password }, { ip: '10.38.5.1' });

describe('an empty production database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: false } });
  });
  afterAll(() => t.close());

  it('has no account; the created administrator signs in with the temporary password, can only change it, then uses its own', async () => {
    expect(await t.ctx.db.$count(users)).toBe(0);
    expect(await platformAdminState(t.ctx.db)).toEqual({ state: 'none' });
    expect(await startLog(t)).toContain('no platform administrator yet: create the first with `npm run admin:create');

    const made = await create(t);
    expect(made.accountCode).toBe('admin');
    // kept only as a hash, nowhere in plain text
    const [row] = await t.ctx.db.select().from(users);
    expect(row.passwordHash).not.toContain(made.temporaryPassword);
    expect(await verifyPassword(made.temporaryPassword, row.passwordHash)).toBe(true);
    expect(JSON.stringify(await t.ctx.db.select().from(installationValues))).not.toContain(made.temporaryPassword);
    expect(await platformAdminState(t.ctx.db)).toEqual({ state: 'pending', accountCode: 'admin' });
    expect(await startLog(t)).toContain('platform administrator admin has not chosen a password yet');

    const first = await signIn(t, 'admin', made.temporaryPassword);
    expect(first.data).toMatchObject({ mustChangePassword: true });
    const token = first.data.token;
    expect((await call(t, ROLES, { pageIndex: 1, pageSize: 10 }, { token })).code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await call(t, `${U}/EditTemporaryPassWord`, { oldPas: made.temporaryPassword, pas1: MINE, pas2: MINE }, { token });
    expect(changed.success).toBe(true);

    expect((await signIn(t, 'admin', made.temporaryPassword)).code).toBe('LOGIN_FAILED');
    const own = await signIn(t, 'admin', MINE);
    expect(own.data.mustChangePassword).toBe(false);
    expect((await call(t, ROLES, { pageIndex: 1, pageSize: 10 }, { token: own.data.token })).success).toBe(true);
    expect(await platformAdminState(t.ctx.db)).toEqual({ state: 'ready', accountCode: 'admin' });
    expect(await startLog(t)).not.toContain('platform administrator');

    // once an administrator has a password of their own, the command refuses and changes nothing
    await expect(create(t, { account: 'admin2' })).rejects.toThrow(/already exists \(account admin\)/);
    await expect(create(t)).rejects.toBeInstanceOf(FirstAdminRefused);
    expect(await t.ctx.db.$count(users)).toBe(1);
    expect((await signIn(t, 'admin', MINE)).success).toBe(true);
  });
});

describe('the temporary password', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-12-01T08:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp({ env: { SEED_DEMO: false }, clock });
  });
  afterAll(() => t.close());

  it('is refused with bad input, an account code of another user, or a second account while one waits', async () => {
    await expect(create(t, { phone: '123' })).rejects.toThrow(/--phone/);
    await expect(create(t, { name: ' ' })).rejects.toThrow(/--name/);
    await expect(create(t, { account: 'a b' })).rejects.toThrow(/--account/);
    const other = await buildUser(t, { company: await buildCompany(t) });
    await expect(create(t, { account: other.accountCode })).rejects.toThrow(/belongs to another user/);
    await create(t, { account: 'root' });
    await expect(create(t, { account: 'admin' })).rejects.toThrow(/root has not chosen a password yet/);
  });

  it('works for a day; a new one ends the one before', async () => {
    const older = await create(t, { account: 'root' });
    const newer = await create(t, { account: 'root', name: '李平台' });
    expect((await signIn(t, 'root', older.temporaryPassword)).code).toBe('LOGIN_FAILED');
    clock.set(new Date(newer.expiresAt.getTime() - 1000));
    expect((await signIn(t, 'root', newer.temporaryPassword)).success).toBe(true);
    clock.set(newer.expiresAt);
    expect((await signIn(t, 'root', newer.temporaryPassword)).code).toBe('ACCOUNT_EXPIRED');
    // the two-step sign-in (the login page's) refuses it too
    expect((await call(t, `${U}/LoginStep1`, { username: 'root', password: newer.temporaryPassword }, { ip: '10.38.5.2' })).code).toBe(
      'ACCOUNT_EXPIRED',
    );
    const again = await create(t, { account: 'root' });
    expect((await signIn(t, 'root', again.temporaryPassword)).success).toBe(true);
  });
});
