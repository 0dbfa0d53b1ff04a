import * as tencentSms from 'tencentcloud-sdk-nodejs-sms';
import type { SmsMessage, SmsProvider } from './sms.ts';
import { type GatewaySettings, type SmsFailureReason, type SmsReceipt, SmsSendError, transportFailure } from './sms-gateway.ts';

// Tencent Cloud SMS (API 2021-01-11, SendSms) through the vendor's SDK: a JSON POST signed with
// TC3-HMAC-SHA256. A refused call answers Response.Error (the SDK throws it with the code and the
// request id); an accepted call answers a SendStatus per number, whose Code is "Ok" or the reason.

const SmsClient = tencentSms.sms.v20210111.Client;

/** Tencent error codes (SendSms / SendStatus) and what the person waiting is told. */
export function tencentReason(code: string): SmsFailureReason {
  if (code.startsWith('LimitExceeded') || code.startsWith('RequestLimitExceeded')) return 'throttled';
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.PhoneNumberInBlacklist' ||
    code === 'FailedOperation.PhoneNumberParseFail' ||
    code === 'UnsupportedOperation.UnsupportedRegion'
  )
    return 'bad_number';
  // no package balance (FailedOperation.InsufficientBalanceInSmsPackage), template or signature
  // not approved, AuthFailure.*: the operator's to fix
  return 'unavailable';
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  private readonly client: InstanceType<typeof SmsClient>;

  constructor(private readonly settings: GatewaySettings) {
    this.client = new SmsClient({
      credential: { secretId: settings.accessKeyId, secretKey: settings.accessKeySecret },
      region: settings.region ?? 'ap-guangzhou',
      profile: {
        httpProfile: {
          endpoint: settings.endpoint?.host ?? 'sms.tencentcloudapi.com',
          protocol: `${settings.endpoint?.protocol ?? 'https'}://`,
          // the SDK counts seconds
          reqTimeout: settings.timeoutMs / 1000,
        },
      },
    });
  }

  async send(_ctx: unknown, m: SmsMessage): Promise<SmsReceipt> {
    let res: Awaited<ReturnType<typeof this.client.SendSms>>;
    try {
      res = await this.client.SendSms({
        // spec: mainland numbers (1[3-9] + 9 digits); Tencent wants E.164
        PhoneNumberSet: [`+86${m.phone}`],
        SmsSdkAppId: this.settings.sdkAppId ?? '',
        SignName: this.settings.signName,
        TemplateId: this.settings.templates[m.purpose],
        TemplateParamSet: [m.code ?? ''],
      });
    } catch (err) {
      const e = err as { code?: string; requestId?: string; message?: string };
      if (e.code) throw new SmsSendError(tencentReason(e.code), { requestId: e.requestId, errorCode: e.code, errorMessage: e.message });
      throw transportFailure(err, e.requestId || undefined);
    }
    const status = res.SendStatusSet?.[0];
    if (status?.Code !== 'Ok')
      throw new SmsSendError(tencentReason(status?.Code ?? ''), {
        requestId: res.RequestId,
        errorCode: status?.Code ?? 'NO_STATUS',
        errorMessage: status?.Message,
      });
    return { requestId: res.RequestId, messageId: status.SerialNo };
  }
}
