import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { parseEnv } from '../config/env.ts';

// Issue 9 item 4: X-Forwarded-For counts only from configured proxies, so a client cannot pick
// a new address per request and step around the per-IP limits (or forge audit addresses).

const call = (t: TestApp, forwardedFor: string, remoteAddress = '10.0.0.7') =>
  t.inject({
    method: 'POST',
    url: '/prod-api/Api/SysConfig/sys_message/GetNoReadCount',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY unset (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_ANON_PER_MINUTE: 3 } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: a new forged address per request still hits the per-IP limit', async () => {
    for (let i = 0; i < 3; i++) expect((await call(t, `203.0.113.${i}`)).statusCode).toBe(200);
    expect((await call(t, '203.0.113.99')).statusCode).toBe(429);
  });

  it('writes the peer address, not a forged one, into the audit log', async () => {
    const admin = await t.login('admin');
    const res = await t.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_post/SavePost',
      remoteAddress: '10.0.0.8',
      headers: { ydAuthorization: `Bearer ${admin}`, 'x-forwarded-for': '198.51.100.1' },
      payload: { postName: '审计岗位', companySysCode: 'C-DEMO-TECH' },
    });
    expect(res.json().success, res.json().msg).toBe(true);
    const log = await t.post<{ models: { ip: string; action: string }[] }>(
      '/Api/SysConfig/sys_auditlog/GetAuditLogPage',
      { pageIndex: 1, pageSize: 5 },
      admin,
    );
    expect(log.data.models[0].ip).toBe('10.0.0.8');
  });
});

describe('TRUST_PROXY with a proxy address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_ANON_PER_MINUTE: 3, TRUST_PROXY: parseEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY } });
  });
  afterAll(() => t.close());

  it('takes the client address from the configured proxy only', async () => {
    // behind the trusted proxy each forwarded client has its own counter
    for (let i = 0; i < 4; i++) expect((await call(t, `203.0.113.${i}`)).statusCode).toBe(200);
    // a peer outside the list is not believed
    for (let i = 0; i < 3; i++) expect((await call(t, `198.51.100.${i}`, '192.0.2.5')).statusCode).toBe(200);
    expect((await call(t, '198.51.100.99', '192.0.2.5')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY parsing', () => {
  it('accepts off, a hop count or addresses/CIDRs, and refuses anything else with one line', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
      '::1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
