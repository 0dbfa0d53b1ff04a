import type { AccountChoice } from '@xuetu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { appError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { createSession } from '../../platform/sessions.ts';
import { maskPhone } from '../../platform/sms.ts';
import { signInRefusal } from '../session/service.ts';
import { sendCode, verifyCode } from './codes.ts';
import { guarded, requireCaptchaOrGrant } from './guard.ts';
import { accountLabel, choice } from './presenter.ts';
import { type AccountRow, findAccountById, findAccountsByIdentifier, findAccountsByPhone } from './repository.ts';
import { consumeSecret, issueSecret } from './secrets.ts';
import { verifySsoToken } from './sso.ts';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  log?: FastifyBaseLogger;
}

interface LoginChoice {
  userId: number;
}

/** Secrets for the accounts the caller proved to own; one is enough to finish with step 2. */
async function choicesFor(ctx: AppContext, accounts: AccountRow[]): Promise<AccountChoice[]> {
  const usable = accounts.filter((u) => !signInRefusal(u));
  if (!usable.length) throw appError((accounts[0] && signInRefusal(accounts[0])) || 'PHONE_NO_ACCOUNT');
  return Promise.all(usable.map(async (u) => choice(accountLabel(u), await issueSecret<LoginChoice>(ctx, 'login', { userId: u.id }))));
}

/** LoginStep1: the accounts the username means whose password matches, each with a secret. */
export async function loginStep1(
  ctx: AppContext,
  input: { username: string; password: string; ticket?: string; randstr?: string },
  meta: RequestMeta,
) {
  return guarded(ctx, { scope: 'login', account: input.username, ip: meta.ip, ticket: input.ticket, randstr: input.randstr }, async () => {
    const candidates = await findAccountsByIdentifier(ctx.db, input.username);
    const matched: AccountRow[] = [];
    for (const u of candidates) if (u.passwordHash && (await verifyPassword(input.password, u.passwordHash))) matched.push(u);
    // the same work and the same answer whether or not the name exists
    if (!candidates.some((u) => u.passwordHash)) await verifyPassword(input.password, null);
    if (!matched.length) throw appError('LOGIN_FAILED');
    return choicesFor(ctx, matched);
  });
}

/** LoginStep2 (and LoginWithCheckNum with a secret): a session for the chosen account. */
export async function loginWithSecret(ctx: AppContext, secret: string, meta: RequestMeta) {
  const data = await consumeSecret<LoginChoice>(ctx, 'login', secret);
  if (!data) throw appError('SIGNIN_SECRET_EXPIRED');
  const user = await findAccountById(ctx.db, data.userId);
  if (!user) throw appError('SIGNIN_SECRET_EXPIRED');
  const refusal = signInRefusal(user);
  if (refusal) throw appError(refusal);
  const token = await createSession(ctx, user.id, meta);
  return { token, mustChangePassword: user.mustChangePassword };
}

/** GetCheckNum: a login code to a phone; the answer never tells whether the phone has an account. */
export async function sendLoginCode(ctx: AppContext, input: { phone: string; ticket?: string; randstr?: string }, meta: RequestMeta) {
  await requireCaptchaOrGrant(ctx, { purpose: 'login', subject: input.phone, ip: meta.ip, ticket: input.ticket, randstr: input.randstr });
  const accounts = (await findAccountsByPhone(ctx.db, input.phone)).filter((u) => !signInRefusal(u));
  await sendCode(ctx, { phone: input.phone, purpose: 'login', ip: meta.ip, deliver: accounts.length > 0, log: meta.log });
  return maskPhone(input.phone);
}

/** LoginWithCheckNumStep1: phone + code → the phone's accounts, each with a secret. */
export async function loginWithCodeStep1(
  ctx: AppContext,
  input: { phone: string; code: string; ticket?: string; randstr?: string },
  meta: RequestMeta,
) {
  return guarded(ctx, { scope: 'code', account: input.phone, ip: meta.ip, ticket: input.ticket, randstr: input.randstr }, async () => {
    await verifyCode(ctx, { phone: input.phone, purpose: 'login', code: input.code, consume: true });
    return choicesFor(ctx, await findAccountsByPhone(ctx.db, input.phone));
  });
}

/** LoginWithCheckNum: a secret from step 1, or phone + code when the phone owns one account. */
export async function loginWithCode(
  ctx: AppContext,
  input: { phone?: string; code?: string; secret?: string; ticket?: string; randstr?: string },
  meta: RequestMeta,
) {
  if (input.secret) return loginWithSecret(ctx, input.secret, meta);
  if (!input.phone) throw appError('PHONE_REQUIRED');
  if (!input.code) throw appError('CODE_REQUIRED');
  const choices = await loginWithCodeStep1(ctx, { ...input, phone: input.phone, code: input.code }, meta);
  if (choices.length > 1) throw appError('PHONE_MANY_ACCOUNTS', choices);
  return loginWithSecret(ctx, choices[0].item2, meta);
}

/** LoginByTicket: a partner's signed single-use ticket naming one account → data.token. */
export async function loginByTicket(ctx: AppContext, ticket: string, meta: RequestMeta) {
  const claims = await verifySsoToken(ctx, ticket, 'ticket');
  if (!claims) throw appError('TICKET_INVALID');
  const accounts = (await findAccountsByIdentifier(ctx.db, claims.sub)).filter(
    (u) => u.accountCode.toLowerCase() === claims.sub.toLowerCase(),
  );
  if (accounts.length !== 1) throw appError('TICKET_INVALID');
  const [choiceOne] = await choicesFor(ctx, accounts);
  return loginWithSecret(ctx, choiceOne.item2, meta);
}

/** OhrLogin: a partner's signed single-use token naming a person → that person's accounts. */
export async function ohrLogin(ctx: AppContext, token: string) {
  const claims = await verifySsoToken(ctx, token, 'ohr');
  if (!claims) throw appError('TICKET_INVALID');
  const accounts = await findAccountsByIdentifier(ctx.db, claims.sub);
  if (!accounts.length) throw appError('TICKET_INVALID');
  return choicesFor(ctx, accounts);
}
