import * as oidc from 'openid-client';

// A company's OpenID Connect provider (issue 41 item 2), through `openid-client`: discovery from
// the issuer, the authorization code flow with PKCE (S256), state and nonce, the ID token checked
// for issuer, audience, expiry and its signature against the provider's JWKS (non-repudiation
// checks on: the signature is checked even over TLS), then the user info. This file speaks to the
// provider only; which account the person is, and the session, are oidc-signin.ts's.

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  /** '' = a public client (PKCE only) */
  clientSecret: string;
  scopes: string;
  /** per call to the provider, ms */
  timeoutMs: number;
}

export type OidcFailure =
  /** the provider could not be reached (down, refused, no such host) */
  | 'unavailable'
  /** the provider did not answer within the connection's timeout */
  | 'timeout'
  /** the issuer's address answers, but not as an OpenID Connect provider */
  | 'notProvider'
  /** the discovered issuer is another one than the connection's */
  | 'issuerMismatch'
  /** the discovered metadata lack the authorization, token or JWKS endpoint */
  | 'incomplete'
  /** the provider does not announce PKCE with S256 */
  | 'noPkce'
  /** the person cancelled, or the provider refused the authorization request */
  | 'denied'
  /** the code was refused at the token endpoint (expired, used, another client's) */
  | 'code'
  /** the ID token failed a check: issuer, audience, expiry, nonce, signature */
  | 'token'
  /** anything else the provider answered that is not OpenID Connect as expected */
  | 'failed';

/** What went wrong with the provider; `message` is for the log (the person is told in Chinese). */
export class OidcError extends Error {
  constructor(
    readonly reason: OidcFailure,
    cause?: unknown,
    /** issuerMismatch: the issuer the provider says it is */
    readonly found = '',
  ) {
    super(`OpenID Connect: ${reason}`, { cause });
  }
}

/** http:// only on this machine (the contract's issuerAllowed refuses it elsewhere). */
const insecure = (issuer: URL) => issuer.protocol === 'http:';

function failureOf(err: unknown, phase: 'discovery' | 'callback'): OidcError {
  if (err instanceof OidcError) return err;
  // fetch failed: refused, reset, DNS (undici's TypeError carries the cause)
  if (err instanceof TypeError) return new OidcError('unavailable', err);
  if (err instanceof oidc.AuthorizationResponseError) return new OidcError('denied', err);
  if (err instanceof oidc.ResponseBodyError) return new OidcError(err.error === 'invalid_grant' ? 'code' : 'failed', err);
  if (err instanceof oidc.ClientError) {
    switch (err.code) {
      case 'OAUTH_TIMEOUT':
      case 'OAUTH_ABORT':
        return new OidcError('timeout', err);
      case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED': {
        const found = (err.cause as { body?: { issuer?: unknown }; attribute?: string } | undefined)?.body?.issuer;
        if (phase === 'discovery') return new OidcError('issuerMismatch', err, typeof found === 'string' ? found : '');
        return new OidcError('token', err);
      }
      case 'OAUTH_RESPONSE_IS_NOT_CONFORM':
      case 'OAUTH_RESPONSE_IS_NOT_JSON':
      case 'OAUTH_PARSE_ERROR':
        return new OidcError(phase === 'discovery' ? 'notProvider' : 'failed', err);
      case 'OAUTH_INVALID_RESPONSE':
        return new OidcError(phase === 'discovery' ? 'notProvider' : 'token', err);
      case 'OAUTH_JWT_CLAIM_COMPARISON_FAILED':
      case 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED':
      case 'OAUTH_KEY_SELECTION_FAILED':
        return new OidcError('token', err);
    }
  }
  return new OidcError('failed', err);
}

/** The provider's configuration from its discovery document; throws OidcError. */
export async function discover(s: OidcClientSettings): Promise<oidc.Configuration> {
  const issuer = new URL(s.issuer);
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(
      issuer,
      s.clientId,
      s.clientSecret ? { client_secret: s.clientSecret } : undefined,
      s.clientSecret ? oidc.ClientSecretBasic(s.clientSecret) : oidc.None(),
      { timeout: Math.ceil(s.timeoutMs / 1000), execute: insecure(issuer) ? [oidc.allowInsecureRequests] : [] },
    );
  } catch (err) {
    throw failureOf(err, 'discovery');
  }
  const meta = config.serverMetadata();
  if (!meta.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri) throw new OidcError('incomplete');
  // PKCE is not optional here: a provider that does not say it supports S256 is refused
  if (!meta.supportsPKCE('S256')) throw new OidcError('noPkce');
  // the timeout of discovery() is in whole seconds; every later call gets the same
  config.timeout = Math.ceil(s.timeoutMs / 1000);
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** What the callback needs to finish a sign-in it started (kept server-side, single-use). */
export interface OidcChecks {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
}

/** Fresh checks for one sign-in (the state is the caller's: it keys where they are kept). */
export function newChecks(redirectUri: string): Omit<OidcChecks, 'state'> {
  return { nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), redirectUri };
}

/** Where the person is sent to sign in at the provider. */
export async function authorizationUrl(config: oidc.Configuration, s: OidcClientSettings, checks: OidcChecks): Promise<URL> {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: checks.redirectUri,
    scope: s.scopes,
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: 'S256',
  });
}

/**
 * The callback: the code exchanged (with the PKCE verifier), the ID token checked, then the user
 * info (its `sub` must be the token's). Answers the claims, the user info's under the ID token's.
 */
export async function finishAuthorization(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: OidcChecks,
): Promise<Record<string, unknown>> {
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new OidcError('token');
    let info: Record<string, unknown> = {};
    if (config.serverMetadata().userinfo_endpoint && tokens.access_token)
      info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return { ...info, ...claims };
  } catch (err) {
    throw failureOf(err, 'callback');
  }
}
