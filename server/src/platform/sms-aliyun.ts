import * as Dysms from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { SmsMessage, SmsProvider } from './sms.ts';
import { type GatewaySettings, type SmsFailureReason, type SmsReceipt, SmsSendError, transportFailure } from './sms-gateway.ts';

// Aliyun SMS (dysmsapi 2017-05-25, SendSms) through the vendor's SDK. The SDK signs with
// ACS3-HMAC-SHA256 (the Authorization header) and sends the fields as query parameters; a business
// refusal comes back as HTTP 200 with Code other than "OK", a malformed call as HTTP 4xx.

// the package is CommonJS with `exports.default`: under Node's ESM loader the default import is
// the whole exports object, under a bundler the class itself
const DysmsClient: typeof Dysms.default = (Dysms.default as unknown as { default?: typeof Dysms.default }).default ?? Dysms.default;

/** Aliyun error codes (SendSms) and what the person waiting is told. */
export function aliyunReason(code: string): SmsFailureReason {
  if (code.startsWith('Throttling') || code.endsWith('LIMIT_CONTROL')) return 'throttled';
  if (code === 'isv.MOBILE_NUMBER_ILLEGAL' || code === 'isv.DOMESTIC_NUMBER_NOT_SUPPORTED') return 'bad_number';
  // no balance (isv.AMOUNT_NOT_ENOUGH), template or signature not approved, bad keys: the operator's to fix
  return 'unavailable';
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private readonly client: InstanceType<typeof DysmsClient>;

  constructor(private readonly settings: GatewaySettings) {
    this.client = new DysmsClient(
      new $OpenApiUtil.Config({
        accessKeyId: settings.accessKeyId,
        accessKeySecret: settings.accessKeySecret,
        regionId: settings.region ?? 'cn-hangzhou',
        endpoint: settings.endpoint?.host ?? 'dysmsapi.aliyuncs.com',
        protocol: settings.endpoint?.protocol === 'http' ? 'HTTP' : 'HTTPS',
        connectTimeout: settings.timeoutMs,
        readTimeout: settings.timeoutMs,
      }),
    );
  }

  async send(_ctx: unknown, m: SmsMessage): Promise<SmsReceipt> {
    const request = new Dysms.SendSmsRequest({
      phoneNumbers: m.phone,
      signName: this.settings.signName,
      templateCode: this.settings.templates[m.purpose],
      templateParam: JSON.stringify({ code: m.code ?? '' }),
    });
    let body: Dysms.SendSmsResponseBody | undefined;
    try {
      body = (await this.client.sendSms(request)).body;
    } catch (err) {
      // HTTP 4xx/5xx: the SDK's ClientError / ServerError / ThrottlingError carry the vendor's code
      const e = err as { code?: string; requestId?: string; data?: { Message?: string }; message?: string };
      if (e.code && e.requestId !== undefined)
        throw new SmsSendError(aliyunReason(e.code), {
          requestId: e.requestId,
          errorCode: e.code,
          errorMessage: e.data?.Message ?? e.message,
        });
      throw transportFailure(err);
    }
    if (body?.code !== 'OK')
      throw new SmsSendError(aliyunReason(body?.code ?? ''), {
        requestId: body?.requestId,
        errorCode: body?.code ?? 'NO_CODE',
        errorMessage: body?.message,
      });
    return { requestId: body.requestId, messageId: body.bizId };
  }
}
