import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmsGateway, type FakeVendor, startFakeSmsGateway } from '../../test/fake-sms-gateway.ts';
import { parseSmsEndpoint, SMS_PURPOSES, type SmsPurpose } from '../config/sms.ts';
import type { AppContext } from './context.ts';
import type { SmsMessage, SmsProvider } from './sms.ts';
import { AliyunSmsProvider } from './sms-aliyun.ts';
import { type GatewaySettings, SmsSendError, scrub } from './sms-gateway.ts';
import { TencentSmsProvider } from './sms-tencent.ts';

// Each adapter runs the vendor's own SDK against a local server playing the vendor's endpoint
// (test/fake-sms-gateway.ts), which checks the request signature with the shared secret.

const KEYS = { keyId: 'LTAI5tTestKeyId', secret: 'test-secret-0123456789' };
const templates = Object.fromEntries(SMS_PURPOSES.map((p, i) => [p, `SMS_TPL_${p.toUpperCase()}_${i}`])) as Record<SmsPurpose, string>;
const ctx = {} as AppContext;

function settings(gateway: FakeSmsGateway, over: Partial<GatewaySettings> = {}): GatewaySettings {
  return {
    accessKeyId: KEYS.keyId,
    accessKeySecret: KEYS.secret,
    signName: '学途',
    sdkAppId: '1400123456',
    templates,
    endpoint: parseSmsEndpoint(gateway.url),
    timeoutMs: 3000,
    ...over,
  };
}

const message = (purpose: SmsPurpose = 'login', code = '493817'): SmsMessage => ({
  phone: '13800000001',
  purpose,
  code,
  content: `验证码${code}`,
  sentAt: new Date(),
});

/**
 * The vendor's fake gateway for a describe block: started before its tests (handed to `use`),
 * emptied and accepting again after each test, closed after them.
 */
function useFakeGateway(vendor: FakeVendor, use: (gateway: FakeSmsGateway) => void): void {
  let gateway: FakeSmsGateway;
  beforeAll(async () => {
    gateway = await startFakeSmsGateway(vendor, KEYS);
    use(gateway);
  });
  afterAll(() => gateway.close());
  afterEach(() => {
    gateway.received.length = 0;
    gateway.reply({ kind: 'accept' });
  });
}

async function refusal(provider: SmsProvider, m = message()): Promise<SmsSendError> {
  const err = await provider.send(ctx, m).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  return err as SmsSendError;
}

describe('Aliyun adapter (dysmsapi SendSms)', () => {
  let gateway: FakeSmsGateway;
  useFakeGateway('aliyun', (started) => (gateway = started));

  it('sends the code with the purpose’s template, signed with the key, and answers the request id', async () => {
    const receipt = await new AliyunSmsProvider(settings(gateway)).send(ctx, message('reset', '001234'));
    expect(gateway.received).toHaveLength(1);
    const [req] = gateway.received;
    expect(req.method).toBe('POST');
    expect(req.headers['x-acs-action']).toBe('SendSms');
    expect(req.headers['x-acs-version']).toBe('2017-05-25');
    expect(req.query).toMatchObject({ PhoneNumbers: '13800000001', SignName: '学途', TemplateCode: templates.reset });
    expect(JSON.parse(req.query.TemplateParam)).toEqual({ code: '001234' });
    expect(req.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI5tTestKeyId,SignedHeaders=.+,Signature=[0-9a-f]{64}$/);
    expect(req.signatureValid).toBe(true);
    expect(receipt).toEqual({ requestId: gateway.lastRequestId, messageId: expect.stringMatching(/^9006197/) });
  });

  it('is refused with a wrong secret (the fake checks the signature)', async () => {
    const err = await refusal(new AliyunSmsProvider(settings(gateway, { accessKeySecret: 'another-secret' })));
    expect(gateway.received[0].signatureValid).toBe(false);
    expect(err.reason).toBe('unavailable');
    expect(err.detail).toMatchObject({ errorCode: 'SignatureDoesNotMatch', requestId: gateway.lastRequestId });
  });

  it('sorts the vendor’s refusals and keeps its request id', async () => {
    const provider = new AliyunSmsProvider(settings(gateway));
    gateway.reply({ kind: 'refuse', code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发号码天级流控Permits:10' });
    expect(await refusal(provider)).toMatchObject({
      reason: 'throttled',
      detail: { errorCode: 'isv.BUSINESS_LIMIT_CONTROL', errorMessage: '触发号码天级流控Permits:10', requestId: gateway.lastRequestId },
    });
    gateway.reply({ kind: 'refuse', code: 'isv.MOBILE_NUMBER_ILLEGAL', message: '非法手机号' });
    expect((await refusal(provider)).reason).toBe('bad_number');
    gateway.reply({ kind: 'refuse', code: 'isv.AMOUNT_NOT_ENOUGH', message: '账户余额不足' });
    expect((await refusal(provider)).reason).toBe('unavailable');
    gateway.reply({ kind: 'refuse', code: 'isv.SMS_TEMPLATE_ILLEGAL', message: '模版不合法' });
    expect((await refusal(provider)).reason).toBe('unavailable');
  });

  it('gives up after SMS_TIMEOUT_MS when the gateway never answers', async () => {
    gateway.reply({ kind: 'hang' });
    const started = Date.now();
    const err = await refusal(new AliyunSmsProvider(settings(gateway, { timeoutMs: 300 })));
    expect(err.reason).toBe('timeout');
    // the SDK's message quotes the URL with the fields: neither the phone nor the code is kept
    expect(err.detail.errorMessage).toMatch(/(Read|Connect)Timeout/);
    expect(err.detail.errorMessage).not.toMatch(/13800000001|493817/);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(gateway.received).toHaveLength(1); // no retry behind our back
  });
});

describe('Tencent Cloud adapter (SMS 2021-01-11 SendSms)', () => {
  let gateway: FakeSmsGateway;
  useFakeGateway('tencent', (started) => (gateway = started));

  it('sends the code to the +86 number with the app id and the purpose’s template, signed with TC3', async () => {
    const receipt = await new TencentSmsProvider(settings(gateway)).send(ctx, message('editphone', '770021'));
    const [req] = gateway.received;
    expect(req.method).toBe('POST');
    expect(req.headers['x-tc-action']).toBe('SendSms');
    expect(req.headers['x-tc-version']).toBe('2021-01-11');
    expect(req.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(req.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=LTAI5tTestKeyId\/\d{4}-\d{2}-\d{2}\/[^/]+\/tc3_request, /);
    expect(req.signatureValid).toBe(true);
    expect(JSON.parse(req.body)).toEqual({
      PhoneNumberSet: ['+8613800000001'],
      SmsSdkAppId: '1400123456',
      SignName: '学途',
      TemplateId: templates.editphone,
      TemplateParamSet: ['770021'],
    });
    expect(receipt).toEqual({ requestId: gateway.lastRequestId, messageId: expect.stringMatching(/^2433:/) });
  });

  it('is refused with a wrong secret (the fake checks the signature)', async () => {
    const err = await refusal(new TencentSmsProvider(settings(gateway, { accessKeySecret: 'another-secret' })));
    expect(gateway.received[0].signatureValid).toBe(false);
    expect(err).toMatchObject({ reason: 'unavailable', detail: { errorCode: 'AuthFailure.SignatureFailure' } });
  });

  it('reads a refusal from the number’s SendStatus and from Response.Error, with the request id', async () => {
    const provider = new TencentSmsProvider(settings(gateway, { region: 'ap-beijing' }));
    gateway.reply({
      kind: 'refuse',
      code: 'LimitExceeded.PhoneNumberDailyLimit',
      message: 'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
    });
    expect(await refusal(provider)).toMatchObject({
      reason: 'throttled',
      detail: { errorCode: 'LimitExceeded.PhoneNumberDailyLimit', requestId: gateway.lastRequestId },
    });
    expect(gateway.received[0].headers['x-tc-region']).toBe('ap-beijing');
    gateway.reply({ kind: 'refuse', code: 'FailedOperation.InsufficientBalanceInSmsPackage', message: 'insufficient balance' });
    expect((await refusal(provider)).reason).toBe('unavailable');
    gateway.reply({ kind: 'error', code: 'InvalidParameterValue.IncorrectPhoneNumber', message: 'incorrect number' });
    expect(await refusal(provider)).toMatchObject({
      reason: 'bad_number',
      detail: { errorCode: 'InvalidParameterValue.IncorrectPhoneNumber', requestId: gateway.lastRequestId },
    });
    gateway.reply({ kind: 'error', code: 'FailedOperation.TemplateIncorrectOrUnapproved', message: 'template unapproved' });
    expect((await refusal(provider)).reason).toBe('unavailable');
  });

  it('gives up after SMS_TIMEOUT_MS when the gateway never answers', async () => {
    gateway.reply({ kind: 'hang' });
    const started = Date.now();
    const err = await refusal(new TencentSmsProvider(settings(gateway, { timeoutMs: 300 })));
    expect(err.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe('scrub', () => {
  it('drops URL queries and masks phone numbers in an error message', () => {
    expect(
      scrub(
        'connect ECONNREFUSED 127.0.0.1:1POST http://h/?PhoneNumbers=13800000001&TemplateParam=%7B%22code%22%3A%22123456%22%7D failed.',
      ),
    ).toBe('connect ECONNREFUSED 127.0.0.1:1POST http://h/?… failed.');
    expect(scrub('number 13800000001 refused')).toBe('number 138****0001 refused');
  });
});

describe('SMS_ENDPOINT', () => {
  it('takes a host (https) or a URL with its protocol', () => {
    expect(parseSmsEndpoint('dysmsapi.aliyuncs.com')).toEqual({ protocol: 'https', host: 'dysmsapi.aliyuncs.com' });
    expect(parseSmsEndpoint('http://127.0.0.1:9000/')).toEqual({ protocol: 'http', host: '127.0.0.1:9000' });
    expect(parseSmsEndpoint('https://sms.internal:8443')).toEqual({ protocol: 'https', host: 'sms.internal:8443' });
  });
});
