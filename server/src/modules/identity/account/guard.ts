import type { NeedCaptcha } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { verifyCaptcha } from '../../../platform/captcha.ts';
import { bumpCounters, clearCounters, readCounters } from '../../../platform/counters.ts';
import { AppError, appError } from '../../../platform/errors.ts';

// Brute force: failures are counted per account (or phone) and per IP. Past a threshold the next
// try needs a captcha pass — never a lockout someone else could trigger against an account.
// Only an IP far beyond any human rate is refused outright. The counters live in the database
// (platform/counters.ts): losing the cache must not reset them. The IP is the caller's.

export const GUARD_LIMITS = {
  /** failures of one account within the window before a captcha is demanded */
  perAccount: 5,
  /** failures from one IP within the window before a captcha is demanded */
  perIp: 20,
  /** failures from one IP within an hour before it is refused (429) */
  ipHard: 300,
  windowS: 15 * 60,
};

export type GuardScope = 'login' | 'code' | 'register' | 'reset';

const needCaptcha: NeedCaptcha = { needCaptcha: true };
const accountKey = (scope: GuardScope, account: string) => `bf:${scope}:a:${account.toLowerCase()}`;
const ipKey = (scope: GuardScope, ip: string) => `bf:${scope}:ip:${ip}`;
const ipHardKey = (ip: string) => `bf:iphard:${ip}`;

interface Attempt {
  scope: GuardScope;
  account: string;
  ticket?: string;
  randstr?: string;
}

/** Call before checking a credential: demands a captcha pass when failures piled up. */
export async function guardAttempt(caller: Caller, a: Attempt): Promise<void> {
  const { ctx, ip } = caller;
  const [hard, byAccount, byIp] = await readCounters(ctx, [ipHardKey(ip), accountKey(a.scope, a.account), ipKey(a.scope, ip)], caller.now);
  if (hard >= GUARD_LIMITS.ipHard) throw appError('TOO_MANY_REQUESTS');
  if (byAccount < GUARD_LIMITS.perAccount && byIp < GUARD_LIMITS.perIp) return;
  if (ctx.env.CAPTCHA_PROVIDER === 'none') return;
  if (!a.ticket) throw appError('TOO_MANY_FAILURES', needCaptcha);
  if (!(await verifyCaptcha(ctx, a.ticket, a.randstr))) throw appError('CAPTCHA_FAILED', needCaptcha);
}

export async function recordFailure(caller: Caller, a: Pick<Attempt, 'scope' | 'account'>): Promise<void> {
  const { ip } = caller;
  await bumpCounters(
    caller.ctx,
    [
      { key: accountKey(a.scope, a.account), windowSeconds: GUARD_LIMITS.windowS },
      { key: ipKey(a.scope, ip), windowSeconds: GUARD_LIMITS.windowS },
      { key: ipHardKey(ip), windowSeconds: 3600 },
    ],
    caller.now,
  );
}

export async function recordSuccess(caller: Caller, a: Pick<Attempt, 'scope' | 'account'>): Promise<void> {
  await clearCounters(caller.ctx, [accountKey(a.scope, a.account)]);
}

/** Runs `check`; a business failure it throws counts against the account and the IP. */
export async function guarded<T>(caller: Caller, a: Attempt, check: () => Promise<T>): Promise<T> {
  await guardAttempt(caller, a);
  try {
    const result = await check();
    await recordSuccess(caller, a);
    return result;
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 200) await recordFailure(caller, a);
    throw err;
  }
}

/**
 * The first SMS send (and the first reset step) needs a captcha pass; later sends for the same
 * subject from the caller's IP within 30 minutes skip it. The send limits still apply to them.
 */
export async function requireCaptchaOrGrant(
  caller: Caller,
  g: { purpose: string; subject: string; ticket?: string; randstr?: string },
): Promise<void> {
  const { ctx } = caller;
  if (ctx.env.CAPTCHA_PROVIDER === 'none') return;
  const key = `cap:grant:${g.purpose}:${g.subject.toLowerCase()}:${caller.ip}`;
  if (g.ticket) {
    if (!(await verifyCaptcha(ctx, g.ticket, g.randstr))) throw appError('CAPTCHA_FAILED', needCaptcha);
    await ctx.cache.set(key, 1, 30 * 60);
    return;
  }
  if (await ctx.cache.get<number>(key)) return;
  throw appError('CAPTCHA_REQUIRED', needCaptcha);
}
