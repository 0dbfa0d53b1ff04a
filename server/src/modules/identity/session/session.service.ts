import type { AppErrorCode, UserInfo } from '@xuetu/contract';
import { EnableStatus } from '@xuetu/contract';
import { userInfoCacheKey } from '../../../platform/actor.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError, unauthorized } from '../../../platform/errors.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import { findUserByAccount, findUserWithLabels, type UserRow } from '../../directory/public.ts';
import { setupPasswordExpired } from '../account/first-admin.ts';
import { guarded } from '../account/guard.ts';
import { askDirectory, directoryRefusal } from '../connections/directory-signin.ts';
import { presentUserInfo } from './session.presenter.ts';
import { createSession, revokeSession } from './sessions.ts';

const USER_INFO_TTL_S = 30;

/** Why a user cannot sign in at `now` (the caller's time), or null when they can. */
export function signInRefusal(user: UserRow, now: Date): AppErrorCode | null {
  if (user.cancelledAt) return 'ACCOUNT_CANCELLED';
  if (!user.passwordHash) return 'ACCOUNT_NOT_ACTIVATED';
  if (user.status !== EnableStatus.Enabled) return 'ACCOUNT_DISABLED';
  if (user.validDate && user.validDate.getTime() < now.getTime()) return 'ACCOUNT_EXPIRED';
  return null;
}

/** A new session for a user who proved who they are, from the caller's IP and user agent. */
export function openSession(caller: Caller, userId: number): Promise<string> {
  return createSession(caller.ctx, userId, { ip: caller.ip, userAgent: caller.userAgent }, caller.now);
}

/**
 * Account code + password. The same answer for an unknown account and a wrong password.
 * Failures count per account and IP: a captcha pass is demanded after repeated ones (account/guard.ts).
 */
export async function loginWithPassword(caller: Caller, input: { username: string; password: string; ticket?: string; randstr?: string }) {
  const user = await guarded(
    caller,
    { scope: 'login', account: input.username, ticket: input.ticket, randstr: input.randstr },
    async (): Promise<UserRow> => {
      // a company's directory vouches for its people here too (issue 41): an account of a company
      // with a directory never signs in with its Xuetu password, so a person the directory
      // disabled or removed has no way back through this older call either
      const directory = await askDirectory(caller, input.username, input.password);
      const found = await findUserByAccount(caller.ctx.db, input.username);
      const local = found && !(found.companySysCode && directory?.companies.has(found.companySysCode)) ? found : undefined;
      const valid = await verifyPassword(input.password, local?.passwordHash);
      if (local && valid) return local;
      const vouched = directory?.accounts[0];
      if (vouched) return vouched;
      return directoryRefusal(directory, local?.passwordHash ? 1 : 0);
    },
  );
  const refusal = signInRefusal(user, caller.now);
  if (refusal) throw appError(refusal);
  // the first administrator's temporary password (admin:create) works for a day only
  if (await setupPasswordExpired(caller, user)) throw appError('ACCOUNT_EXPIRED');
  const token = await openSession(caller, user.id);
  return { token, mustChangePassword: user.mustChangePassword };
}

/** LoginOut: ends the caller's session (nothing when there is none). */
export async function logout(caller: Caller): Promise<void> {
  if (caller.actor) await revokeSession(caller.ctx, caller.actor.sessionId, caller.now);
}

/** GetUserInfo: the caller's profile and labels, cached briefly (it runs on every page load). */
export async function currentUserInfo(caller: Caller): Promise<UserInfo> {
  const { ctx } = caller;
  const { userId } = requireActor(caller);
  const key = userInfoCacheKey(userId);
  const cached = await ctx.cache.get<UserInfo>(key);
  if (cached) return cached;
  const found = await findUserWithLabels(ctx.db, userId);
  if (!found) throw unauthorized();
  const info = presentUserInfo(found.user, found.labels);
  // changes to the user go through invalidateActor; renamed departments or posts show within the TTL
  await ctx.cache.set(key, info, USER_INFO_TTL_S);
  return info;
}
