import { createHash } from 'node:crypto';
import {
  OIDC_CALLBACK_PATH,
  type OidcSettings,
  type OidcSignInError,
  oidcStartPath,
  type SignInButton,
  signInButtonLabel,
} from '@xuetu/contract';
import type { Configuration } from 'openid-client';
import type { Caller } from '../../../platform/caller.ts';
import { localCache } from '../../../platform/local-cache.ts';
import type { AccountRow } from '../../directory/public.ts';
import { consumeSecret, issueSecret } from '../account/secrets.ts';
import { signInRefusal } from '../session/session.service.ts';
import { type ConnectionRow, enabledConnectionsOfKind, findEnabledConnection } from './connections.repository.ts';
import { accountFor } from './directory-signin.ts';
import { authorizationUrl, discover, finishAuthorization, newChecks, type OidcChecks, type OidcClientSettings, OidcError } from './oidc.ts';
import { connectionKey, openSecret, SecretBoxError } from './secret-box.ts';

// The OpenID Connect sign-in (issue 41 item 2): GET /prod-api/auth/oidc/<id>/start sends the
// browser to the company's provider; GET /prod-api/auth/oidc/callback comes back. What the
// callback must check is kept server-side in the step secrets (keyed by the state's hash, ten
// minutes, taken once: a replayed or forged state finds nothing) and bound to the browser that
// started (a cookie whose hash is kept with it: a callback link sent to someone else does not sign
// them in). The person becomes an account of the connection's company only — matched by job
// number, phone or username, or created when the connection allows — and the sign-in ends like
// the password one: a single-use login secret the login page trades for a session (LoginStep2).
// Whatever fails ends on the login page with a key of OIDC_SIGNIN_ERRORS, never a stack trace.

/** What the callback needs besides the state (its key). */
interface Pending extends Omit<OidcChecks, 'state'> {
  connectionId: number;
  /** sha256 of the starting browser's cookie */
  browser: string;
  /** where to go once signed in ('' = the login page decides) */
  redirect: string;
}

/** An ending that is not a sign-in: the login page shows the key's text. */
export class OidcSignInFailed extends Error {
  /** where the sign-in was to go (kept through the login page) */
  redirect = '';
  constructor(
    readonly key: OidcSignInError,
    cause?: unknown,
  ) {
    super(`OpenID Connect sign-in: ${key}`, { cause });
  }
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** A path of this site (never another host: `//x`, `/\x` or a scheme are dropped). */
export function sameSitePath(v: string | undefined): string {
  if (!v || v.length > 500 || !v.startsWith('/') || v.startsWith('//') || v.includes('\\')) return '';
  for (const ch of v) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return '';
  return v;
}

/** Where a sign-in ends: the login page, with the secret it trades for a session (in the fragment: never sent anywhere) or the failure's key. */
export function loginPageUrl(end: { secret: string } | { error: OidcSignInError }, redirect = ''): string {
  const query = new URLSearchParams();
  if ('error' in end) query.set('oidcError', end.error);
  if (redirect) query.set('redirect', redirect);
  const q = query.toString();
  return `/login${q ? `?${q}` : ''}${'secret' in end ? `#oidc=${encodeURIComponent(end.secret)}` : ''}`;
}

const failureKey: Record<OidcError['reason'], OidcSignInError> = {
  unavailable: 'unavailable',
  timeout: 'unavailable',
  notProvider: 'unavailable',
  issuerMismatch: 'issuer',
  incomplete: 'unavailable',
  noPkce: 'unavailable',
  denied: 'denied',
  code: 'code',
  token: 'token',
  failed: 'failed',
};

function clientOf(caller: Caller, row: ConnectionRow): OidcClientSettings {
  const s = row.settings as OidcSettings;
  let clientSecret = '';
  try {
    clientSecret = row.secret ? openSecret(connectionKey(caller.ctx.env), row.companySysCode, row.secret) : '';
  } catch (err) {
    if (err instanceof SecretBoxError) throw new OidcSignInFailed('config', err);
    throw err;
  }
  return { issuer: s.issuer, clientId: s.clientId, clientSecret, scopes: s.scopes, timeoutMs: s.timeoutMs };
}

async function connectionOf(caller: Caller, id: number): Promise<ConnectionRow> {
  const row = Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1 ? await findEnabledConnection(caller.ctx.db, id, 'oidc') : undefined;
  if (!row) throw new OidcSignInFailed('source');
  return row;
}

/**
 * The provider's configuration (discovery, with its JWKS as fetched), kept in this process for ten
 * minutes per connection as last saved: a start and its callback read the discovery document once.
 * A failed discovery is not kept.
 */
async function providerOf(caller: Caller, row: ConnectionRow, client: OidcClientSettings): Promise<Configuration> {
  const cache = localCache<string, Configuration>(caller.ctx, 'oidc-providers', { max: 200, ttlMs: 10 * 60_000 });
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  const known = cache.get(key);
  if (known) return known;
  try {
    const config = await discover(client);
    cache.set(key, config);
    return config;
  } catch (err) {
    if (err instanceof OidcError) throw new OidcSignInFailed(failureKey[err.reason], err);
    throw err;
  }
}

/** The start: the provider's authorization URL for connection `id`; throws OidcSignInFailed. */
export async function startOidcSignIn(
  caller: Caller,
  input: { id: number; redirect: string; browser: string; origin: string },
): Promise<string> {
  const row = await connectionOf(caller, input.id);
  const client = clientOf(caller, row);
  const config = await providerOf(caller, row, client);
  const checks = newChecks(`${input.origin}${OIDC_CALLBACK_PATH}`);
  const pending: Pending = { ...checks, connectionId: row.id, browser: sha256(input.browser), redirect: sameSitePath(input.redirect) };
  // the state is the step secret itself: random, single-use, only its hash stored
  const state = await issueSecret<Pending>(caller, 'oidc', pending);
  return (await authorizationUrl(config, client, { ...checks, state })).href;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The person the claims describe, by the connection's mapping (a phone the provider says is unverified is not used). */
function personOf(s: OidcSettings, claims: Record<string, unknown>) {
  const c = s.claims;
  const phone = claims.phone_number_verified === false && c.phone === 'phone_number' ? '' : text(claims[c.phone]);
  const person = {
    username: text(claims[c.username]),
    name: text(claims[c.name]),
    phone,
    email: text(claims[c.email]),
    jobNumber: text(claims[c.jobNumber]),
    department: '',
  };
  if (!person.username && !person.phone && !person.jobNumber) throw new OidcSignInFailed('claims');
  // the account code of a new account: the username, else the phone or job number
  return { ...person, username: person.username || person.phone || person.jobNumber };
}

const refusalKey = (code: string): OidcSignInError =>
  code === 'ACCOUNT_CANCELLED' ? 'cancelled' : code === 'ACCOUNT_EXPIRED' ? 'expired' : 'disabled';

/**
 * The callback (its query as received, the browser's cookie): answers where the browser goes — the
 * login page with a login secret, and the redirect it started with. Throws OidcSignInFailed
 * (with the redirect it started with, when the state was known).
 */
export async function finishOidcSignIn(
  caller: Caller,
  input: { query: URLSearchParams; browser: string | undefined },
): Promise<{ secret: string; redirect: string; user: AccountRow }> {
  const state = input.query.get('state') ?? '';
  const pending = state ? await consumeSecret<Pending>(caller, 'oidc', state) : null;
  if (!pending || !input.browser || sha256(input.browser) !== pending.browser) throw new OidcSignInFailed('state');
  try {
    const row = await connectionOf(caller, pending.connectionId);
    const settings = row.settings as OidcSettings;
    const config = await providerOf(caller, row, clientOf(caller, row));
    const callbackUrl = new URL(pending.redirectUri);
    callbackUrl.search = input.query.toString();
    let claims: Record<string, unknown>;
    try {
      claims = await finishAuthorization(config, callbackUrl, { ...pending, state });
    } catch (err) {
      if (err instanceof OidcError) throw new OidcSignInFailed(failureKey[err.reason], err);
      throw err;
    }
    // the connection's company only: a provider of company A never signs anyone into company B
    const account = await accountFor(caller, { company: row.companySysCode, autoCreate: settings.autoCreate }, personOf(settings, claims));
    if (!account) throw new OidcSignInFailed('noAccount');
    const refusal = signInRefusal(account, caller.now);
    if (refusal) throw new OidcSignInFailed(refusalKey(refusal));
    // as LoginStep1 ends: a single-use secret for this account, traded for the session by LoginStep2
    const secret = await issueSecret(caller, 'login', { userId: account.id });
    return { secret, redirect: pending.redirect, user: account };
  } catch (err) {
    if (err instanceof OidcSignInFailed) err.redirect = pending.redirect;
    throw err;
  }
}

/** The login page's buttons: every enabled OpenID Connect connection's 使用 XX 登录. */
export async function signInButtons(caller: Caller): Promise<{ models: SignInButton[] }> {
  const rows = await enabledConnectionsOfKind(caller.ctx.db, 'oidc');
  return {
    models: rows.map((r) => ({
      id: r.id,
      kind: 'oidc' as const,
      label: signInButtonLabel((r.settings as OidcSettings).buttonName || r.name),
      startPath: oidcStartPath(r.id),
    })),
  };
}
