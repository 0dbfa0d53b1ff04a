import type { AccountChoice, CaptchaConfig } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clearCounter, outboxCode, solveCaptcha, U } from '../../../../test/account-kit.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helper.ts';
import { GUARD_LIMITS } from './guard.ts';

// The same app with the captcha switched on, as in production.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
});
afterAll(() => t.close());

describe('ALTCHA captcha', () => {
  it('GetAPPId answers the config and the challenge route a signed challenge', async () => {
    const cfg = await call<CaptchaConfig>(t, `${U}/GetAPPId`);
    expect(cfg.data).toEqual({ provider: 'altcha', appId: 'altcha', challengeUrl: '/prod-api/Api/User/user_user/GetCaptchaChallenge' });
    const res = await t.inject({ method: 'GET', url: cfg.data.challengeUrl });
    expect(res.json()).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: expect.any(String) });
  });

  it('sends nothing without a pass, with a forged pass or a replayed one; later sends skip it', async () => {
    expect(await call(t, `${U}/GetCheckNum`, { phone: '13800000002' }, { ip: '10.8.0.1' })).toMatchObject({
      success: false,
      code: 'CAPTCHA_REQUIRED',
      msg: '请先完成人机验证',
      data: { needCaptcha: true },
    });
    const forged = Buffer.from(
      JSON.stringify({ challenge: { parameters: { salt: 'x' } }, solution: { counter: 1, derivedKey: '00' } }),
    ).toString('base64');
    expect(await call(t, `${U}/GetCheckNum`, { phone: '13800000002', ticket: forged, randstr: 'x' }, { ip: '10.8.0.1' })).toMatchObject({
      code: 'CAPTCHA_FAILED',
      msg: '人机验证未通过，请重试',
    });
    expect((await call(t, '/__dev/sms', { phone: '13800000002' }, { method: 'GET' })).success).toBe(false);
    const pass = await solveCaptcha(t);
    expect((await call(t, `${U}/GetCheckNum`, { phone: '13800000002', ...pass, randstr: 'other-salt' }, { ip: '10.8.0.1' })).success).toBe(
      false,
    );
    expect((await call(t, `${U}/GetCheckNum`, { phone: '13800000002', ...pass }, { ip: '10.8.0.1' })).success).toBe(true);
    expect(await outboxCode(t, '13800000002')).toMatch(/^\d{6}$/);
    // the same payload again is a replay
    expect(await call(t, `${U}/GetCheckNum`, { phone: '13800000003', ...pass }, { ip: '10.8.0.1' })).toMatchObject({
      code: 'CAPTCHA_FAILED',
      msg: '人机验证未通过，请重试',
    });
    // a resend for the same phone skips the captcha but still waits for the countdown
    await clearCounter(t, 'sms:cool:login:13800000002');
    expect((await call(t, `${U}/GetCheckNum`, { phone: '13800000002' }, { ip: '10.8.0.1' })).success).toBe(true);
    expect(await call(t, `${U}/GetCheckNum`, { phone: '13800000002' }, { ip: '10.8.0.1' })).toMatchObject({
      code: 'SMS_CODE_TOO_SOON',
      msg: '验证码发送过于频繁，请稍后再试',
    });
  });

  it('demands a pass after repeated login failures and accepts a right password with one', async () => {
    for (let i = 0; i < GUARD_LIMITS.perAccount; i++)
      await call(t, `${U}/LoginStep1`, { username: 'learner05', password: 'Wrong@2026' }, { ip: '10.8.1.1' });
    const blocked = await call(t, `${U}/LoginStep1`, { username: 'learner05', password: DEMO_PASSWORD }, { ip: '10.8.1.2' });
    expect(blocked).toMatchObject({
      success: false,
      code: 'TOO_MANY_FAILURES',
      msg: '失败次数过多，请完成人机验证后重试',
      data: { needCaptcha: true },
    });
    const ok = await call<AccountChoice[]>(
      t,
      `${U}/LoginStep1`,
      { username: 'learner05', password: DEMO_PASSWORD, ...(await solveCaptcha(t)) },
      { ip: '10.8.1.2' },
    );
    expect(ok.success).toBe(true);
  });

  it('keeps the failure count when the cache is lost (restart, Redis flush, eviction)', async () => {
    for (let i = 0; i < GUARD_LIMITS.perAccount; i++)
      await call(t, `${U}/LoginStep1`, { username: 'learner08', password: 'Wrong@2026' }, { ip: '10.8.3.1' });
    await t.ctx.cache.delPrefix('');
    const blocked = await call(t, `${U}/LoginStep1`, { username: 'learner08', password: DEMO_PASSWORD }, { ip: '10.8.3.2' });
    expect(blocked).toMatchObject({
      success: false,
      code: 'TOO_MANY_FAILURES',
      msg: '失败次数过多，请完成人机验证后重试',
      data: { needCaptcha: true },
    });
  });

  it('needs a pass on the first reset step', async () => {
    expect((await call(t, `${U}/GetResetpwdAcc`, { username: 'learner04' }, { ip: '10.8.2.1' })).data).toEqual({ needCaptcha: true });
    const res = await call<AccountChoice[]>(
      t,
      `${U}/GetResetpwdAcc`,
      { username: 'learner04', ...(await solveCaptcha(t)) },
      { ip: '10.8.2.1' },
    );
    expect(res.data).toHaveLength(1);
  });
});
