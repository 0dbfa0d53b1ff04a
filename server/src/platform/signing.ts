import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed tokens for capability URLs (private files, media segments). A token names
 * what it opens (`subject`), what for (`purpose`), until when, and optionally whom it is bound to
 * (`binding`, e.g. the user id): a token copied to another account does not work there.
 *
 * Format: base64url(JSON [purpose, subject, binding, exp]) "." base64url(HMAC-SHA256).
 */
export interface SignClaim {
  purpose: string;
  subject: string;
  /** e.g. the user id the URL was issued to; empty = anyone holding the link */
  binding?: string;
  expiresAt: Date;
}

export interface VerifyExpect {
  purpose: string;
  /** must equal the binding signed in (when one was) */
  binding?: string;
  now: Date;
}

/** The key for signed URLs, derived from a deployment secret shared by every node (HKDF). */
export function deriveSigningKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'xuetu', 'signed-urls-v1', 32));
}

export function signToken(key: Buffer, claim: SignClaim): string {
  const body = Buffer.from(
    JSON.stringify([claim.purpose, claim.subject, claim.binding ?? '', Math.floor(claim.expiresAt.getTime() / 1000)]),
  ).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The subject of a valid, unexpired token for this purpose and binding; null otherwise. */
export function verifyToken(key: Buffer, token: string, expect: VerifyExpect): { subject: string; expiresAt: Date } | null {
  if (typeof token !== 'string' || token.length > 2048) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const wanted = Buffer.from(mac(key, body), 'base64url');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [purpose, subject, binding, exp] = parsed;
  if (purpose !== expect.purpose || typeof subject !== 'string' || typeof exp !== 'number') return null;
  if (binding && binding !== (expect.binding ?? '')) return null;
  if (exp * 1000 <= expect.now.getTime()) return null;
  return { subject, expiresAt: new Date(exp * 1000) };
}

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/** Signs with the deployment's key: `signUrlToken(caller.ctx, { purpose: 'file', subject: key, binding: String(userId), expiresAt })`. */
export const signUrlToken = (ctx: { signingKey: Buffer }, claim: SignClaim) => signToken(ctx.signingKey, claim);
export const verifyUrlToken = (ctx: { signingKey: Buffer }, token: string, expect: VerifyExpect) =>
  verifyToken(ctx.signingKey, token, expect);
