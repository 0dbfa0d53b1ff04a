import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_LENGTH, SMS_COUNTDOWN_LONG_S, SMS_COUNTDOWN_SHORT_S } from '@xuetu/contract';
import type { Caller } from '../../platform/caller.ts';
import { bumpCounter, readCounters } from '../../platform/counters.ts';
import { appError } from '../../platform/errors.ts';
import { claimOnce } from '../../platform/markers.ts';
import { smsProvider } from '../../platform/sms.ts';
import { latestOutboxMessage } from './repository.ts';

// SMS verification codes (DESIGN.md §4): 6 digits, 5 minutes, single use, bound to phone and
// purpose, at most 5 wrong tries, resend no sooner than the countdown. The code itself lives in
// ctx.cache (losing it only ends the code); the send limits and wrong tries are counters in the
// database (platform/counters.ts), so no restart or cache flush resets them.

export type CodePurpose = 'login' | 'register' | 'reset' | 'editphone' | 'editpwd' | 'cancel';

export const CODE_TTL_S = 5 * 60;
export const CODE_MAX_TRIES = 5;
export const SMS_LIMITS = {
  perPhonePerDay: 10,
  perIpPerHour: 30,
  perIpPerDay: 100,
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

/**
 * Issues a code for phone + purpose and hands it to the gateway. `deliver: false` runs every limit
 * and answers the same but sends nothing (the phone has no account: no enumeration). The limits
 * count per the caller's IP; the gateway logs to the caller's logger.
 */
export async function sendCode(caller: Caller, opts: { phone: string; purpose: CodePurpose; deliver?: boolean }): Promise<void> {
  const { ctx, ip, now } = caller;
  const { phone, purpose } = opts;
  const day = today(now);
  if ((await bumpCounter(ctx, `sms:cool:${purpose}:${phone}`, countdownOf(purpose), now)) > 1) throw appError('SMS_CODE_TOO_SOON');
  if ((await bumpCounter(ctx, `sms:ip:h:${ip}`, 3600, now)) > SMS_LIMITS.perIpPerHour) throw appError('SMS_IP_LIMIT');
  if ((await bumpCounter(ctx, `sms:ip:d:${ip}:${day}`, 86_400, now)) > SMS_LIMITS.perIpPerDay) throw appError('SMS_IP_LIMIT');
  if ((await bumpCounter(ctx, `sms:day:${phone}:${day}`, 86_400, now)) > SMS_LIMITS.perPhonePerDay) throw appError('SMS_DAILY_LIMIT');
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const nonce = randomBytes(12).toString('base64url');
  await ctx.cache.set(codeKey(purpose, phone), { nonce, hash: hashCode(nonce, code) } satisfies StoredCode, CODE_TTL_S);
  if (opts.deliver === false) return;
  await smsProvider(ctx, caller.log).send(ctx, {
    sentAt: now,
    phone,
    purpose,
    code,
    content: `【学途】您的${PURPOSE_TEXT[purpose]}验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
  });
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
