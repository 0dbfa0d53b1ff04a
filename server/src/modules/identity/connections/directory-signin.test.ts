import type { AccountChoice } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, U } from '../../../../test/account-kit.ts';
import { buildCompany, buildUser, type CompanyRow } from '../../../../test/factories.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helper.ts';
import { ADMIN_DN, ADMIN_PASSWORD, BASE_DN, freePort, runsSlapd, type Slapd, startSlapd } from '../../../../test/slapd.ts';
import { parseEnv } from '../../../config/env.ts';

// Issue 41 item 1: the password sign-in (LoginStep1 / LoginStep2) with a company's LDAP directory
// configured from the environment (LDAP_*), against a real slapd: the company's people sign in
// with their directory password (an existing account matched by job number, phone or name, or one
// created at the first sign-in), never with a password of Xuetu's; everybody else keeps theirs,
// even while the directory is away.
const RUNS = runsSlapd('directory-signin.test');
let slapd: Slapd;
let t: TestApp;
let company: CompanyRow;
let other: CompanyRow;

const directoryEnv = (url: string, companySysCode: string, extra: Record<string, unknown> = {}) => ({
  LDAP_URL: url,
  LDAP_BIND_DN: ADMIN_DN,
  LDAP_BIND_PASSWORD: ADMIN_PASSWORD,
  LDAP_BASE_DN: `ou=people,${BASE_DN}`,
  LDAP_USER_FILTER: '(&(uid={username})(!(employeeType=disabled)))',
  LDAP_COMPANY: companySysCode,
  LDAP_AUTO_CREATE: true,
  LDAP_TIMEOUT_MS: 2000,
  ...extra,
});

async function signIn(app: TestApp, username: string, password: string) {
  const step1 = await call<AccountChoice[]>(app, `${U}/LoginStep1`, { username, password });
  if (!step1.success) return { step1, who: null };
  const step2 = await call<{ token: string }>(app, `${U}/LoginStep2`, { secret: step1.data[0]!.item2 });
  const info = await call<{ accountCode: string; chnName: string }>(app, `${U}/GetUserInfo`, {}, { token: step2.data.token });
  return { step1, who: info.data };
}

beforeAll(async () => {
  if (!RUNS) return;
  slapd = await startSlapd([
    { uid: 'zhang.san', password: 'Dir@2026', cn: '张三', ou: '仓储部', mobile: '13900000001', employeeNumber: 'E001' },
    { uid: 'new.comer', password: 'New@2026', cn: '新同事', ou: '仓储部', mobile: '13900000002', employeeNumber: 'E002' },
    { uid: 'gone', password: 'Gone@2026', cn: '已停用', employeeType: 'disabled', employeeNumber: 'E003' },
    { uid: 'li.imported', password: 'Imp@2026', cn: '李导入', mobile: '13900000004' },
  ]);
  t = await buildTestApp({ env: directoryEnv(slapd.url, 'C-LDAP01') });
  company = await buildCompany(t, { companySysCode: 'C-LDAP01', companyCode: 'LDAP01', companyName: '目录公司' });
  other = await buildCompany(t);
  // zhang.san has an account already, by job number, with a local password of its own
  await buildUser(t, { company, accountCode: 'zs-local', jobNum: 'E001', chnName: '张三' });
  // the directory's disabled person has one too
  await buildUser(t, { company, accountCode: 'gone-local', jobNum: 'E003' });
  // an imported account never activated (no password), matched by phone
  await buildUser(t, { company, accountCode: 'imported', mobile: '13900000004', password: null });
  // a person of another company keeps signing in with Xuetu's password
  await buildUser(t, { company: other, accountCode: 'elsewhere' });
});
afterAll(async () => {
  await t?.close();
  await slapd?.stop();
});

describe.runIf(RUNS)('the password sign-in with a company directory', () => {
  it('signs a directory person into their existing account (matched by job number) with the directory password', async () => {
    const { who } = await signIn(t, 'zhang.san', 'Dir@2026');
    expect(who).toMatchObject({ accountCode: 'zs-local', chnName: '张三' });
  });

  it('never with the account’s own Xuetu password, and says a wrong password as for anybody', async () => {
    const local = await call(t, `${U}/LoginStep1`, { username: 'zs-local', password: DEMO_PASSWORD });
    expect(local).toMatchObject({ success: false, code: 'LOGIN_FAILED', msg: '用户名或密码错误' });
    const wrong = await call(t, `${U}/LoginStep1`, { username: 'zhang.san', password: 'Dir@2025' });
    expect(wrong).toMatchObject({ success: false, code: 'LOGIN_FAILED', msg: '用户名或密码错误' });
  });

  it('creates the account of a directory person at their first sign-in, in the department of the directory’s name', async () => {
    const dept = await t.ctx.db.query.orgs.findFirst({ where: (o, { eq }) => eq(o.companySysCode, company.companySysCode) });
    const { who } = await signIn(t, 'new.comer', 'New@2026');
    expect(who).toMatchObject({ accountCode: 'new.comer', chnName: '新同事' });
    const row = await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.accountCode, 'new.comer') });
    expect(row).toMatchObject({
      companySysCode: company.companySysCode,
      jobNum: 'E002',
      mobile: '13900000002',
      orgId: dept!.id,
    });
    // activated with a password nobody knows: the directory's is the one that works
    expect(row?.passwordHash).toBeTruthy();
    expect(await call(t, `${U}/LoginStep1`, { username: 'new.comer', password: 'x' })).toMatchObject({
      success: false,
      code: 'LOGIN_FAILED',
    });
    // the second time, the same account
    expect((await signIn(t, 'new.comer', 'New@2026')).who).toMatchObject({ accountCode: 'new.comer' });
  });

  it('activates an imported account the directory vouches for (matched by phone)', async () => {
    expect((await signIn(t, 'li.imported', 'Imp@2026')).who).toMatchObject({ accountCode: 'imported' });
  });

  it('a person the directory disabled cannot sign in, not even with the account’s local password', async () => {
    expect(await call(t, `${U}/LoginStep1`, { username: 'gone', password: 'Gone@2026' })).toMatchObject({ code: 'LOGIN_FAILED' });
    expect(await call(t, `${U}/LoginStep1`, { username: 'gone-local', password: DEMO_PASSWORD })).toMatchObject({ code: 'LOGIN_FAILED' });
  });

  it('people of other companies sign in with their own password as before', async () => {
    expect((await signIn(t, 'elsewhere', DEMO_PASSWORD)).who).toMatchObject({ accountCode: 'elsewhere' });
  });
});

describe.runIf(RUNS)('a directory that is away', () => {
  it('says so in Chinese (not as a wrong password), and local accounts of other companies still sign in', async () => {
    const port = await freePort();
    const away = await buildTestApp({ env: directoryEnv(`ldap://127.0.0.1:${port}`, 'C-NOWHERE') });
    try {
      const c = await buildCompany(away);
      await buildUser(away, { company: c, accountCode: 'still-here' });
      const refused = await call(away, `${U}/LoginStep1`, { username: 'zhang.san', password: 'Dir@2026' });
      expect(refused).toMatchObject({ success: false, code: 'DIRECTORY_UNAVAILABLE', msg: '身份源暂时无法连接，请稍后重试' });
      expect((await signIn(away, 'still-here', DEMO_PASSWORD)).who).toMatchObject({ accountCode: 'still-here' });
    } finally {
      await away.close();
    }
  });
});

describe('the directory settings', () => {
  it('refuse LDAP_URL without where to look or whose people they are, and a filter without {username}', () => {
    expect(() => parseEnv({ LDAP_URL: 'ldap://dir.example.com' })).toThrow(/LDAP_BASE_DN|LDAP_COMPANY/);
    expect(() => parseEnv({ LDAP_URL: 'http://dir.example.com', LDAP_BASE_DN: 'dc=x', LDAP_COMPANY: 'C' })).toThrow(/LDAP_URL/);
    expect(() =>
      parseEnv({ LDAP_URL: 'ldaps://dir.example.com:636', LDAP_BASE_DN: 'dc=x', LDAP_COMPANY: 'C', LDAP_USER_FILTER: '(uid=x)' }),
    ).toThrow(/LDAP_USER_FILTER/);
    expect(parseEnv({ LDAP_URL: 'ldaps://dir.example.com:636', LDAP_BASE_DN: 'dc=x', LDAP_COMPANY: 'C' })).toMatchObject({
      LDAP_USER_FILTER: '(uid={username})',
      LDAP_AUTO_CREATE: true,
      LDAP_TIMEOUT_MS: 5000,
    });
  });
});
