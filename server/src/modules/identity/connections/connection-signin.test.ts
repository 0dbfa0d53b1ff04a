import { randomBytes } from 'node:crypto';
import type { AccountChoice, IdentitySourceView } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, outboxCode, U } from '../../../../test/account-kit.ts';
import { buildCompany, buildUser, type CompanyRow } from '../../../../test/factories.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helper.ts';
import { ADMIN_DN, ADMIN_PASSWORD, BASE_DN, runsSlapd, type Slapd, startSlapd } from '../../../../test/slapd.ts';

// Issue 41 item 1 through the 身份源 page: a company's enabled LDAP connection (stored, its
// password sealed) signs that company's people in with their directory password — in LoginStep1
// and in the one-step Login — with the connection's attribute mapping at just-in-time creation;
// a person the directory disabled or removed cannot sign in, nor fall back to a local password,
// nor sign in with an SMS code.
const RUNS = runsSlapd('connection-signin.test');
const P = '/Api/SysConfig/sys_identity_source';
let slapd: Slapd;
let t: TestApp;
let admin: string;
let company: CompanyRow;
let other: CompanyRow;
let connection: IdentitySourceView;

async function signIn(username: string, password: string) {
  const step1 = await call<AccountChoice[]>(t, `${U}/LoginStep1`, { username, password });
  if (!step1.success) return { step1, who: null };
  const step2 = await call<{ token: string }>(t, `${U}/LoginStep2`, { secret: step1.data[0]!.item2 });
  const info = await call<{ accountCode: string; chnName: string }>(t, `${U}/GetUserInfo`, {}, { token: step2.data.token });
  return { step1, who: info.data };
}
const saveConnection = (body: Record<string, unknown>) => t.ok<IdentitySourceView>(`${P}/SaveIdentitySource`, body, admin);

beforeAll(async () => {
  if (!RUNS) return;
  slapd = await startSlapd([
    {
      uid: 'wang.wu',
      password: 'Dir@2026',
      cn: '王五',
      ou: '质检部',
      mobile: '13911110001',
      mail: 'ww@xuetu.test',
      employeeNumber: 'E101',
    },
    { uid: 'zhao.liu', password: 'Dir@2026', cn: '赵六', employeeNumber: 'E102' },
    { uid: 'left.one', password: 'Left@2026', cn: '已离职', employeeType: 'disabled', employeeNumber: 'E103' },
  ]);
  t = await buildTestApp({ env: { CONNECTION_SECRET_KEY: randomBytes(32).toString('base64') } });
  admin = await t.login('admin');
  company = await buildCompany(t, { companySysCode: 'C-CONN01', companyCode: 'CONN01', companyName: '身份源公司' });
  other = await buildCompany(t);
  // existing accounts with local passwords: one the directory disabled, one it never had (removed)
  await buildUser(t, { company, accountCode: 'left-local', jobNum: 'E103', mobile: '13922220003' });
  await buildUser(t, { company, accountCode: 'removed-local', mobile: '13922220004' });
  // zhao.liu's employee number, which this connection does not map
  await buildUser(t, { company, accountCode: 'zl-local', jobNum: 'E102', chnName: '赵六' });
  await buildUser(t, { company: other, accountCode: 'conn-elsewhere' });
  connection = await saveConnection({
    companySysCode: company.companySysCode,
    kind: 'ldap',
    name: '公司目录',
    settings: {
      url: slapd.url,
      bindDn: ADMIN_DN,
      baseDn: `ou=people,${BASE_DN}`,
      userFilter: '(&(uid={username})(!(employeeType=disabled)))',
      // the directory's mail as the job number: the mapping is the connection's, not a fixed one
      attributes: { name: 'cn', phone: 'mobile', email: 'mail', jobNumber: 'mail', department: 'ou' },
      autoCreate: true,
      timeoutMs: 2000,
    },
    bindPassword: ADMIN_PASSWORD,
  });
});
afterAll(async () => {
  await t?.close();
  await slapd?.stop();
});

describe.runIf(RUNS)('signing in through a company’s LDAP connection', () => {
  it('creates the account at the first sign-in with the connection’s attribute mapping', async () => {
    const { who } = await signIn('wang.wu', 'Dir@2026');
    expect(who).toMatchObject({ accountCode: 'wang.wu', chnName: '王五' });
    const row = await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.accountCode, 'wang.wu') });
    expect(row).toMatchObject({
      companySysCode: company.companySysCode,
      mobile: '13911110001',
      email: 'ww@xuetu.test',
      jobNum: 'ww@xuetu.test',
    });
  });

  it('signs in through the one-step Login as well', async () => {
    const login = await call<{ token: string }>(t, `${U}/Login`, { username: 'zhao.liu', password: 'Dir@2026' });
    expect(login.success).toBe(true);
    // the mapped job number (mail) is empty for zhao.liu: not zl-local (E102) but an account of their own
    const info = await call<{ accountCode: string }>(t, `${U}/GetUserInfo`, {}, { token: login.data.token });
    expect(info.data.accountCode).toBe('zhao.liu');
  });

  it('a wrong directory password is a wrong password', async () => {
    expect(await call(t, `${U}/LoginStep1`, { username: 'wang.wu', password: 'Dir@2025' })).toMatchObject({
      code: 'LOGIN_FAILED',
      msg: '用户名或密码错误',
    });
  });

  it('a person the directory disabled, or never had, cannot sign in with a local password (LoginStep1 or Login)', async () => {
    expect(await call(t, `${U}/LoginStep1`, { username: 'left.one', password: 'Left@2026' })).toMatchObject({ code: 'LOGIN_FAILED' });
    for (const account of ['left-local', 'removed-local', 'zl-local']) {
      expect(await call(t, `${U}/LoginStep1`, { username: account, password: DEMO_PASSWORD }), account).toMatchObject({
        code: 'LOGIN_FAILED',
      });
      expect(await call(t, `${U}/Login`, { username: account, password: DEMO_PASSWORD }), account).toMatchObject({ code: 'LOGIN_FAILED' });
    }
  });

  it('other companies’ people keep their own passwords', async () => {
    expect((await signIn('conn-elsewhere', DEMO_PASSWORD)).who).toMatchObject({ accountCode: 'conn-elsewhere' });
  });

  it('a disabled connection no longer vouches; its company’s local passwords count again', async () => {
    await saveConnection({ id: connection.id, kind: 'ldap', name: '公司目录', enabled: false, settings: connection.settings });
    try {
      expect(await call(t, `${U}/LoginStep1`, { username: 'wang.wu', password: 'Dir@2026' })).toMatchObject({ code: 'LOGIN_FAILED' });
      expect((await signIn('removed-local', DEMO_PASSWORD)).who).toMatchObject({ accountCode: 'removed-local' });
    } finally {
      await saveConnection({ id: connection.id, kind: 'ldap', name: '公司目录', enabled: true, settings: connection.settings });
    }
  });

  it('a connection whose password no longer opens (another key) is away: said so, and no local fallback', async () => {
    const rekeyed = await buildTestApp({ database: t.ctx.database, env: { CONNECTION_SECRET_KEY: randomBytes(32).toString('base64') } });
    try {
      expect(await call(rekeyed, `${U}/LoginStep1`, { username: 'wang.wu', password: 'Dir@2026' })).toMatchObject({
        code: 'DIRECTORY_UNAVAILABLE',
        msg: '身份源暂时无法连接，请稍后重试',
      });
      // the company's own accounts do not fall back to their Xuetu passwords meanwhile
      expect(await call(rekeyed, `${U}/LoginStep1`, { username: 'removed-local', password: DEMO_PASSWORD })).toMatchObject({
        success: false,
        code: 'DIRECTORY_UNAVAILABLE',
      });
      // other companies' people sign in as usual
      expect(await call(rekeyed, `${U}/LoginStep1`, { username: 'conn-elsewhere', password: DEMO_PASSWORD })).toMatchObject({
        success: true,
      });
    } finally {
      await rekeyed.close();
    }
  });
});

describe.runIf(RUNS)('the SMS code sign-in of a company with a directory', () => {
  async function codeSignIn(phone: string) {
    await call(t, `${U}/GetCheckNum`, { phone }, { ip: '10.3.0.1' });
    const code = await outboxCode(t, phone);
    return call<AccountChoice[]>(t, `${U}/LoginWithCheckNumStep1`, { phone, code }, { ip: '10.3.0.1' });
  }

  it('lets in a person the directory still has, not one it disabled or never had', async () => {
    // wang.wu's account was created at their first sign-in, with the directory's phone
    await signIn('wang.wu', 'Dir@2026');
    const kept = await codeSignIn('13911110001');
    expect(kept.success).toBe(true);
    expect(kept.data).toHaveLength(1);
    expect(await codeSignIn('13922220003')).toMatchObject({ success: false, code: 'PHONE_NO_ACCOUNT' });
    expect(await codeSignIn('13922220004')).toMatchObject({ success: false, code: 'PHONE_NO_ACCOUNT' });
  });
});
