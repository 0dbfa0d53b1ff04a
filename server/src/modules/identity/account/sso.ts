import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Caller } from '../../../platform/caller.ts';
import { badTextMessage } from '../../../platform/control-chars.ts';
import { appErrorMsg } from '../../../platform/errors.ts';
import { claimOnce } from '../../../platform/markers.ts';

// Login tickets (LoginByTicket) and OHR tokens (OhrLogin) issued by a partner system that shares
// SSO_SHARED_SECRET with us, in either of two formats with the same claims { typ, sub, iat, exp, jti }:
// - `v1.<payload>.<signature>`, both base64url; the signature is HMAC-SHA256(secret, "v1." + payload);
// - a standard JWT signed HS256 with the same secret (verified by `jose`; no other algorithm).
// A token lives at most MAX_LIFETIME_S and is accepted once (its jti, at least 16 bytes, is remembered
// until it expires, whichever format carried it). See docs/sso-tickets.md.

export type SsoType = 'ticket' | 'ohr';

export interface SsoClaims {
  typ: SsoType;
  /** ticket: an account code; ohr: the person's account code, phone or ID number */
  sub: string;
  /** issued at, seconds since the epoch */
  iat: number;
  /** expires at, seconds since the epoch */
  exp: number;
  /** unique id, single use */
  jti: string;
}

export const MAX_LIFETIME_S = 300;
const CLOCK_SKEW_S = 30;
const VERSION = 'v1';
export const MIN_JTI_BYTES = 16;

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest('base64url');
}

/** Mints a token (partner side; also used by scripts/mint-ticket.ts and the tests). */
export function mintSsoToken(secret: string, typ: SsoType, sub: string, opts: { ttlS?: number; now?: number; jti?: string } = {}): string {
  const iat = Math.floor((opts.now ?? Date.now()) / 1000);
  const claims: SsoClaims = { typ, sub, iat, exp: iat + (opts.ttlS ?? 120), jti: opts.jti ?? randomBytes(16).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${VERSION}.${payload}.${sign(secret, payload)}`;
}

/** The same claims as a standard JWT (HS256), for partners whose platform has a JWT library. */
export async function mintSsoJwt(
  secret: string,
  typ: SsoType,
  sub: string,
  opts: { ttlS?: number; now?: number; jti?: string } = {},
): Promise<string> {
  const iat = Math.floor((opts.now ?? Date.now()) / 1000);
  return new SignJWT({ typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttlS ?? 120))
    .setJti(opts.jti ?? randomBytes(16).toString('base64url'))
    .sign(new TextEncoder().encode(secret));
}

/** The claims of a genuine, unexpired (by the caller's clock), unused token of the wanted type; null otherwise. */
export async function verifySsoToken(caller: Caller, token: string, typ: SsoType): Promise<SsoClaims | null> {
  const { ctx } = caller;
  const parts = token.trim().split('.');
  if (parts.length !== 3) return null;
  const parsed = parts[0] === VERSION ? parseV1(ctx.env.SSO_SHARED_SECRET, parts[1], parts[2]) : await parseJwt(caller, token.trim());
  // a genuine signature over `null`, a number or an array is still no ticket
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const claims = parsed as SsoClaims;
  const now = Math.floor(caller.now.getTime() / 1000);
  if (claims.typ !== typ || typeof claims.sub !== 'string' || !claims.sub || claims.sub.length > 200) return null;
  // the jti is what makes a ticket single use: it must be hard to guess (at least 16 bytes)
  if (typeof claims.jti !== 'string' || Buffer.byteLength(claims.jti) < MIN_JTI_BYTES || claims.jti.length > 200) return null;
  if (!Number.isInteger(claims.iat) || !Number.isInteger(claims.exp)) return null;
  if (claims.iat > now + CLOCK_SKEW_S || claims.exp <= now || claims.exp - claims.iat > MAX_LIFETIME_S) return null;
  // a genuine, live ticket naming an identifier with a control character (NUL, which PostgreSQL refuses
  // with a 500) or half an emoji: refused as any such input is, naming the claim, before it is used
  const badText = badTextMessage({ [typ === 'ticket' ? 'ticket' : 'token']: { sub: claims.sub, jti: claims.jti } });
  if (badText) throw appErrorMsg('BAD_INPUT', badText);
  // remembered in Redis or the database until the ticket could no longer be accepted anyway; one
  // key for both formats, so a jti used in one is refused in the other
  return (await claimOnce(ctx, `sso:jti:${typ}:${claims.jti}`, claims.exp - now + CLOCK_SKEW_S, caller.now)) ? claims : null;
}

/** The payload of a `v1` token whose signature holds; null otherwise. */
function parseV1(secret: string, payload: string, signature: string): unknown {
  const expected = Buffer.from(sign(secret, payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The payload of an HS256 JWT whose signature holds; null otherwise (times are checked by the caller's rules). */
async function parseJwt(caller: Caller, token: string): Promise<unknown> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(caller.ctx.env.SSO_SHARED_SECRET), {
      algorithms: ['HS256'],
      currentDate: caller.now,
      clockTolerance: CLOCK_SKEW_S,
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
    });
    return payload;
  } catch {
    // a bad signature, algorithm, shape or time: every failure is the same refusal
    return null;
  }
}
