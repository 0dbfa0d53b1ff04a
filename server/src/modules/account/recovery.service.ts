import { randomBytes } from 'node:crypto';
import { AccountMsg, type ResetAccount } from '@xuetu/contract';
import { invalidateActor } from '../../platform/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { appError } from '../../platform/errors.ts';
import { hashPassword, isStrongPassword } from '../../platform/passwords.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { maskPhone } from '../../platform/sms.ts';
import { sendCode, verifyCode } from './codes.ts';
import { guarded, requireCaptchaOrGrant } from './guard.ts';
import { choice, maskedAccountLabel } from './presenter.ts';
import { findAccountById, findAccountsByIdentifier, findAccountsByPhone, findEmployees, updateOwnAccount } from './repository.ts';
import { consumeSecret, issueSecret, readSecret, type SecretKind, updateSecret } from './secrets.ts';
import type { RequestMeta } from './signin.service.ts';

// Registration (= activation of an imported employee, DESIGN.md §4) and the forgot-password wizard.

export function checkNewPassword(password: string, confirm: string): void {
  if (!isStrongPassword(password)) throw appError('PASSWORD_RULE');
  if (password !== confirm) throw appError('PASSWORD_MISMATCH');
}

/** Sets a password and ends every session of the user (reset, change). */
export async function setPasswordAndRevoke(ctx: AppContext, userId: number, password: string): Promise<void> {
  await updateOwnAccount(ctx.db, userId, { passwordHash: await hashPassword(password), mustChangePassword: false });
  await endUserSessions(ctx, userId);
}

/**
 * Ends every session of a user and drops the cached actor: password change, reset, cancellation,
 * and the administrator's disable (issue 4 calls this after setting status 0).
 */
export async function endUserSessions(ctx: AppContext, userId: number): Promise<number> {
  const n = await revokeUserSessions(ctx, userId);
  await invalidateActor(ctx, userId);
  return n;
}

/** GetUserRegisterCode: a code when the phone belongs to an imported employee; the same answer otherwise. */
export async function sendRegisterCode(ctx: AppContext, input: { phone: string; ticket?: string; randstr?: string }, meta: RequestMeta) {
  await requireCaptchaOrGrant(ctx, {
    purpose: 'register',
    subject: input.phone,
    ip: meta.ip,
    ticket: input.ticket,
    randstr: input.randstr,
  });
  const employees = await findAccountsByPhone(ctx.db, input.phone);
  await sendCode(ctx, { phone: input.phone, purpose: 'register', ip: meta.ip, deliver: employees.length > 0, log: meta.log });
  return maskPhone(input.phone);
}

/** UserRegister: proves name + ID number + phone (code) and activates the employee's account(s). */
export async function register(
  ctx: AppContext,
  input: { userName: string; userIDNumber: string; userPhone: string; verifyCode: string; password: string; checkPassWord: string },
  meta: RequestMeta,
) {
  const withPassword = Boolean(input.password || input.checkPassWord);
  if (withPassword) checkNewPassword(input.password, input.checkPassWord);
  return guarded(ctx, { scope: 'register', account: input.userPhone, ip: meta.ip }, async () => {
    await verifyCode(ctx, { phone: input.userPhone, purpose: 'register', code: input.verifyCode, consume: false });
    const employees = await findEmployees(ctx.db, { name: input.userName, idCard: input.userIDNumber, phone: input.userPhone });
    if (!employees.length) throw appError('NO_EMPLOYEE');
    const pending = employees.filter((u) => !u.passwordHash);
    if (!pending.length) throw appError('ALREADY_ACTIVATED');
    await verifyCode(ctx, { phone: input.userPhone, purpose: 'register', code: input.verifyCode, consume: true });
    // without a password (the standalone page) the account gets an unguessable one: the employee
    // signs in with a phone code and may set a password through the reset wizard
    const passwordHash = await hashPassword(withPassword ? input.password : randomBytes(32).toString('base64url'));
    const now = new Date();
    for (const u of pending) {
      await updateOwnAccount(ctx.db, u.id, { passwordHash, activatedAt: now, mustChangePassword: false });
      await invalidateActor(ctx, u.id);
    }
    return { username: input.userPhone, msg: withPassword ? AccountMsg.activated : AccountMsg.activatedNoPassword };
  });
}

interface ResetState {
  userId: number;
  verified: boolean;
}
const RESET: SecretKind = 'reset';

async function resetAccount(ctx: AppContext, secret: string) {
  const state = await readSecret<ResetState>(ctx, RESET, secret);
  if (!state) throw appError('RESET_SECRET_EXPIRED');
  const user = await findAccountById(ctx.db, state.userId);
  if (!user || user.cancelledAt || !user.passwordHash) throw appError('RESET_SECRET_EXPIRED');
  return { state, user };
}

/** Step 0, GetResetpwdAcc: the accounts a name means, masked, each with a wizard secret. */
export async function findResetAccounts(
  ctx: AppContext,
  input: { username: string; ticket?: string; randstr?: string },
  meta: RequestMeta,
) {
  await requireCaptchaOrGrant(ctx, {
    purpose: 'reset',
    subject: input.username,
    ip: meta.ip,
    ticket: input.ticket,
    randstr: input.randstr,
  });
  return guarded(ctx, { scope: 'reset', account: input.username, ip: meta.ip }, async () => {
    const accounts = (await findAccountsByIdentifier(ctx.db, input.username)).filter((u) => u.passwordHash);
    if (!accounts.length) throw appError('NO_RESET_ACCOUNT');
    return Promise.all(
      accounts.map(async (u) =>
        choice(maskedAccountLabel(u), await issueSecret<ResetState>(ctx, RESET, { userId: u.id, verified: false })),
      ),
    );
  });
}

/** Step 1, CheckResetpwdAcc: sends a code to the chosen account's phone; msg is the masked phone. */
export async function sendResetCode(ctx: AppContext, secret: string, meta: RequestMeta) {
  const { user } = await resetAccount(ctx, secret);
  if (!user.mobile) throw appError('NO_MOBILE');
  await sendCode(ctx, { phone: user.mobile, purpose: 'reset', ip: meta.ip, log: meta.log });
  return maskPhone(user.mobile);
}

/** Step 2, CheckResetpwdVerifyCode: the code is right → the account. */
export async function checkResetCode(
  ctx: AppContext,
  input: { usrSecret: string; verifyCode: string },
  meta: RequestMeta,
): Promise<ResetAccount> {
  const { state, user } = await resetAccount(ctx, input.usrSecret);
  return guarded(ctx, { scope: 'code', account: user.mobile, ip: meta.ip }, async () => {
    await verifyCode(ctx, { phone: user.mobile, purpose: 'reset', code: input.verifyCode, consume: false });
    await updateSecret<ResetState>(ctx, RESET, input.usrSecret, { ...state, verified: true });
    return { useraccount: user.accountCode, userMobile: maskPhone(user.mobile) };
  });
}

/** Step 3, SubmitResetpwdData: phone, code and the new password; ends every session. */
export async function submitReset(
  ctx: AppContext,
  input: { usrSecret: string; userMobile: string; verifyCode: string; password: string; checkPassWord: string },
  meta: RequestMeta,
) {
  checkNewPassword(input.password, input.checkPassWord);
  const { state, user } = await resetAccount(ctx, input.usrSecret);
  if (!state.verified) throw appError('RESET_SECRET_EXPIRED');
  if (input.userMobile !== user.mobile) throw appError('RESET_MOBILE_MISMATCH');
  await guarded(ctx, { scope: 'code', account: user.mobile, ip: meta.ip }, () =>
    verifyCode(ctx, { phone: user.mobile, purpose: 'reset', code: input.verifyCode, consume: true }),
  );
  if (!(await consumeSecret<ResetState>(ctx, RESET, input.usrSecret))) throw appError('RESET_SECRET_EXPIRED');
  await setPasswordAndRevoke(ctx, user.id, input.password);
  return { username: user.accountCode };
}
