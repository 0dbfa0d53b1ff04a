import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';

// Login tickets (LoginByTicket) and OHR tokens (OhrLogin) issued by a partner system that shares
// SSO_SHARED_SECRET with us. Format: `v1.<payload>.<signature>`, both base64url; the signature is
// HMAC-SHA256(secret, "v1." + payload). Payload: { typ, sub, iat, exp, jti }. A token lives at most
// MAX_LIFETIME_S and is accepted once (its jti is remembered until it expires). See docs/sso-tickets.md.

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

/** The claims of a genuine, unexpired, unused token of the wanted type; null otherwise. */
export async function verifySsoToken(ctx: AppContext, token: string, typ: SsoType): Promise<SsoClaims | null> {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, payload, signature] = parts;
  const expected = Buffer.from(sign(ctx.env.SSO_SHARED_SECRET, payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  let claims: SsoClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SsoClaims;
  } catch {
    return null;
  }
  const now = Math.floor(Date.now() / 1000);
  if (claims.typ !== typ || typeof claims.sub !== 'string' || !claims.sub || typeof claims.jti !== 'string' || !claims.jti) return null;
  if (!Number.isInteger(claims.iat) || !Number.isInteger(claims.exp)) return null;
  if (claims.iat > now + CLOCK_SKEW_S || claims.exp <= now || claims.exp - claims.iat > MAX_LIFETIME_S) return null;
  const used = await ctx.cache.incr(`sso:jti:${typ}:${claims.jti}`, claims.exp - now + CLOCK_SKEW_S);
  return used === 1 ? claims : null;
}
