import type { FastifyBaseLogger } from 'fastify';
import { smsOutbox } from '../db/schema/index.ts';
import type { AppContext } from './context.ts';

// The SMS gateway behind one interface (DESIGN.md §4). `outbox`, the embedded default, writes each
// message to the log and the sms_outbox table instead of sending it. Gateway adapters (Aliyun,
// Tencent Cloud) plug in here, configured by their own environment.

export interface SmsMessage {
  phone: string;
  /** what the code is for: login, register, reset, editphone, editpwd, cancel */
  purpose: string;
  content: string;
  /** the verification code, when the message carries one */
  code?: string;
  /** when it is sent: the caller's `now` */
  sentAt: Date;
}

export interface SmsProvider {
  readonly name: string;
  send(ctx: AppContext, message: SmsMessage): Promise<void>;
}

export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(private readonly log?: FastifyBaseLogger) {}

  async send(ctx: AppContext, m: SmsMessage): Promise<void> {
    await ctx.db
      .insert(smsOutbox)
      .values({ phone: m.phone, purpose: m.purpose, content: m.content, code: m.code ?? '', createdAt: m.sentAt });
    this.log?.info({ sms: { phone: m.phone, purpose: m.purpose, content: m.content } }, 'sms outbox');
  }
}

/** A gateway that is selected but not configured on this server: sending fails loudly. */
export class UnconfiguredSmsProvider implements SmsProvider {
  constructor(readonly name: string) {}
  async send(): Promise<void> {
    throw new Error(`SMS_PROVIDER=${this.name}: the gateway adapter is not configured on this server`);
  }
}

let override: SmsProvider | null = null;

/** Tests replace the gateway (the one thing they may mock). */
export function setSmsProvider(provider: SmsProvider | null): void {
  override = provider;
}

export function smsProvider(ctx: AppContext, log?: FastifyBaseLogger): SmsProvider {
  if (override) return override;
  if (ctx.env.SMS_PROVIDER === 'outbox') return new OutboxSmsProvider(log);
  return new UnconfiguredSmsProvider(ctx.env.SMS_PROVIDER);
}

/** 138****0001 */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone ? `${phone.slice(0, 1)}****` : '';
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
