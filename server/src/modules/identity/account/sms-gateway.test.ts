import { Writable } from 'node:stream';
import type { AccountChoice } from '@xuetu/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, counterOf, setCounter, U } from '../../../../test/account-kit.ts';
import { buildUser } from '../../../../test/factories.ts';
import { type FakeSmsGateway, startFakeSmsGateway } from '../../../../test/fake-sms-gateway.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import type { Env } from '../../../config/env.ts';
import { smsAttempts } from '../../../db/schema/index.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { deliverSms } from '../../../platform/sms.ts';
import { SMS_LIMITS } from './codes.ts';

// Code requests through the real API with SMS_PROVIDER pointed at a local server that plays the
// vendor (test/fake-sms-gateway.ts; the vendor's SDK runs for real).

const KEYS = { keyId: 'LTAI5tIntegration', secret: 'integration-secret-42' };
const gatewayEnv = (provider: 'aliyun' | 'tencent', gateway: FakeSmsGateway): Partial<Env> => ({
  SMS_PROVIDER: provider,
  SMS_ACCESS_KEY_ID: KEYS.keyId,
  SMS_ACCESS_KEY_SECRET: KEYS.secret,
  SMS_SIGN_NAME: '学途',
  SMS_SDK_APP_ID: '1400987654',
  SMS_TEMPLATE_LOGIN: 'TPL_LOGIN',
  SMS_TEMPLATE_REGISTER: 'TPL_REGISTER',
  SMS_TEMPLATE_RESET: 'TPL_RESET',
  SMS_TEMPLATE_EDITPHONE: 'TPL_EDITPHONE',
  SMS_TEMPLATE_EDITPWD: 'TPL_EDITPWD',
  SMS_TEMPLATE_CANCEL: 'TPL_CANCEL',
  SMS_ENDPOINT: gateway.url,
  SMS_TIMEOUT_MS: 400,
});

const latestAttempt = async (t: TestApp) => (await t.ctx.db.select().from(smsAttempts).orderBy(desc(smsAttempts.id)).limit(1))[0];
/** the China-time day of the daily send limits */
const dayOf = (now: Date) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

describe('SMS_PROVIDER=aliyun: phone-code login', () => {
  let t: TestApp;
  let gateway: FakeSmsGateway;
  const clock = new ManualClock('2026-11-20T02:00:00Z');
  beforeAll(async () => {
    gateway = await startFakeSmsGateway('aliyun', KEYS);
    t = await buildTestApp({ clock, env: gatewayEnv('aliyun', gateway) });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  it('sends the code through the gateway and records the attempt with its request id', async () => {
    const user = await buildUser(t);
    const phone = user.mobile!;
    const sent = await call(t, `${U}/GetCheckNum`, { phone }, { ip: '10.21.0.1' });
    expect(sent).toMatchObject({ success: true, msg: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
    const req = gateway.received.at(-1)!;
    expect(req).toMatchObject({ signatureValid: true, query: { PhoneNumbers: phone, TemplateCode: 'TPL_LOGIN', SignName: '学途' } });
    const { code } = JSON.parse(req.query.TemplateParam) as { code: string };
    expect(await latestAttempt(t)).toMatchObject({
      provider: 'aliyun',
      purpose: 'login',
      phoneMasked: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      outcome: 'sent',
      requestId: gateway.lastRequestId,
      errorCode: null,
      createdAt: clock.now(),
    });
    // the attempt row never holds the number or the code
    expect(JSON.stringify(await latestAttempt(t))).not.toContain(phone);
    // the code the gateway carried signs in
    const login = await call<{ token: string }>(t, `${U}/LoginWithCheckNum`, { phone, code }, { ip: '10.21.0.1' });
    expect(login.success).toBe(true);
  });

  it('a refusal answers the Chinese message, issues no code and leaves the next try unlimited', async () => {
    const user = await buildUser(t);
    const phone = user.mobile!;
    const ip = '10.21.0.2';
    expect((await call(t, `${U}/GetCheckNum`, { phone }, { ip })).success).toBe(true);
    const first = (JSON.parse(gateway.received.at(-1)!.query.TemplateParam) as { code: string }).code;
    clock.advance(61_000); // past the 60 s countdown
    gateway.reply({ kind: 'refuse', code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发号码小时级流控Permits:5' });
    const refused = await call(t, `${U}/GetCheckNum`, { phone }, { ip });
    expect(refused).toMatchObject({ success: false, code: 'SMS_GATEWAY_THROTTLED', msg: '该手机号接收短信过于频繁，请稍后再试' });
    expect(await latestAttempt(t)).toMatchObject({
      purpose: 'login',
      outcome: 'refused',
      requestId: gateway.lastRequestId,
      errorCode: 'isv.BUSINESS_LIMIT_CONTROL',
      errorMessage: '触发号码小时级流控Permits:5',
    });
    // the refused send counts against no limit: only the first one is counted
    const day = dayOf(clock.now());
    expect(await counterOf(t, `sms:cool:login:${phone}`)).toBeUndefined(); // 0
    expect(await counterOf(t, `sms:day:${phone}:${day}`)).toBe(1);
    expect(await counterOf(t, `sms:ip:h:${ip}`)).toBe(1);
    expect(await counterOf(t, `sms:ip:d:${ip}:${day}`)).toBe(1);
    expect(await counterOf(t, `sms:refused:ip:h:${ip}`)).toBe(1);
    // no new code replaced the one the person holds: the first code still signs in
    const step1 = await call<AccountChoice[]>(t, `${U}/LoginWithCheckNumStep1`, { phone, code: first }, { ip });
    expect(step1.success).toBe(true);
    // and the next try right away is not "too soon"
    gateway.reply({ kind: 'accept' });
    expect(await call(t, `${U}/GetCheckNum`, { phone }, { ip })).toMatchObject({ success: true });
    expect(await latestAttempt(t)).toMatchObject({ outcome: 'sent', requestId: gateway.lastRequestId });
  });

  it('a gateway that never answers ends in the timeout message, recorded as a timeout', async () => {
    const user = await buildUser(t);
    gateway.reply({ kind: 'hang' });
    const res = await call(t, `${U}/GetCheckNum`, { phone: user.mobile }, { ip: '10.21.0.3' });
    gateway.reply({ kind: 'accept' });
    expect(res).toMatchObject({ success: false, code: 'SMS_GATEWAY_TIMEOUT', msg: '短信发送超时，请稍后重试' });
    const attempt = await latestAttempt(t);
    expect(attempt).toMatchObject({ outcome: 'timeout', errorCode: null, errorMessage: expect.stringMatching(/(Read|Connect)Timeout/) });
    // the SDK's error quotes its URL with the phone and the code; the row keeps neither
    expect(JSON.stringify(attempt)).not.toContain(user.mobile);
    expect(JSON.stringify(attempt)).not.toContain('TemplateParam');
    expect(await counterOf(t, `sms:cool:login:${user.mobile}`)).toBeUndefined();
  });

  it('caps refused sends per IP on their own, without calling the gateway', async () => {
    const user = await buildUser(t);
    const ip = '10.21.0.4';
    await setCounter(t, `sms:refused:ip:h:${ip}`, SMS_LIMITS.refusedPerIpPerHour);
    const before = gateway.received.length;
    expect(await call(t, `${U}/GetCheckNum`, { phone: user.mobile }, { ip })).toMatchObject({ success: false, code: 'SMS_IP_LIMIT' });
    expect(gateway.received).toHaveLength(before);
  });

  it('logs every attempt with the phone masked and never the code', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    ) as unknown as FastifyBaseLogger;
    const message = { phone: '13700001234', purpose: 'login' as const, code: '482915', content: '验证码482915', sentAt: clock.now() };
    await deliverSms(t.ctx, log, message);
    gateway.reply({ kind: 'refuse', code: 'isv.MOBILE_NUMBER_ILLEGAL', message: '非法手机号 13700001234' });
    await expect(deliverSms(t.ctx, log, message)).rejects.toMatchObject({ reason: 'bad_number' });
    gateway.reply({ kind: 'hang' });
    await expect(deliverSms(t.ctx, log, message)).rejects.toMatchObject({ reason: 'timeout' });
    gateway.reply({ kind: 'accept' });
    expect(lines.map((l) => JSON.parse(l).sms?.outcome)).toEqual(['sent', 'refused', 'timeout']);
    expect(lines.every((l) => l.includes('137****1234'))).toBe(true);
    expect(lines.join('')).not.toMatch(/13700001234|482915/);
    expect(await latestAttempt(t)).toMatchObject({ outcome: 'timeout', phoneMasked: '137****1234' });
    const refused = await t.ctx.db.select().from(smsAttempts).where(eq(smsAttempts.errorCode, 'isv.MOBILE_NUMBER_ILLEGAL'));
    expect(refused.map((r) => r.errorMessage)).toEqual(['非法手机号 137****1234']);
  });

  it('sends nothing to a phone without an account (the same answer)', async () => {
    const before = gateway.received.length;
    expect(await call(t, `${U}/GetCheckNum`, { phone: '13999990001' }, { ip: '10.21.0.5' })).toMatchObject({ success: true });
    expect(gateway.received).toHaveLength(before);
  });
});

describe('SMS_PROVIDER=tencent: password reset', () => {
  let t: TestApp;
  let gateway: FakeSmsGateway;
  beforeAll(async () => {
    gateway = await startFakeSmsGateway('tencent', KEYS);
    t = await buildTestApp({ env: gatewayEnv('tencent', gateway) });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  async function resetSecret(accountCode: string, ip: string) {
    const step0 = await call<AccountChoice[]>(t, `${U}/GetResetpwdAcc`, { username: accountCode }, { ip });
    return step0.data[0].item2;
  }

  it('sends the reset code with the reset template and checks it', async () => {
    const user = await buildUser(t);
    const ip = '10.22.0.1';
    const secret = await resetSecret(user.accountCode, ip);
    expect((await call(t, `${U}/CheckResetpwdAcc`, { secret }, { ip })).success).toBe(true);
    const body = JSON.parse(gateway.received.at(-1)!.body) as { PhoneNumberSet: string[]; TemplateId: string; TemplateParamSet: string[] };
    expect(body).toMatchObject({ PhoneNumberSet: [`+86${user.mobile}`], TemplateId: 'TPL_RESET' });
    expect(await latestAttempt(t)).toMatchObject({
      provider: 'tencent',
      purpose: 'reset',
      outcome: 'sent',
      requestId: gateway.lastRequestId,
    });
    const checked = await call(t, `${U}/CheckResetpwdVerifyCode`, { usrSecret: secret, verifyCode: body.TemplateParamSet[0] }, { ip });
    expect(checked.success).toBe(true);
  });

  it('a refused number answers its message, and the retry is not too soon', async () => {
    const user = await buildUser(t);
    const ip = '10.22.0.2';
    const secret = await resetSecret(user.accountCode, ip);
    gateway.reply({ kind: 'refuse', code: 'LimitExceeded.PhoneNumberDailyLimit', message: 'daily limit' });
    expect(await call(t, `${U}/CheckResetpwdAcc`, { secret }, { ip })).toMatchObject({
      success: false,
      code: 'SMS_GATEWAY_THROTTLED',
    });
    expect(await latestAttempt(t)).toMatchObject({
      outcome: 'refused',
      errorCode: 'LimitExceeded.PhoneNumberDailyLimit',
      requestId: gateway.lastRequestId,
    });
    gateway.reply({ kind: 'error', code: 'FailedOperation.InsufficientBalanceInSmsPackage', message: 'no balance' });
    expect(await call(t, `${U}/CheckResetpwdAcc`, { secret }, { ip })).toMatchObject({
      code: 'SMS_GATEWAY_UNAVAILABLE',
      msg: '短信服务暂时不可用，请稍后再试或联系管理员',
    });
    gateway.reply({ kind: 'accept' });
    expect((await call(t, `${U}/CheckResetpwdAcc`, { secret }, { ip })).success).toBe(true);
  });
});
