import { createHmac } from 'node:crypto';
import type { AccountChoice } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, outboxCode, U } from '../../../../test/account-kit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { MemoryCache } from '../../../platform/cache.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { mintSsoToken } from './sso.ts';

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
    expect(await call(t, `${U}/LoginByTicket`, { ticket })).toMatchObject({
      success: false,
      code: 'TICKET_INVALID',
      msg: '登录凭证无效或已过期',
    });
  });

  it('refuses a jti shorter than 16 bytes', async () => {
    const ticket = mintSsoToken(secret(), 'ticket', 'learner16', { jti: 'abc123' });
    expect(await call(t, `${U}/LoginByTicket`, { ticket })).toMatchObject({
      success: false,
      code: 'TICKET_INVALID',
      msg: '登录凭证无效或已过期',
    });
  });

  it.each(['null', '42', '[]', '"text"', '{"typ":"ticket","sub":null}', 'not json'])(
    'answers a signed %s payload with the message, not a 500',
    async (payload) => {
      const res = await t.inject({ method: 'POST', url: `/prod-api${U}/LoginByTicket`, payload: { ticket: signRaw(payload) } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, code: 'TICKET_INVALID', msg: '登录凭证无效或已过期' });
    },
  );
});

describe('step state and guessing counters outside the cache', () => {
  const NEW_PASSWORD = 'Reset#Pass2026';
  it('a reset wizard survives losing the cache between its steps, and no step can be skipped', async () => {
    const step0 = await call<AccountChoice[]>(t, `${U}/GetResetpwdAcc`, { username: 'learner18' }, { ip: '10.7.0.1' });
    const secret = step0.data[0].item2;
    await loseCache();
    expect(await call(t, `${U}/CheckResetpwdAcc?secret=${encodeURIComponent(secret)}`, {}, { ip: '10.7.0.1' })).toMatchObject({
      success: true,
      msg: '138****0018',
    });
    const code = await outboxCode(t, '13800000018');
    const submit = () =>
      call(
        t,
        `${U}/SubmitResetpwdData`,
        { usrSecret: secret, userMobile: '13800000018', verifyCode: code, password: NEW_PASSWORD, checkPassWord: NEW_PASSWORD },
        { ip: '10.7.0.1' },
      );
    // step 3 before step 2: refused, with or without the cache
    expect((await submit()).success).toBe(false);
    await t.ctx.cache.delPrefix('secret:');
    expect((await submit()).success).toBe(false);
    expect((await call(t, `${U}/CheckResetpwdVerifyCode`, { usrSecret: secret, verifyCode: code }, { ip: '10.7.0.1' })).success).toBe(true);
    // what step 2 proved is not forgotten when everything but the code leaves the cache
    await t.ctx.cache.delPrefix('secret:');
    expect(await submit()).toMatchObject({ success: true, msg: '密码重置成功，请使用新密码登录' });
  });

  it('wrong SMS code tries are not reset when the cache drops the counter', async () => {
    await call(t, `${U}/GetCheckNum`, { phone: '13800000019' }, { ip: '10.7.0.2' });
    const code = await outboxCode(t, '13800000019');
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (c: string) => call(t, `${U}/LoginWithCheckNumStep1`, { phone: '13800000019', code: c }, { ip: '10.7.0.2' });
    for (let i = 0; i < 4; i++) {
      expect(await attempt(wrong)).toMatchObject({ code: 'SMS_CODE_WRONG', msg: '验证码错误' });
      // eviction of everything but the code itself
      await t.ctx.cache.delPrefix('sms:tries:');
      await t.ctx.cache.delPrefix('bf:');
    }
    expect(await attempt(wrong)).toMatchObject({ code: 'SMS_CODE_TOO_MANY_TRIES', msg: '验证码错误次数过多，请重新获取' });
    expect((await attempt(code)).success).toBe(false);
  });
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
    const clock = new ManualClock();
    const cache = new MemoryCache(undefined, clock);
    expect(await cache.incr('w', 1)).toBe(1);
    expect(await cache.incr('w', 60)).toBe(2);
    clock.advance(1100);
    expect(await cache.incr('w', 60)).toBe(1);
  });
});
