import type { Env } from '../config/env.ts';
import { parseSmsEndpoint, SMS_TEMPLATE_VARS, type SmsPurpose } from '../config/sms.ts';

// What the gateway adapters (sms-aliyun.ts, sms-tencent.ts) share: their settings read from the
// environment, the error a refusal raises, and how a failure is sorted for the person waiting.

/** Why a message did not go out; each answers its own Chinese message (contract: SMS_GATEWAY_*). */
export type SmsFailureReason = 'throttled' | 'bad_number' | 'unavailable' | 'timeout';

/** What a gateway answers for an accepted message. */
export interface SmsReceipt {
  /** the gateway's request id (support tickets with the vendor quote it) */
  requestId?: string;
  /** the gateway's id of the message (Aliyun BizId, Tencent SerialNo) */
  messageId?: string;
}

/** The gateway refused the message, or did not answer in time. */
export class SmsSendError extends Error {
  constructor(
    readonly reason: SmsFailureReason,
    readonly detail: { requestId?: string; errorCode?: string; errorMessage?: string },
  ) {
    super(`sms ${reason}: ${detail.errorCode ?? ''} ${detail.errorMessage ?? ''}`.trim());
    this.name = 'SmsSendError';
  }
}

export interface GatewaySettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  region?: string;
  sdkAppId?: string;
  templates: Record<SmsPurpose, string>;
  endpoint?: { protocol: 'http' | 'https'; host: string };
  timeoutMs: number;
}

/** The gateway's settings; env.ts has already refused a start without the required ones. */
export function gatewaySettings(env: Env): GatewaySettings {
  const need = (key: keyof Env): string => {
    const v = env[key];
    if (typeof v !== 'string' || v === '') throw new Error(`${key}: required when SMS_PROVIDER=${env.SMS_PROVIDER}`);
    return v;
  };
  const templates = Object.fromEntries(Object.entries(SMS_TEMPLATE_VARS).map(([purpose, key]) => [purpose, need(key)])) as Record<
    SmsPurpose,
    string
  >;
  return {
    accessKeyId: need('SMS_ACCESS_KEY_ID'),
    accessKeySecret: need('SMS_ACCESS_KEY_SECRET'),
    signName: need('SMS_SIGN_NAME'),
    region: env.SMS_REGION,
    sdkAppId: env.SMS_PROVIDER === 'tencent' ? need('SMS_SDK_APP_ID') : env.SMS_SDK_APP_ID,
    templates,
    endpoint: env.SMS_ENDPOINT ? parseSmsEndpoint(env.SMS_ENDPOINT) : undefined,
    timeoutMs: env.SMS_TIMEOUT_MS ?? 5000,
  };
}

/** A failure without a vendor code (no answer, connection refused): a timeout or the gateway unreachable. */
export function transportFailure(err: unknown, requestId?: string): SmsSendError {
  const message = scrub(err instanceof Error ? err.message : String(err));
  const timedOut = /time(d)?\s?out|timeout|ETIMEDOUT|aborted/i.test(message);
  return new SmsSendError(timedOut ? 'timeout' : 'unavailable', { requestId, errorMessage: message.slice(0, 500) });
}

/**
 * An SDK's transport error quotes the URL it called, and Aliyun's carries the fields in its query:
 * the phone and the code. Neither may reach the log or sms_attempt.
 */
export function scrub(message: string): string {
  return message.replace(/\?\S*/g, '?…').replace(/(?<!\d)(1\d{2})\d{4}(\d{4})(?!\d)/g, '$1****$2');
}
