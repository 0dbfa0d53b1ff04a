import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { ConnectionTestResult, IdentitySourceView, SignInButton } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, U } from '../../../../test/account-kit.ts';
import { buildCompany, buildUser, type CompanyRow } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { type OidcProviderKit, startOidcProvider } from '../../../../test/oidc-provider.ts';
import { freePort } from '../../../../test/slapd.ts';

// Issue 41 item 2 against a real provider (oidc-provider, in this process): the whole redirect
// flow over HTTP — Xuetu's start, the provider's login page and consent, Xuetu's callback — then
// the login secret traded for a session as the login page does (LoginStep2). And every way it
// must end on the login page instead: a bad, replayed or another browser's state, an ID token of
// another audience or issuer, expired or signed by another key, an expired code, a cancelled
// sign-in, a disabled account, a provider that is down or silent, another company's account.
const P = '/Api/SysConfig/sys_identity_source';
const APP = 'http://xuetu.test';
const CALLBACK = `${APP}/prod-api/auth/oidc/callback`;
let kit: OidcProviderKit;
let t: TestApp;
let admin: string;
let company: CompanyRow;
let other: CompanyRow;
let jit: IdentitySourceView;
let strict: IdentitySourceView;
let silent: Server;

const settings = (over: Record<string, unknown> = {}) => ({
  issuer: kit.issuer,
  clientId: 'xuetu',
  scopes: 'openid profile email phone employee',
  claims: { username: 'preferred_username', name: 'name', phone: 'phone_number', email: 'email', jobNumber: 'employee_number' },
  buttonName: '',
  autoCreate: true,
  timeoutMs: 5000,
  ...over,
});
const save = (body: Record<string, unknown>) => t.ok<IdentitySourceView>(`${P}/SaveIdentitySource`, body, admin);

/** The browser's side: Xuetu's start, then the provider's pages (a cookie jar of its own) until it sends the browser back. */
async function startAt(id: number) {
  const res = await t.inject({ method: 'GET', url: `/prod-api/auth/oidc/${id}/start?redirect=/exam/list` });
  expect(res.statusCode).toBe(302);
  const cookie = String(res.headers['set-cookie'] ?? '');
  return { location: String(res.headers.location), browser: /xt_oidc=([^;]+)/.exec(cookie)?.[1] ?? '', cookie };
}

async function atProvider(url: string, login: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  let next = url;
  let body: string | undefined;
  for (let i = 0; i < 20; i++) {
    if (next.startsWith(CALLBACK)) return next;
    const res = await fetch(next, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get('location')!, next).href;
      continue;
    }
    const html = await res.text();
    if (html.includes('name="login"')) body = new URLSearchParams({ login, password }).toString();
    else if (html.includes('name="consent"')) body = 'consent=1';
    else throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
  }
  throw new Error('too many steps at the provider');
}

const back = (callbackUrl: string, browser: string) =>
  t.inject({ method: 'GET', url: callbackUrl.slice(APP.length), headers: browser ? { cookie: `xt_oidc=${browser}` } : {} });

/** The whole flow; answers where the callback sent the browser, and what it was to send back. */
async function signInVia(id: number, login: string, password = 'Pass@2026') {
  const started = await startAt(id);
  const returned = await atProvider(started.location, login, password);
  const res = await back(returned, started.browser);
  expect(res.statusCode).toBe(302);
  return { location: String(res.headers.location), returned, browser: started.browser };
}

/** The login page's part: the secret in the fragment traded for a session; who it is. */
async function trade(location: string) {
  const secret = decodeURIComponent(/#oidc=(.+)$/.exec(location)?.[1] ?? '');
  const step2 = await call<{ token: string }>(t, `${U}/LoginStep2`, { secret });
  expect(step2.success).toBe(true);
  const info = await call<{ accountCode: string; chnName: string; companySysCode: string }>(
    t,
    `${U}/GetUserInfo`,
    {},
    { token: step2.data.token },
  );
  return info.data;
}

const errorOf = (location: string) => new URL(location, APP).searchParams.get('oidcError');

beforeAll(async () => {
  kit = await startOidcProvider({
    clients: [{ client_id: 'xuetu', client_secret: 'client-secret-2026', redirect_uris: [CALLBACK] }],
    people: {
      'li.si': { password: 'Pass@2026', claims: { name: '李四', preferred_username: 'li.si', employee_number: 'E201' } },
      'new.person': {
        password: 'Pass@2026',
        claims: { name: '新同事', preferred_username: 'new.person', phone_number: '13977770002', email: 'np@xuetu.test' },
      },
      'off.person': { password: 'Pass@2026', claims: { name: '停用者', preferred_username: 'off.person', employee_number: 'E203' } },
      'other.person': {
        password: 'Pass@2026',
        claims: { name: '别家人', preferred_username: 'other.person', phone_number: '13977770009' },
      },
      'far.person': { password: 'Pass@2026', claims: { name: '远方人', preferred_username: 'far.person', phone_number: '13977770008' } },
    },
  });
  t = await buildTestApp({ env: { CONNECTION_SECRET_KEY: randomBytes(32).toString('base64'), PUBLIC_URL: APP } });
  admin = await t.login('admin');
  company = await buildCompany(t, { companySysCode: 'C-OIDC01', companyCode: 'OIDC01', companyName: '统一身份公司' });
  other = await buildCompany(t);
  await buildUser(t, { company, accountCode: 'lisi-local', jobNum: 'E201', chnName: '李四' });
  await buildUser(t, { company, accountCode: 'off-local', jobNum: 'E203', status: 0 });
  // the provider's person's phone is an account of another company only
  await buildUser(t, { company: other, accountCode: 'elsewhere', mobile: '13977770009' });
  await buildUser(t, { company: other, accountCode: 'far-elsewhere', mobile: '13977770008' });
  jit = await save({
    companySysCode: company.companySysCode,
    kind: 'oidc',
    name: '统一身份',
    settings: settings(),
    bindPassword: 'client-secret-2026',
  });
  strict = await save({
    companySysCode: company.companySysCode,
    kind: 'oidc',
    name: '统一身份（不自动开户）',
    settings: settings({ autoCreate: false, buttonName: '公司账号' }),
    bindPassword: 'client-secret-2026',
  });
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
});
afterAll(async () => {
  await t?.close();
  await kit?.stop();
  silent?.close();
});

describe('OpenID Connect sign-in through a real provider', () => {
  it('stores the client secret sealed and shows the enabled connections’ buttons', async () => {
    expect(jit).toMatchObject({ kind: 'oidc', bindPasswordSet: true, settings: { issuer: kit.issuer, clientId: 'xuetu' } });
    expect(JSON.stringify(jit)).not.toContain('client-secret-2026');
    const buttons = await call<{ models: SignInButton[] }>(t, `${P}/GetSignInButtons`, {}, { method: 'GET' });
    expect(buttons.data.models).toEqual(
      expect.arrayContaining([
        { id: jit.id, kind: 'oidc', label: '使用 统一身份 登录', startPath: `/prod-api/auth/oidc/${jit.id}/start` },
        { id: strict.id, kind: 'oidc', label: '使用 公司账号 登录', startPath: `/prod-api/auth/oidc/${strict.id}/start` },
      ]),
    );
    // a changed issuer does not take the saved secret along
    const moved = await t.inject({
      method: 'POST',
      url: `/prod-api${P}/SaveIdentitySource`,
      headers: { ydAuthorization: `Bearer ${admin}` },
      payload: { id: jit.id, kind: 'oidc', name: '统一身份', settings: settings({ issuer: 'https://evil.example.com' }) },
    });
    expect(moved.json()).toMatchObject({ success: false, msg: '地址或服务账号已更改，请重新输入服务账号密码' });
  });

  it('signs an existing account in (matched by job number) with PKCE, state and nonce, back to where it started', async () => {
    const started = await startAt(jit.id);
    const auth = new URL(started.location);
    expect(auth.origin).toBe(kit.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(started.cookie).toMatch(/HttpOnly/);
    expect(started.cookie).toMatch(/SameSite=Lax/);
    const res = await back(await atProvider(started.location, 'li.si', 'Pass@2026'), started.browser);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/login\?redirect=%2Fexam%2Flist#oidc=/);
    expect(await trade(location)).toMatchObject({ accountCode: 'lisi-local', chnName: '李四' });
  });

  it('creates the account just in time in the connection’s company, and only there', async () => {
    const { location } = await signInVia(jit.id, 'new.person');
    expect(await trade(location)).toMatchObject({ accountCode: 'new.person', chnName: '新同事', companySysCode: company.companySysCode });
    // a phone of another company's account: a new account here, never that one
    const elsewhere = await signInVia(jit.id, 'other.person');
    expect(await trade(elsewhere.location)).toMatchObject({ accountCode: 'other.person', companySysCode: company.companySysCode });
  });

  it('a connection that does not create accounts signs in nobody of another company', async () => {
    const res = await signInVia(strict.id, 'far.person');
    expect(errorOf(res.location)).toBe('noAccount');
    // and an account of its own company it does sign in
    expect(await trade((await signInVia(strict.id, 'li.si')).location)).toMatchObject({ accountCode: 'lisi-local' });
  });

  it('reads the discovery document once per connection as saved, not at every start and callback', async () => {
    // saving again (a new updatedAt) starts afresh: one read for the start, none for the callback
    jit = await save({ id: jit.id, kind: 'oidc', name: '统一身份', settings: settings() });
    const before = kit.discoveries;
    await signInVia(jit.id, 'li.si');
    expect(kit.discoveries - before).toBe(1);
    await signInVia(jit.id, 'li.si');
    expect(kit.discoveries - before).toBe(1);
  });

  it('a bad, replayed or another browser’s state ends on the login page', async () => {
    const first = await signInVia(jit.id, 'li.si');
    expect(errorOf(first.location)).toBeNull();
    // the same callback again: the state was taken
    const replay = await back(first.returned, first.browser);
    expect(replay.headers.location).toBe('/login?oidcError=state');
    // a state nobody issued
    const forged = await back(`${CALLBACK}?code=x&state=not-a-state`, first.browser);
    expect(forged.headers.location).toBe('/login?oidcError=state');
    // the callback opened in another browser (a link sent to someone else)
    const started = await startAt(jit.id);
    const returned = await atProvider(started.location, 'li.si', 'Pass@2026');
    expect((await back(returned, randomBytes(32).toString('base64url'))).headers.location).toBe('/login?oidcError=state');
    // no stack trace anywhere: a redirect with an empty body
    expect(replay.body).toBe('');
  });

  it('refuses ID tokens of another audience, another issuer, past their expiry or signed by another key', async () => {
    const cases: [string, OidcProviderKit['tamper']][] = [
      ['audience', (c) => ({ claims: { ...c, aud: 'another-client' } })],
      ['issuer', (c) => ({ claims: { ...c, iss: 'https://other-issuer.example.com' } })],
      ['expired', (c) => ({ claims: { ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 } })],
      ['nonce', (c) => ({ claims: { ...c, nonce: 'another-nonce' } })],
      ['signature', (c) => ({ claims: c, otherKey: true })],
    ];
    try {
      for (const [, tamper] of cases) {
        kit.tamper = tamper;
        const res = await signInVia(jit.id, 'li.si');
        expect(errorOf(res.location)).toBe('token');
        expect(res.location).toContain('redirect=%2Fexam%2Flist');
      }
    } finally {
      kit.tamper = null;
    }
  });

  it('an expired code and a sign-in cancelled at the provider end on the login page', async () => {
    kit.codesExpired = true;
    try {
      expect(errorOf((await signInVia(jit.id, 'li.si')).location)).toBe('code');
    } finally {
      kit.codesExpired = false;
    }
    const started = await startAt(jit.id);
    const state = new URL(started.location).searchParams.get('state');
    const res = await back(`${CALLBACK}?error=access_denied&state=${state}&iss=${encodeURIComponent(kit.issuer)}`, started.browser);
    expect(errorOf(String(res.headers.location))).toBe('denied');
  });

  it('a disabled account is refused', async () => {
    expect(errorOf((await signInVia(jit.id, 'off.person')).location)).toBe('disabled');
  });

  it('a provider that is down, silent, or names another issuer ends on the login page in time', async () => {
    const down = await save({
      companySysCode: company.companySysCode,
      kind: 'oidc',
      name: '已关闭的身份源',
      settings: settings({ issuer: `http://127.0.0.1:${await freePort()}` }),
    });
    expect((await startAt(down.id)).location).toBe('/login?oidcError=unavailable');
    const port = (silent.address() as { port: number }).port;
    const mute = await save({
      companySysCode: company.companySysCode,
      kind: 'oidc',
      name: '不应答的身份源',
      settings: settings({ issuer: `http://127.0.0.1:${port}`, timeoutMs: 1000 }),
    });
    const began = Date.now();
    expect((await startAt(mute.id)).location).toBe('/login?oidcError=unavailable');
    expect(Date.now() - began).toBeLessThan(4000);
    const renamed = await save({
      companySysCode: company.companySysCode,
      kind: 'oidc',
      name: '另一个签发方',
      settings: settings({ issuer: `http://localhost:${kit.port}` }),
    });
    expect((await startAt(renamed.id)).location).toBe('/login?oidcError=issuer');
  });

  it('an unknown, disabled or non-OIDC connection id does not start', async () => {
    const off = await save({ companySysCode: other.companySysCode, kind: 'oidc', name: '停用的', enabled: false, settings: settings() });
    for (const id of [off.id, 999999, 'abc']) {
      const res = await t.inject({ method: 'GET', url: `/prod-api/auth/oidc/${id}/start` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?oidcError=source');
    }
  });

  it('测试连接 reads the discovery document and says in Chinese what failed', async () => {
    const test = (s: Record<string, unknown>) =>
      t.ok<ConnectionTestResult>(`${P}/TestIdentitySource`, { kind: 'oidc', settings: settings(s) }, admin);
    expect(await test({})).toMatchObject({
      ok: true,
      message: `连接成功：已从签发方 ${kit.issuer} 读取 OpenID Connect 配置（授权、令牌和公钥地址齐全）`,
    });
    expect(await test({ issuer: `http://127.0.0.1:${await freePort()}` })).toMatchObject({
      ok: false,
      reason: 'unreachable',
      message: '无法连接到身份源：地址或端口不通，请检查地址和网络',
    });
    expect(await test({ issuer: `http://localhost:${kit.port}` })).toMatchObject({
      ok: false,
      reason: 'issuerMismatch',
      message: `签发方地址与身份源声明的不一致（身份源声明为 ${kit.issuer}），请按身份源的 issuer 填写`,
    });
    expect(await test({ issuer: `${kit.issuer}/nothing-here` })).toMatchObject({ ok: false, reason: 'notProvider' });
    const port = (silent.address() as { port: number }).port;
    expect(await test({ issuer: `http://127.0.0.1:${port}`, timeoutMs: 1000 })).toMatchObject({
      ok: false,
      reason: 'timeout',
      message: '连接超时：身份源在 1000 毫秒内没有应答',
    });
    const bad = await t.inject({
      method: 'POST',
      url: `/prod-api${P}/TestIdentitySource`,
      headers: { ydAuthorization: `Bearer ${admin}` },
      payload: { kind: 'oidc', settings: settings({ issuer: 'http://idp.example.com' }) },
    });
    expect(bad.json()).toMatchObject({ success: false, msg: '请输入正确的签发方地址（Issuer），须为 https:// 地址（仅本机可用 http://）' });
  });
});
