import { Msg, type NeedCaptcha } from '@xuetu/contract';
import { verifyCaptcha } from '../../platform/captcha.ts';
import type { AppContext } from '../../platform/context.ts';
import { bumpCounters, clearCounters, readCounters } from '../../platform/counters.ts';
import { AppError, appError } from '../../platform/errors.ts';

// Brute force: failures are counted per account (or phone) and per IP. Past a threshold the next
// try needs a captcha pass — never a lockout someone else could trigger against an account.
// Only an IP far beyond any human rate is refused outright. The counters live in the database
// (platform/counters.ts): losing the cache must not reset them.

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
  ip: string;
  ticket?: string;
  randstr?: string;
}

/** Call before checking a credential: demands a captcha pass when failures piled up. */
export async function guardAttempt(ctx: AppContext, a: Attempt): Promise<void> {
  const [hard, byAccount, byIp] = await readCounters(ctx, [ipHardKey(a.ip), accountKey(a.scope, a.account), ipKey(a.scope, a.ip)]);
  if (hard >= GUARD_LIMITS.ipHard) throw new AppError(Msg.tooManyRequests, 429, 429, null, 'TOO_MANY_REQUESTS');
  if (byAccount < GUARD_LIMITS.perAccount && byIp < GUARD_LIMITS.perIp) return;
  if (ctx.env.CAPTCHA_PROVIDER === 'none') return;
  if (!a.ticket) throw appError('TOO_MANY_FAILURES', needCaptcha);
  if (!(await verifyCaptcha(ctx, a.ticket, a.randstr))) throw appError('CAPTCHA_FAILED', needCaptcha);
}

export async function recordFailure(ctx: AppContext, a: Pick<Attempt, 'scope' | 'account' | 'ip'>): Promise<void> {
  await bumpCounters(ctx, [
    { key: accountKey(a.scope, a.account), windowSeconds: GUARD_LIMITS.windowS },
    { key: ipKey(a.scope, a.ip), windowSeconds: GUARD_LIMITS.windowS },
    { key: ipHardKey(a.ip), windowSeconds: 3600 },
  ]);
}

export async function recordSuccess(ctx: AppContext, a: Pick<Attempt, 'scope' | 'account'>): Promise<void> {
  await clearCounters(ctx, [accountKey(a.scope, a.account)]);
}

/** Runs `check`; a business failure it throws counts against the account and the IP. */
export async function guarded<T>(ctx: AppContext, a: Attempt, check: () => Promise<T>): Promise<T> {
  await guardAttempt(ctx, a);
  try {
    const result = await check();
    await recordSuccess(ctx, a);
    return result;
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 200) await recordFailure(ctx, a);
    throw err;
  }
}

/**
 * The first SMS send (and the first reset step) needs a captcha pass; later sends for the same
 * subject from the same IP within 30 minutes skip it. The send limits still apply to them.
 */
export async function requireCaptchaOrGrant(
  ctx: AppContext,
  g: { purpose: string; subject: string; ip: string; ticket?: string; randstr?: string },
): Promise<void> {
  if (ctx.env.CAPTCHA_PROVIDER === 'none') return;
  const key = `cap:grant:${g.purpose}:${g.subject.toLowerCase()}:${g.ip}`;
  if (g.ticket) {
    if (!(await verifyCaptcha(ctx, g.ticket, g.randstr))) throw appError('CAPTCHA_FAILED', needCaptcha);
    await ctx.cache.set(key, 1, 30 * 60);
    return;
  }
  if (await ctx.cache.get<number>(key)) return;
  throw appError('CAPTCHA_REQUIRED', needCaptcha);
}
