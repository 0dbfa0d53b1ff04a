import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { MemoryCache } from '../../platform/cache.ts';
import { mintSsoToken } from './sso.ts';
import { call, U } from './testkit.ts';

// Issue 9 item 5: single-use markers survive a restart and cache pressure; the in-process cache
// stays bounded; short jti and null/malformed payloads are refused with the message, never a 500.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const secret = () => t.ctx.env.SSO_SHARED_SECRET;
/** A correctly signed token over any payload text (what a partner with a bug could send). */
const signRaw = (payloadJson: string) => {
  const payload = Buffer.from(payloadJson).toString('base64url');
  return `v1.${payload}.${createHmac('sha256', secret()).update(`v1.${payload}`).digest('base64url')}`;
};
/** Forgets everything the cache holds: what a restart of the embedded server or heavy eviction does. */
const loseCache = () => t.ctx.cache.delPrefix('');

describe('single-use SSO tickets', () => {
  it('a used ticket stays used after the cache is lost', async () => {
    const ticket = mintSsoToken(secret(), 'ticket', 'learner16');
    expect((await call(t, `${U}/LoginByTicket`, { ticket })).success).toBe(true);
    await loseCache();
    expect(await call(t, `${U}/LoginByTicket`, { ticket })).toMatchObject({ success: false, msg: '登录凭证无效或已过期' });
  });

  it('refuses a jti shorter than 16 bytes', async () => {
    const ticket = mintSsoToken(secret(), 'ticket', 'learner16', { jti: 'abc123' });
    expect(await call(t, `${U}/LoginByTicket`, { ticket })).toMatchObject({ success: false, msg: '登录凭证无效或已过期' });
  });

  it.each(['null', '42', '[]', '"text"', '{"typ":"ticket","sub":null}', 'not json'])(
    'answers a signed %s payload with the message, not a 500',
    async (payload) => {
      const res = await t.inject({ method: 'POST', url: `/prod-api${U}/LoginByTicket`, payload: { ticket: signRaw(payload) } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, msg: '登录凭证无效或已过期' });
    },
  );
});

describe('in-process cache bounds', () => {
  it('keeps counters within the entry limit too', async () => {
    const cache = new MemoryCache({ maxEntries: 50, maxBytes: 1024 * 1024 });
    for (let i = 0; i < 500; i++) await cache.incr(`counter:${i}`, 60);
    for (let i = 0; i < 500; i++) await cache.set(`value:${i}`, i, 60);
    expect(cache.size).toBeLessThanOrEqual(50);
    // the most recent entries are the ones kept
    expect(await cache.get('value:499')).toBe(499);
    expect(await cache.get('counter:0')).toBeUndefined();
  });

  it('keeps values within the byte limit', async () => {
    const cache = new MemoryCache({ maxEntries: 1000, maxBytes: 10_000 });
    for (let i = 0; i < 100; i++) await cache.set(`big:${i}`, 'x'.repeat(1000), 60);
    expect(cache.size).toBeLessThanOrEqual(10);
  });

  it('keeps a counter window from its first increment', async () => {
    const cache = new MemoryCache();
    expect(await cache.incr('w', 1)).toBe(1);
    expect(await cache.incr('w', 60)).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await cache.incr('w', 60)).toBe(1);
  });
});
