import type { FastifyBaseLogger } from 'fastify';
import type { SmsPurpose } from '../config/sms.ts';
import { smsAttempts, smsOutbox } from '../db/schema/index.ts';
import type { AppContext } from './context.ts';
import { AliyunSmsProvider } from './sms-aliyun.ts';
import { gatewaySettings, type SmsReceipt, SmsSendError, scrub } from './sms-gateway.ts';
import { TencentSmsProvider } from './sms-tencent.ts';

export { type SmsFailureReason, type SmsReceipt, SmsSendError } from './sms-gateway.ts';

// The SMS gateway behind one interface (DESIGN.md §4). `outbox`, the embedded default, writes each
// message to the log and the sms_outbox table instead of sending it; `aliyun` and `tencent` hand it
// to the vendor's SDK (sms-aliyun.ts, sms-tencent.ts), configured by the SMS_* environment.

export interface SmsMessage {
  phone: string;
  /** what the code is for: login, register, reset, editphone, editpwd, cancel (each has its template) */
  purpose: SmsPurpose;
  content: string;
  /** the verification code, when the message carries one */
  code?: string;
  /** when it is sent: the caller's `now` */
  sentAt: Date;
}

export interface SmsProvider {
  readonly name: string;
  /** Sends or throws: SmsSendError when the gateway refuses or does not answer in time. */
  // biome-ignore lint/suspicious/noConfusingVoidType: fakes set with setSmsProvider may return Promise<void>
  send(ctx: AppContext, message: SmsMessage): Promise<SmsReceipt | void>;
}

export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(private readonly log?: FastifyBaseLogger) {}

  async send(ctx: AppContext, m: SmsMessage): Promise<void> {
    await ctx.db
      .insert(smsOutbox)
      .values({ phone: m.phone, purpose: m.purpose, content: m.content, code: m.code ?? '', createdAt: m.sentAt });
    this.log?.info({ sms: { phone: maskPhone(m.phone), purpose: m.purpose, content: m.content } }, 'sms outbox');
  }
}

// one SDK client per app (its keys and endpoint come from that app's env): ctx.locals

export function smsProvider(ctx: AppContext, log?: FastifyBaseLogger): SmsProvider {
  if (ctx.env.SMS_PROVIDER === 'outbox') return new OutboxSmsProvider(log);
  return ctx.locals.of<SmsProvider>('sms.gateway', () => {
    const settings = gatewaySettings(ctx.env);
    return ctx.env.SMS_PROVIDER === 'aliyun' ? new AliyunSmsProvider(settings) : new TencentSmsProvider(settings);
  });
}

/**
 * Hands a message to the configured gateway. Every hand-over to a real gateway is recorded in
 * sms_attempt (masked phone, outcome, the gateway's request id and error) and logged with the phone
 * masked; a refusal or a timeout throws SmsSendError after it is recorded.
 */
export async function deliverSms(ctx: AppContext, log: FastifyBaseLogger | undefined, m: SmsMessage): Promise<SmsReceipt> {
  let provider: SmsProvider;
  try {
    provider = smsProvider(ctx, log);
  } catch (err) {
    // a gateway without its settings (env.ts stops such a start; a test app may still build one)
    log?.error({ err }, 'sms gateway not configured');
    throw new SmsSendError('unavailable', { errorMessage: (err as Error).message });
  }
  // the outbox keeps its own table
  if (provider.name === 'outbox') return (await provider.send(ctx, m)) ?? {};
  const started = performance.now();
  let receipt: SmsReceipt = {};
  let failure: SmsSendError | undefined;
  try {
    receipt = (await provider.send(ctx, m)) ?? {};
  } catch (err) {
    failure = err instanceof SmsSendError ? err : new SmsSendError('unavailable', { errorMessage: String((err as Error)?.message ?? err) });
  }
  const phone = maskPhone(m.phone);
  const outcome = !failure ? 'sent' : failure.reason === 'timeout' ? 'timeout' : failure.detail.errorCode ? 'refused' : 'error';
  const requestId = failure ? failure.detail.requestId : receipt.requestId;
  // a vendor's message may quote the number
  const errorMessage = failure?.detail.errorMessage === undefined ? undefined : scrub(failure.detail.errorMessage).slice(0, 500);
  await ctx.db.insert(smsAttempts).values({
    provider: provider.name,
    purpose: m.purpose,
    phoneMasked: phone,
    outcome,
    requestId: requestId || null,
    messageId: receipt.messageId || null,
    errorCode: failure?.detail.errorCode ?? null,
    errorMessage: errorMessage ?? null,
    durationMs: Math.round(performance.now() - started),
    createdAt: m.sentAt,
  });
  const entry = { provider: provider.name, purpose: m.purpose, phone, outcome, requestId, errorCode: failure?.detail.errorCode };
  if (failure) {
    log?.warn({ sms: { ...entry, errorMessage } }, 'sms not sent');
    throw failure;
  }
  log?.info({ sms: entry }, 'sms sent');
  return receipt;
}

/** 138****0001 */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone ? `${phone.slice(0, 1)}****` : '';
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
