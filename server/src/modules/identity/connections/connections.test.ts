import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { ConnectionTestResult, IdentitySourceList, IdentitySourceView } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { ADMIN_DN, ADMIN_PASSWORD, BASE_DN, freePort, runsSlapd, type Slapd, startSlapd } from '../../../../test/slapd.ts';
import { connectionKey, openSecret, sealSecret } from './secret-box.ts';

// Issue 41, the 身份源 page's calls: a company's identity connections, against the real app and a
// real slapd (test/slapd.ts) for 测试连接. A platform administrator manages any company's, a
// company administrator only their own company's, a learner none; the bind password is sealed
// (AES-256-GCM under CONNECTION_SECRET_KEY) and never answered.
const RUNS = runsSlapd('connections.test');
const P = '/Api/SysConfig/sys_identity_source';
const KEY = randomBytes(32).toString('base64');
const SECRET = 'S3rvice-Pa55!';
let slapd: Slapd | undefined;
let t: TestApp;
let admin: string;
let corp: string;
let learner: string;
let demoCompany: string;
let otherCompany: string;

const settings = (over: Record<string, unknown> = {}) => ({
  url: slapd?.url ?? 'ldap://127.0.0.1:1',
  bindDn: ADMIN_DN,
  baseDn: `ou=people,${BASE_DN}`,
  userFilter: '(&(uid={username})(!(employeeType=disabled)))',
  timeoutMs: 2000,
  ...over,
});
const rowOf = (id: number) => t.ctx.db.query.identityConnections.findFirst({ where: (c, { eq }) => eq(c.id, id) });
const companyOf = async (account: string) =>
  (await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.accountCode, account) }))!.companySysCode!;

beforeAll(async () => {
  if (RUNS)
    slapd = await startSlapd([
      { uid: 'zhang.san', password: 'Dir@2026', cn: '张三' },
      { uid: 'li.si', password: 'Dir@2026', cn: '李四' },
    ]);
  t = await buildTestApp({ env: { CONNECTION_SECRET_KEY: KEY } });
  [admin, corp, learner] = await Promise.all([t.login('admin'), t.login('corpadmin'), t.login('learner01')]);
  demoCompany = await companyOf('corpadmin');
  otherCompany = await companyOf('other01');
});
afterAll(async () => {
  await t?.close();
  await slapd?.stop();
});

describe('saving a connection', () => {
  it('a company administrator saves one for their own company; the password is sealed in the row and never answered', async () => {
    const saved = await t.ok<IdentitySourceView>(
      `${P}/SaveIdentitySource`,
      { kind: 'ldap', name: '总部 AD', settings: settings(), bindPassword: SECRET },
      corp,
    );
    expect(saved).toMatchObject({ companySysCode: demoCompany, kind: 'ldap', name: '总部 AD', enabled: true, bindPasswordSet: true });
    expect(saved.settings).toMatchObject({ autoCreate: true, attributes: { name: 'cn', phone: 'mobile', jobNumber: 'employeeNumber' } });
    const res = await t.inject({
      method: 'POST',
      url: `/prod-api${P}/GetIdentitySource`,
      payload: { id: saved.id },
      headers: { ydAuthorization: `Bearer ${corp}` },
    });
    expect(res.body).not.toContain(SECRET);
    expect(res.json().data).toMatchObject({ bindPasswordSet: true });
    const row = await rowOf(saved.id);
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(row?.settings)).not.toContain(SECRET);
    expect(openSecret(connectionKey({ CONNECTION_SECRET_KEY: KEY }), demoCompany, row!.secret!)).toBe(SECRET);
  });

  it('saving with the password empty keeps the saved one; a changed address needs it again; it can be cleared', async () => {
    const saved = await t.ok<IdentitySourceView>(
      `${P}/SaveIdentitySource`,
      { kind: 'ldap', name: '保留密码', settings: settings(), bindPassword: SECRET },
      corp,
    );
    const before = (await rowOf(saved.id))!.secret;
    const renamed = await t.ok<IdentitySourceView>(
      `${P}/SaveIdentitySource`,
      { id: saved.id, kind: 'ldap', name: '保留密码二', enabled: false, settings: settings(), bindPassword: '' },
      corp,
    );
    expect(renamed).toMatchObject({ name: '保留密码二', enabled: false, bindPasswordSet: true });
    expect((await rowOf(saved.id))!.secret).toBe(before);
    // the saved password never goes to a new address
    const moved = await t.post(
      `${P}/SaveIdentitySource`,
      { id: saved.id, kind: 'ldap', name: '保留密码二', settings: settings({ url: 'ldap://elsewhere.example.com' }) },
      corp,
    );
    expect(moved).toMatchObject({
      success: false,
      code: 'IDENTITY_SOURCE_SECRET_RETYPE',
      msg: '地址或服务账号已更改，请重新输入服务账号密码',
    });
    expect((await rowOf(saved.id))!.settings).toMatchObject({ url: settings().url });
    const cleared = await t.ok<IdentitySourceView>(
      `${P}/SaveIdentitySource`,
      { id: saved.id, kind: 'ldap', name: '保留密码二', settings: settings(), clearBindPassword: true },
      corp,
    );
    expect(cleared.bindPasswordSet).toBe(false);
    expect((await rowOf(saved.id))!.secret).toBeNull();
  });

  it('bad input gets a clear Chinese message and changes nothing', async () => {
    const count = async () => (await t.ok<IdentitySourceList>(`${P}/GetIdentitySourceList`, {}, admin)).totalCount;
    const before = await count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'ldap', name: 'x', settings: settings({ url: 'http://dir.example.com' }) }, /请输入正确的 LDAP 地址/],
      [{ kind: 'ldap', name: 'x', settings: settings({ userFilter: '(uid=x)' }) }, /须包含 \{username\}/],
      [{ kind: 'ldap', name: 'x', settings: settings({ baseDn: '' }) }, /请输入搜索起点/],
      [{ kind: 'ldap', name: '', settings: settings() }, /请输入身份源名称/],
      [{ kind: 'ldap', name: 'x', settings: settings({ timeoutMs: 10 }) }, /超时须在/],
      [{ kind: 'ldap', name: 'x', settings: settings({ attributes: { name: 'c n' } }) }, /属性名/],
      [{ kind: 'saml', name: 'x', settings: settings() }, /请选择身份源类型/],
      [{ kind: 'wecom', name: 'x', settings: settings() }, /暂不支持该类型的身份源/],
      // an LDAP form's settings for an OpenID Connect connection: checked as the kind's
      [{ kind: 'oidc', name: 'x', settings: settings() }, /请输入正确的签发方地址/],
      [{ kind: 'oidc', name: 'x', settings: { issuer: 'https://sso.example.com', clientId: 'c', scopes: 'profile' } }, /须包含 openid/],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post(`${P}/SaveIdentitySource`, { companySysCode: demoCompany, ...body }, admin);
      expect(res.success, JSON.stringify(body)).toBe(false);
      expect(res.msg).toMatch(msg);
    }
    // a platform administrator must name the company; a name is unique within it
    expect(await t.post(`${P}/SaveIdentitySource`, { kind: 'ldap', name: 'x', settings: settings() }, admin)).toMatchObject({
      code: 'COMPANY_PICK_REQUIRED',
    });
    expect(await t.post(`${P}/SaveIdentitySource`, { kind: 'ldap', name: '总部 AD', settings: settings() }, corp)).toMatchObject({
      code: 'IDENTITY_SOURCE_NAME_TAKEN',
    });
    expect(await count()).toBe(before);
  });
});

describe('who may see and change which', () => {
  let foreign: IdentitySourceView;
  beforeAll(async () => {
    foreign = await t.ok<IdentitySourceView>(
      `${P}/SaveIdentitySource`,
      { companySysCode: otherCompany, kind: 'ldap', name: '物流 LDAP', settings: settings(), bindPassword: SECRET },
      admin,
    );
  });

  it('the platform administrator sees every company’s, or one company’s; a company administrator only their own', async () => {
    const all = await t.ok<IdentitySourceList>(`${P}/GetIdentitySourceList`, {}, admin);
    expect(all.secretKeyConfigured).toBe(true);
    expect(new Set(all.models.map((m) => m.companySysCode))).toEqual(new Set([demoCompany, otherCompany]));
    const one = await t.ok<IdentitySourceList>(`${P}/GetIdentitySourceList`, { companySysCode: otherCompany }, admin);
    expect(one.models.map((m) => m.name)).toEqual(['物流 LDAP']);
    expect(one.models[0]).toMatchObject({ companyName: '示例物流有限公司' });
    // naming another company finds nothing; unfiltered, their own company's only
    expect(await t.ok<IdentitySourceList>(`${P}/GetIdentitySourceList`, { companySysCode: otherCompany }, corp)).toMatchObject({
      totalCount: 0,
    });
    const own = await t.ok<IdentitySourceList>(`${P}/GetIdentitySourceList`, {}, corp);
    expect(own.models.length).toBeGreaterThan(0);
    expect(own.models.every((m) => m.companySysCode === demoCompany)).toBe(true);
  });

  it('another company’s connection answers as missing to a company administrator, and stays as it was', async () => {
    const before = await rowOf(foreign.id);
    for (const [path, body] of [
      ['GetIdentitySource', { id: foreign.id }],
      ['SaveIdentitySource', { id: foreign.id, kind: 'ldap', name: '改名', settings: settings(), bindPassword: 'x' }],
      ['DeleteIdentitySource', { id: foreign.id }],
      ['TestIdentitySource', { id: foreign.id, kind: 'ldap', settings: settings() }],
    ] as const) {
      expect(await t.post(`${P}/${path}`, body, corp), path).toMatchObject({
        success: false,
        code: 'IDENTITY_SOURCE_NOT_FOUND',
        msg: '身份源不存在',
      });
    }
    // naming another company for a new one answers as if it did not exist
    expect(
      await t.post(`${P}/SaveIdentitySource`, { companySysCode: otherCompany, kind: 'ldap', name: '越权', settings: settings() }, corp),
    ).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
    });
    expect(await rowOf(foreign.id)).toEqual(before);
  });

  it('a learner and a visitor cannot call them', async () => {
    for (const path of ['GetIdentitySourceList', 'GetIdentitySource', 'SaveIdentitySource', 'DeleteIdentitySource', 'TestIdentitySource']) {
      expect(await t.post(`${P}/${path}`, { id: foreign.id }, learner), path).toMatchObject({ success: false, errorCode: 403 });
      expect(await t.post(`${P}/${path}`, { id: foreign.id }), path).toMatchObject({ success: false, errorCode: 401 });
    }
  });

  it('deletes one (its own company’s), after which it is gone', async () => {
    const gone = await t.ok<IdentitySourceView>(`${P}/SaveIdentitySource`, { kind: 'ldap', name: '待删除', settings: settings() }, corp);
    expect(await t.post(`${P}/DeleteIdentitySource`, { id: gone.id }, corp)).toMatchObject({ success: true, msg: '删除成功!' });
    expect(await rowOf(gone.id)).toBeUndefined();
    expect(await t.post(`${P}/GetIdentitySource`, { id: gone.id }, corp)).toMatchObject({ code: 'IDENTITY_SOURCE_NOT_FOUND' });
  });
});

describe('the secret key', () => {
  it('a sealed secret opens only with its key and for its company', () => {
    const key = connectionKey({ CONNECTION_SECRET_KEY: KEY });
    const other = connectionKey({ CONNECTION_SECRET_KEY: randomBytes(32).toString('hex') });
    const sealed = sealSecret(key, 'C-1', 'pw');
    expect(sealSecret(key, 'C-1', 'pw')).not.toBe(sealed);
    expect(() => openSecret(other, 'C-1', sealed)).toThrow(/another CONNECTION_SECRET_KEY/);
    expect(() => openSecret(key, 'C-2', sealed)).toThrow(/damaged or moved/);
    expect(() => openSecret(null, 'C-1', sealed)).toThrow(/not set/);
    expect(() => openSecret(key, 'C-1', `${sealed.slice(0, -2)}AA`)).toThrow(/damaged/);
  });

  it('without CONNECTION_SECRET_KEY a password cannot be saved (a connection without one can), and the list says so', async () => {
    const bare = await buildTestApp({ env: { CONNECTION_SECRET_KEY: undefined } });
    try {
      const token = await bare.login('corpadmin');
      expect(
        await bare.post(`${P}/SaveIdentitySource`, { kind: 'ldap', name: '无密钥', settings: settings(), bindPassword: 'x' }, token),
      ).toMatchObject({
        success: false,
        code: 'IDENTITY_SOURCE_KEY_MISSING',
      });
      expect(await bare.ok<IdentitySourceList>(`${P}/GetIdentitySourceList`, {}, token)).toMatchObject({
        totalCount: 0,
        secretKeyConfigured: false,
      });
      await bare.ok(`${P}/SaveIdentitySource`, { kind: 'ldap', name: '匿名', settings: settings({ bindDn: '' }) }, token);
    } finally {
      await bare.close();
    }
  });
});

describe.runIf(RUNS)('测试连接', () => {
  const test = (body: Record<string, unknown>, token = corp) =>
    t.ok<ConnectionTestResult>(`${P}/TestIdentitySource`, { kind: 'ldap', ...body }, token);

  it('with the settings as entered: binds, searches, counts whom the filter lets in', async () => {
    expect(await test({ settings: settings(), bindPassword: ADMIN_PASSWORD })).toMatchObject({
      ok: true,
      people: 2,
      message: '连接成功：服务账号已绑定，按过滤条件找到 2 个用户',
    });
  });

  it('with a saved connection’s password when none is typed', async () => {
    const saved = await t.ok<IdentitySourceView>(
      `${P}/SaveIdentitySource`,
      { kind: 'ldap', name: '已保存', settings: settings(), bindPassword: ADMIN_PASSWORD },
      corp,
    );
    expect(await test({ id: saved.id, settings: settings() })).toMatchObject({ ok: true, people: 2 });
    // not to an address it was not saved for
    expect(
      await t.post(`${P}/TestIdentitySource`, { id: saved.id, kind: 'ldap', settings: settings({ url: 'ldap://127.0.0.1:9' }) }, corp),
    ).toMatchObject({
      code: 'IDENTITY_SOURCE_SECRET_RETYPE',
    });
    // sealed under another key: said clearly
    const other = connectionKey({ CONNECTION_SECRET_KEY: randomBytes(32).toString('base64') });
    const { identityConnections } = await import('../schema.ts');
    const { eq } = await import('drizzle-orm');
    await t.ctx.db
      .update(identityConnections)
      .set({ secret: sealSecret(other, demoCompany, ADMIN_PASSWORD) })
      .where(eq(identityConnections.id, saved.id));
    expect(await test({ id: saved.id, settings: settings() })).toMatchObject({
      ok: false,
      reason: 'secretUnreadable',
      message: '已保存的密码无法解密（服务器的 CONNECTION_SECRET_KEY 与保存时不同），请重新输入服务账号密码',
    });
  });

  it('says in Chinese what failed: bind refused, base DN not found, cannot connect, timeout', async () => {
    expect(await test({ settings: settings(), bindPassword: 'wrong' })).toMatchObject({
      ok: false,
      reason: 'bindRefused',
      message: '服务账号绑定被拒绝：绑定 DN 或密码不正确',
    });
    expect(await test({ settings: settings({ baseDn: `ou=nowhere,${BASE_DN}` }), bindPassword: ADMIN_PASSWORD })).toMatchObject({
      ok: false,
      reason: 'badBaseDn',
      message: '搜索起点（Base DN）在目录中不存在',
    });
    const closed = await freePort();
    expect(await test({ settings: settings({ url: `ldap://127.0.0.1:${closed}` }), bindPassword: ADMIN_PASSWORD })).toMatchObject({
      ok: false,
      reason: 'unreachable',
      message: '无法连接到身份源：地址或端口不通，请检查地址和网络',
    });
    const sockets: Socket[] = [];
    const silent: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const { port } = silent.address() as { port: number };
      expect(
        await test({ settings: settings({ url: `ldap://127.0.0.1:${port}`, timeoutMs: 500 }), bindPassword: ADMIN_PASSWORD }, admin),
      ).toMatchObject({ ok: false, reason: 'timeout', message: '连接超时：身份源在 500 毫秒内没有应答' });
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
