import type { AccountChoice } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import { maskPhone } from '../../../platform/sms.ts';
import { type AccountRow, findAccountById, findAccountsByIdentifier, findAccountsByPhone } from '../../directory/public.ts';
import { askDirectory, directoryRefusal, stillInDirectory } from '../connections/directory-signin.ts';
import { openSession, signInRefusal } from '../session/session.service.ts';
import { accountLabel, choice } from './account.presenter.ts';
import { sendCode, verifyCode } from './codes.ts';
import { setupPasswordExpired } from './first-admin.ts';
import { guarded, requireCaptchaOrGrant } from './guard.ts';
import { consumeSecret, issueSecret } from './secrets.ts';
import { verifySsoToken } from './sso.ts';

interface LoginChoice {
  userId: number;
}

/** Secrets for the accounts the caller proved to own; one is enough to finish with step 2. */
async function choicesFor(caller: Caller, accounts: AccountRow[]): Promise<AccountChoice[]> {
  const usable = accounts.filter((u) => !signInRefusal(u, caller.now));
  if (!usable.length) throw appError((accounts[0] && signInRefusal(accounts[0], caller.now)) || 'PHONE_NO_ACCOUNT');
  return Promise.all(usable.map(async (u) => choice(accountLabel(u), await issueSecret<LoginChoice>(caller, 'login', { userId: u.id }))));
}

/** LoginStep1: the accounts the username means whose password matches, each with a secret. */
export async function loginStep1(caller: Caller, input: { username: string; password: string; ticket?: string; randstr?: string }) {
  return guarded(caller, { scope: 'login', account: input.username, ticket: input.ticket, randstr: input.randstr }, async () => {
    // a company's directory (LDAP_* or its 身份源) vouches for its own people; their Xuetu passwords are not checked
    const directory = await askDirectory(caller, input.username, input.password);
    const candidates = (await findAccountsByIdentifier(caller.ctx.db, input.username)).filter(
      (u) => !directory || !u.companySysCode || !directory.companies.has(u.companySysCode),
    );
    const matched: AccountRow[] = directory ? [...directory.accounts] : [];
    for (const u of candidates) if (u.passwordHash && (await verifyPassword(input.password, u.passwordHash))) matched.push(u);
    // the same work and the same answer whether or not the name exists
    const local = candidates.filter((u) => u.passwordHash).length;
    if (!local) await verifyPassword(input.password, null);
    if (!matched.length) directoryRefusal(directory, local);
    // the first administrator's temporary password (admin:create) works for a day only
    const live: AccountRow[] = [];
    for (const u of matched) if (!(await setupPasswordExpired(caller, u))) live.push(u);
    if (!live.length) throw appError('ACCOUNT_EXPIRED');
    return choicesFor(caller, live);
  });
}

/** LoginStep2 (and LoginWithCheckNum with a secret): a session for the chosen account. */
export async function loginWithSecret(caller: Caller, secret: string) {
  const data = await consumeSecret<LoginChoice>(caller, 'login', secret);
  if (!data) throw appError('SIGNIN_SECRET_EXPIRED');
  const user = await findAccountById(caller.ctx.db, data.userId);
  if (!user) throw appError('SIGNIN_SECRET_EXPIRED');
  const refusal = signInRefusal(user, caller.now);
  if (refusal) throw appError(refusal);
  const token = await openSession(caller, user.id);
  return { token, mustChangePassword: user.mustChangePassword };
}

/** GetCheckNum: a login code to a phone; the answer never tells whether the phone has an account. */
export async function sendLoginCode(caller: Caller, input: { phone: string; ticket?: string; randstr?: string }) {
  await requireCaptchaOrGrant(caller, { purpose: 'login', subject: input.phone, ticket: input.ticket, randstr: input.randstr });
  const accounts = (await findAccountsByPhone(caller.ctx.db, input.phone)).filter((u) => !signInRefusal(u, caller.now));
  await sendCode(caller, { phone: input.phone, purpose: 'login', deliver: accounts.length > 0 });
  return maskPhone(input.phone);
}

/** LoginWithCheckNumStep1: phone + code → the phone's accounts, each with a secret. */
export async function loginWithCodeStep1(caller: Caller, input: { phone: string; code: string; ticket?: string; randstr?: string }) {
  return guarded(caller, { scope: 'code', account: input.phone, ticket: input.ticket, randstr: input.randstr }, async () => {
    await verifyCode(caller, { phone: input.phone, purpose: 'login', code: input.code, consume: true });
    // a company's directory decides for its people here too: one it disabled or removed has no account to choose
    return choicesFor(caller, await stillInDirectory(caller, await findAccountsByPhone(caller.ctx.db, input.phone)));
  });
}

/** LoginWithCheckNum: a secret from step 1, or phone + code when the phone owns one account. */
export async function loginWithCode(
  caller: Caller,
  input: { phone?: string; code?: string; secret?: string; ticket?: string; randstr?: string },
) {
  if (input.secret) return loginWithSecret(caller, input.secret);
  if (!input.phone) throw appError('PHONE_REQUIRED');
  if (!input.code) throw appError('CODE_REQUIRED');
  const choices = await loginWithCodeStep1(caller, { ...input, phone: input.phone, code: input.code });
  if (choices.length > 1) throw appError('PHONE_MANY_ACCOUNTS', choices);
  return loginWithSecret(caller, choices[0].item2);
}

/** LoginByTicket: a partner's signed single-use ticket naming one account → data.token. */
export async function loginByTicket(caller: Caller, ticket: string) {
  const claims = await verifySsoToken(caller, ticket, 'ticket');
  if (!claims) throw appError('TICKET_INVALID');
  const accounts = (await findAccountsByIdentifier(caller.ctx.db, claims.sub)).filter(
    (u) => u.accountCode.toLowerCase() === claims.sub.toLowerCase(),
  );
  if (accounts.length !== 1) throw appError('TICKET_INVALID');
  const [choiceOne] = await choicesFor(caller, accounts);
  return loginWithSecret(caller, choiceOne.item2);
}

/** OhrLogin: a partner's signed single-use token naming a person → that person's accounts. */
export async function ohrLogin(caller: Caller, token: string) {
  const claims = await verifySsoToken(caller, token, 'ohr');
  if (!claims) throw appError('TICKET_INVALID');
  const accounts = await findAccountsByIdentifier(caller.ctx.db, claims.sub);
  if (!accounts.length) throw appError('TICKET_INVALID');
  return choicesFor(caller, accounts);
}
