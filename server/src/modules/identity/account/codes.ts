import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { type AppErrorCode, SMS_CODE_LENGTH, SMS_COUNTDOWN_LONG_S, SMS_COUNTDOWN_SHORT_S } from '@xuetu/contract';
import type { SmsPurpose } from '../../../config/sms.ts';
import type { Caller } from '../../../platform/caller.ts';
import { bumpCounter, readCounters, releaseCounters } from '../../../platform/counters.ts';
import { appError } from '../../../platform/errors.ts';
import { claimOnce } from '../../../platform/markers.ts';
import { deliverSms, type SmsFailureReason, SmsSendError } from '../../../platform/sms.ts';
import { latestOutboxMessage } from './account.repository.ts';

// SMS verification codes (DESIGN.md §4): 6 digits, 5 minutes, single use, bound to phone and
// purpose, at most 5 wrong tries, resend no sooner than the countdown. The code itself lives in
// ctx.cache (losing it only ends the code); the send limits and wrong tries are counters in the
// database (platform/counters.ts), so no restart or cache flush resets them.

/** login, register, reset, editphone, editpwd, cancel: each has its gateway template (config/sms.ts) */
export type CodePurpose = SmsPurpose;

export const CODE_TTL_S = 5 * 60;
export const CODE_MAX_TRIES = 5;
export const SMS_LIMITS = {
  perPhonePerDay: 10,
  perIpPerHour: 30,
  perIpPerDay: 100,
  /** sends the gateway refused (they give back the allowances above) */
  refusedPerIpPerHour: 20,
};

/** spec §9: 60 s on registration, login and reset; 120 s on phone change, password change, cancellation */
export function countdownOf(purpose: CodePurpose): number {
  return purpose === 'editphone' || purpose === 'editpwd' || purpose === 'cancel' ? SMS_COUNTDOWN_LONG_S : SMS_COUNTDOWN_SHORT_S;
}

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  login: '登录',
  register: '注册激活',
  reset: '找回密码',
  editphone: '修改手机号',
  editpwd: '修改密码',
  cancel: '注销账户',
};

interface StoredCode {
  nonce: string;
  hash: string;
}

const codeKey = (purpose: CodePurpose, phone: string) => `sms:code:${purpose}:${phone}`;
const hashCode = (nonce: string, code: string) => createHash('sha256').update(`${nonce}:${code}`).digest('hex');
/** the caller's day in China time (the daily send limits) */
const today = (now: Date) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

const GATEWAY_ERRORS: Record<SmsFailureReason, AppErrorCode> = {
  throttled: 'SMS_GATEWAY_THROTTLED',
  bad_number: 'SMS_GATEWAY_BAD_NUMBER',
  unavailable: 'SMS_GATEWAY_UNAVAILABLE',
  timeout: 'SMS_GATEWAY_TIMEOUT',
};

/**
 * Issues a code for phone + purpose and hands it to the gateway. `deliver: false` runs every limit
 * and answers the same but sends nothing (the phone has no account: no enumeration). The limits
 * count per the caller's IP; the gateway logs to the caller's logger.
 *
 * A message the gateway refuses (or does not take in time) issues nothing: the code the person may
 * already hold stays the valid one, and the send counts against none of the limits (their next try
 * is not "too soon"). Those refusals are capped per IP on their own, so a broken gateway cannot be
 * driven without limit.
 */
export async function sendCode(caller: Caller, opts: { phone: string; purpose: CodePurpose; deliver?: boolean }): Promise<void> {
  const { ctx, ip, now } = caller;
  const { phone, purpose } = opts;
  const day = today(now);
  const refusedKey = `sms:refused:ip:h:${ip}`;
  if ((await readCounters(ctx, [refusedKey], now))[0] >= SMS_LIMITS.refusedPerIpPerHour) throw appError('SMS_IP_LIMIT');
  const limits: { key: string; windowSeconds: number; max: number; error: AppErrorCode }[] = [
    { key: `sms:cool:${purpose}:${phone}`, windowSeconds: countdownOf(purpose), max: 1, error: 'SMS_CODE_TOO_SOON' },
    { key: `sms:ip:h:${ip}`, windowSeconds: 3600, max: SMS_LIMITS.perIpPerHour, error: 'SMS_IP_LIMIT' },
    { key: `sms:ip:d:${ip}:${day}`, windowSeconds: 86_400, max: SMS_LIMITS.perIpPerDay, error: 'SMS_IP_LIMIT' },
    { key: `sms:day:${phone}:${day}`, windowSeconds: 86_400, max: SMS_LIMITS.perPhonePerDay, error: 'SMS_DAILY_LIMIT' },
  ];
  for (const limit of limits) {
    if ((await bumpCounter(ctx, limit.key, limit.windowSeconds, now)) > limit.max) throw appError(limit.error);
  }
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const nonce = randomBytes(12).toString('base64url');
  const stored: StoredCode = { nonce, hash: hashCode(nonce, code) };
  if (opts.deliver !== false) {
    try {
      await deliverSms(ctx, caller.log, {
        sentAt: now,
        phone,
        purpose,
        code,
        content: `【学途】您的${PURPOSE_TEXT[purpose]}验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
      });
    } catch (err) {
      if (!(err instanceof SmsSendError)) throw err;
      await releaseCounters(
        ctx,
        limits.map((l) => l.key),
        now,
      );
      await bumpCounter(ctx, refusedKey, 3600, now);
      throw appError(GATEWAY_ERRORS[err.reason]);
    }
  }
  // stored once the gateway took the message: a refused one leaves the earlier code valid
  await ctx.cache.set(codeKey(purpose, phone), stored, CODE_TTL_S);
}

/**
 * Checks a code; `consume` ends it (the final step of a flow). Wrong codes count against the
 * code: the fifth wrong try ends it.
 */
export async function verifyCode(
  caller: Caller,
  opts: { phone: string; purpose: CodePurpose; code: string; consume: boolean },
): Promise<void> {
  const { ctx, now } = caller;
  const key = codeKey(opts.purpose, opts.phone);
  const stored = await ctx.cache.get<StoredCode>(key);
  if (!stored) throw appError('SMS_CODE_EXPIRED');
  // the tries of this code (its nonce) are counted in the database: evicting them cannot reset them
  const triesKey = `sms:tries:${stored.nonce}`;
  if ((await readCounters(ctx, [triesKey], now))[0] >= CODE_MAX_TRIES) throw appError('SMS_CODE_TOO_MANY_TRIES');
  const expected = Buffer.from(stored.hash, 'hex');
  const actual = Buffer.from(hashCode(stored.nonce, opts.code.trim()), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    const tries = await bumpCounter(ctx, triesKey, CODE_TTL_S, now);
    if (tries >= CODE_MAX_TRIES) {
      await ctx.cache.del(key);
      throw appError('SMS_CODE_TOO_MANY_TRIES');
    }
    throw appError('SMS_CODE_WRONG');
  }
  if (!opts.consume) return;
  // single use even when two requests race: only the first claim wins
  if (!(await claimOnce(ctx, `sms:claim:${stored.nonce}`, CODE_TTL_S, now))) throw appError('SMS_CODE_EXPIRED');
  await ctx.cache.del(key);
}

/** The latest message the SMS outbox holds for a phone (the dev route; the route checks the outbox is on). */
export async function latestSmsForDev(caller: Caller, phone: string) {
  const row = await latestOutboxMessage(caller.ctx.db, phone);
  if (!row) throw appError('SMS_OUTBOX_EMPTY');
  return { phone: row.phone, purpose: row.purpose, code: row.code, content: row.content, createdAt: row.createdAt.toISOString() };
}
