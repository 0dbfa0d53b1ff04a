import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: 3 } });
});
afterAll(() => t.close());

describe('rate limit', () => {
  it('answers 429 with the envelope past the per-minute limit', async () => {
    const call = () => t.inject({ method: 'POST', url: '/prod-api/Api/SysConfig/sys_message/GetNoReadCount', remoteAddress: '10.1.2.3' });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const res = await call();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, errorCode: 429, msg: '请求过于频繁，请稍后再试' });
  });

  it('counts each address on its own', async () => {
    const res = await t.inject({ method: 'POST', url: '/prod-api/Api/SysConfig/sys_message/GetNoReadCount', remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(200);
  });
});
