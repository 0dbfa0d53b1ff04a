import { randomBytes } from 'node:crypto';
import { AccountMsg, type ResetAccount } from '@xuetu/contract';
import { invalidateActor } from '../../../platform/actor.ts';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { hashPassword, isStrongPassword } from '../../../platform/passwords.ts';
import { maskPhone } from '../../../platform/sms.ts';
import { findAccountById, findAccountsByIdentifier, findAccountsByPhone, findEmployees, updateOwnAccount } from '../../directory/public.ts';
import { revokeUserSessions } from '../session/sessions.ts';
import { choice, maskedAccountLabel } from './account.presenter.ts';
import { sendCode, verifyCode } from './codes.ts';
import { guarded, requireCaptchaOrGrant } from './guard.ts';
import { consumeSecret, issueSecret, readSecret, type SecretKind, updateSecret } from './secrets.ts';

// Registration (= activation of an imported employee, DESIGN.md §4) and the forgot-password wizard.

export function checkNewPassword(password: string, confirm: string): void {
  if (!isStrongPassword(password)) throw appError('PASSWORD_RULE');
  if (password !== confirm) throw appError('PASSWORD_MISMATCH');
}

/** Sets a password and ends every session of the user (reset, change). */
export async function setPasswordAndRevoke(caller: Caller, userId: number, password: string): Promise<void> {
  await updateOwnAccount(caller.ctx.db, userId, { passwordHash: await hashPassword(password), mustChangePassword: false }, caller.now);
  await endUserSessions(caller, userId);
}

/** Ends every session of a user and drops the cached actor: password change, reset, cancellation. */
export async function endUserSessions(caller: Caller, userId: number): Promise<number> {
  const n = await revokeUserSessions(caller.ctx, userId, caller.now);
  await invalidateActor(caller.ctx, userId);
  return n;
}

/** GetUserRegisterCode: a code when the phone belongs to an imported employee; the same answer otherwise. */
export async function sendRegisterCode(caller: Caller, input: { phone: string; ticket?: string; randstr?: string }) {
  await requireCaptchaOrGrant(caller, { purpose: 'register', subject: input.phone, ticket: input.ticket, randstr: input.randstr });
  const employees = await findAccountsByPhone(caller.ctx.db, input.phone);
  await sendCode(caller, { phone: input.phone, purpose: 'register', deliver: employees.length > 0 });
  return maskPhone(input.phone);
}

/** UserRegister: proves name + ID number + phone (code) and activates the employee's account(s). */
export async function register(
  caller: Caller,
  input: { userName: string; userIDNumber: string; userPhone: string; verifyCode: string; password: string; checkPassWord: string },
) {
  const { ctx } = caller;
  const withPassword = Boolean(input.password || input.checkPassWord);
  if (withPassword) checkNewPassword(input.password, input.checkPassWord);
  return guarded(caller, { scope: 'register', account: input.userPhone }, async () => {
    await verifyCode(caller, { phone: input.userPhone, purpose: 'register', code: input.verifyCode, consume: false });
    const employees = await findEmployees(ctx.db, { name: input.userName, idCard: input.userIDNumber, phone: input.userPhone });
    if (!employees.length) throw appError('NO_EMPLOYEE');
    const pending = employees.filter((u) => !u.passwordHash);
    if (!pending.length) throw appError('ALREADY_ACTIVATED');
    await verifyCode(caller, { phone: input.userPhone, purpose: 'register', code: input.verifyCode, consume: true });
    // without a password (the standalone page) the account gets an unguessable one: the employee
    // signs in with a phone code and may set a password through the reset wizard
    const passwordHash = await hashPassword(withPassword ? input.password : randomBytes(32).toString('base64url'));
    for (const u of pending) {
      await updateOwnAccount(ctx.db, u.id, { passwordHash, activatedAt: caller.now, mustChangePassword: false }, caller.now);
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

async function resetAccount(caller: Caller, secret: string) {
  const state = await readSecret<ResetState>(caller, RESET, secret);
  if (!state) throw appError('RESET_SECRET_EXPIRED');
  const user = await findAccountById(caller.ctx.db, state.userId);
  if (!user || user.cancelledAt || !user.passwordHash) throw appError('RESET_SECRET_EXPIRED');
  return { state, user };
}

/** Step 0, GetResetpwdAcc: the accounts a name means, masked, each with a wizard secret. */
export async function findResetAccounts(caller: Caller, input: { username: string; ticket?: string; randstr?: string }) {
  await requireCaptchaOrGrant(caller, { purpose: 'reset', subject: input.username, ticket: input.ticket, randstr: input.randstr });
  return guarded(caller, { scope: 'reset', account: input.username }, async () => {
    const accounts = (await findAccountsByIdentifier(caller.ctx.db, input.username)).filter((u) => u.passwordHash);
    if (!accounts.length) throw appError('NO_RESET_ACCOUNT');
    return Promise.all(
      accounts.map(async (u) =>
        choice(maskedAccountLabel(u), await issueSecret<ResetState>(caller, RESET, { userId: u.id, verified: false })),
      ),
    );
  });
}

/** Step 1, CheckResetpwdAcc: sends a code to the chosen account's phone; msg is the masked phone. */
export async function sendResetCode(caller: Caller, secret: string) {
  const { user } = await resetAccount(caller, secret);
  if (!user.mobile) throw appError('NO_MOBILE');
  await sendCode(caller, { phone: user.mobile, purpose: 'reset' });
  return maskPhone(user.mobile);
}

/** Step 2, CheckResetpwdVerifyCode: the code is right → the account. */
export async function checkResetCode(caller: Caller, input: { usrSecret: string; verifyCode: string }): Promise<ResetAccount> {
  const { state, user } = await resetAccount(caller, input.usrSecret);
  return guarded(caller, { scope: 'code', account: user.mobile }, async () => {
    await verifyCode(caller, { phone: user.mobile, purpose: 'reset', code: input.verifyCode, consume: false });
    await updateSecret<ResetState>(caller, RESET, input.usrSecret, { ...state, verified: true });
    return { useraccount: user.accountCode, userMobile: maskPhone(user.mobile) };
  });
}

/** Step 3, SubmitResetpwdData: phone, code and the new password; ends every session. */
export async function submitReset(
  caller: Caller,
  input: { usrSecret: string; userMobile: string; verifyCode: string; password: string; checkPassWord: string },
) {
  checkNewPassword(input.password, input.checkPassWord);
  const { state, user } = await resetAccount(caller, input.usrSecret);
  if (!state.verified) throw appError('RESET_SECRET_EXPIRED');
  if (input.userMobile !== user.mobile) throw appError('RESET_MOBILE_MISMATCH');
  await guarded(caller, { scope: 'code', account: user.mobile }, () =>
    verifyCode(caller, { phone: user.mobile, purpose: 'reset', code: input.verifyCode, consume: true }),
  );
  if (!(await consumeSecret<ResetState>(caller, RESET, input.usrSecret))) throw appError('RESET_SECRET_EXPIRED');
  await setPasswordAndRevoke(caller, user.id, input.password);
  return { username: user.accountCode };
}
