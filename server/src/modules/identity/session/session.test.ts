import type { UserInfo } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { companies, sessions, users } from '../../../db/schema/index.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { hashToken } from './sessions.ts';

const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SESSION_IDLE_MINUTES: 30 } });
});
afterAll(() => t.close());

const info = (token: string) => t.post<UserInfo>('/Api/User/user_user/GetUserInfo', {}, token);

describe('GetUserInfo', () => {
  it('answers the session fields of the spec for a learner', async () => {
    const res = await info(await t.login('learner01'));
    expect(res.success).toBe(true);
    expect(res.data).toMatchObject({
      accountCode: 'learner01',
      userType: 'ComPanyUser',
      roles: ['learner'],
      sysRoles: [4],
      sysroles: [4],
      comPanyName: '演示科技有限公司',
      company: '演示科技有限公司',
      orgName: '技术研发部',
      postName: '技术总监',
      roleNameList: ['学员'],
      mobile: '13800000001',
    });
    expect(res.data.name).toBe(res.data.chnName);
    expect(res.data.avatar).toBeTruthy();
    // system-user-only fields stay empty for company users
    expect(res.data.ssNo).toBe('');
  });

  it('never answers the password hash', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/GetUserInfo',
      headers: { ydAuthorization: `Bearer ${await t.login('admin')}` },
    });
    expect(res.body).not.toMatch(/scrypt|passwordHash|password_hash/);
    expect(res.json().data).toMatchObject({ userType: 'SysUser', sysRoles: [1], roles: ['admin'] });
  });
});

describe('GetUserInfo cache', () => {
  it('shows a change to the user at once', async () => {
    const token = await (await buildUser(t)).signIn();
    expect((await info(token)).data.email).toBe('');
    expect((await t.post('/Api/User/user_user/UpdateUserInfoByUser', { email: 'l09@example.com' }, token)).success).toBe(true);
    expect((await info(token)).data.email).toBe('l09@example.com');
  });
});

describe('session lifetime', () => {
  it('slides the expiry forward when the session is used', async () => {
    const token = await t.login('learner04');
    const hash = hashToken(token);
    // most of the idle time passes
    clock.advance(25 * 60_000);
    expect((await info(token)).success).toBe(true);
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(row.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * 60_000);
    // 25 more minutes: past the first expiry, within the renewed one
    clock.advance(25 * 60_000);
    expect((await info(token)).success).toBe(true);
  });

  it('answers 401 SESSION_EXPIRED once the clock passes the idle time', async () => {
    const token = await t.login('learner05');
    clock.advance(29 * 60_000);
    expect((await info(token)).success).toBe(true);
    clock.advance(31 * 60_000);
    expect(await info(token)).toMatchObject({ success: false, errorCode: 401, code: 'SESSION_EXPIRED' });
  });

  it('ends the session of a user who is disabled', async () => {
    const u = await buildUser(t);
    const token = await t.login(u.accountCode);
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, u.id));
    const { invalidateActor } = await import('../../../platform/actor.ts');
    await invalidateActor(t.ctx, u.id);
    expect((await info(token)).errorCode).toBe(401);
    expect(await t.post('/Api/User/user_user/Login', { username: u.accountCode, password: 'Xuetu@2026' })).toMatchObject({
      success: false,
      code: 'ACCOUNT_DISABLED',
      msg: '该账号已被禁用，请联系管理员',
    });
  });

  it('refuses people of a disabled company, on every path to a session', async () => {
    const company = await buildCompany(t);
    const u = await buildUser(t, { company });
    const token = await t.login(u.accountCode);
    await t.ctx.db.update(companies).set({ status: 0 }).where(eq(companies.companySysCode, company.companySysCode));
    const { invalidateActor } = await import('../../../platform/actor.ts');
    await invalidateActor(t.ctx, u.id);
    expect((await info(token)).errorCode).toBe(401);
    expect(await t.post('/Api/User/user_user/Login', { username: u.accountCode, password: 'Xuetu@2026' })).toMatchObject({
      success: false,
      msg: '您所在的公司已停用，请联系管理员',
    });
    await t.ctx.db.update(companies).set({ status: 1 }).where(eq(companies.companySysCode, company.companySysCode));
    expect((await t.post('/Api/User/user_user/Login', { username: u.accountCode, password: 'Xuetu@2026' })).success).toBe(true);
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const a = await t.post('/Api/User/user_user/Login', { username: 'nobody-here', password: 'Xuetu@2026' });
    const b = await t.post('/Api/User/user_user/Login', { username: 'learner07', password: 'Wrong@2026' });
    expect(a).toEqual(b);
  });
});
