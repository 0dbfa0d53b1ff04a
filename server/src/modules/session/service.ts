import type { AppErrorCode } from '@xuetu/contract';
import type { AppContext } from '../../platform/context.ts';
import { appError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { createSession } from '../../platform/sessions.ts';
import { guarded } from '../account/guard.ts';
import { findUserByAccount, type UserRow } from './repository.ts';

/** Why a user cannot sign in, or null when they can. */
export function signInRefusal(user: UserRow): AppErrorCode | null {
  if (user.cancelledAt) return 'ACCOUNT_CANCELLED';
  if (!user.passwordHash) return 'ACCOUNT_NOT_ACTIVATED';
  if (user.status !== 1) return 'ACCOUNT_DISABLED';
  if (user.validDate && user.validDate.getTime() < Date.now()) return 'ACCOUNT_EXPIRED';
  return null;
}

/**
 * Account code + password. The same answer for an unknown account and a wrong password.
 * Failures count per account and IP: a captcha pass is demanded after repeated ones (account/guard.ts).
 */
export async function loginWithPassword(
  ctx: AppContext,
  username: string,
  password: string,
  meta: { ip: string; userAgent?: string; ticket?: string; randstr?: string },
) {
  const user = await guarded(
    ctx,
    { scope: 'login', account: username, ip: meta.ip, ticket: meta.ticket, randstr: meta.randstr },
    async () => {
      const found = await findUserByAccount(ctx.db, username);
      const valid = await verifyPassword(password, found?.passwordHash);
      if (!found || !valid) throw appError('LOGIN_FAILED');
      return found;
    },
  );
  const refusal = signInRefusal(user);
  if (refusal) throw appError(refusal);
  const token = await createSession(ctx, user.id, { ip: meta.ip, userAgent: meta.userAgent });
  return { token, mustChangePassword: user.mustChangePassword };
}
