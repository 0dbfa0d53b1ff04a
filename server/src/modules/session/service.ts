import { Msg } from '@xuetu/contract';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { createSession } from '../../platform/sessions.ts';
import { findUserByAccount, type UserRow } from './repository.ts';

/** Why a user cannot sign in, or null when they can. */
export function signInRefusal(user: UserRow): string | null {
  if (user.cancelledAt) return Msg.accountCancelled;
  if (!user.passwordHash) return Msg.accountNotActivated;
  if (user.status !== 1) return Msg.accountDisabled;
  if (user.validDate && user.validDate.getTime() < Date.now()) return '该账号已过有效期，请联系管理员';
  return null;
}

/** Account code + password. The same answer for an unknown account and a wrong password. */
export async function loginWithPassword(ctx: AppContext, username: string, password: string, meta: { ip: string; userAgent?: string }) {
  const user = await findUserByAccount(ctx.db, username);
  const valid = await verifyPassword(password, user?.passwordHash);
  if (!user || !valid) throw fail(Msg.loginFailed);
  const refusal = signInRefusal(user);
  if (refusal) throw fail(refusal);
  const token = await createSession(ctx, user.id, meta);
  return { token, mustChangePassword: user.mustChangePassword };
}
