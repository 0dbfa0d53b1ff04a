import { type Caller, requireActor } from '../caller.ts';
import { signUrlToken, verifyUrlToken } from '../signing.ts';

/** purpose of signed file URLs (platform/signing.ts) */
export const FILE_URL_PURPOSE = 'file';

/** How long a private file link works. */
const SIGNED_URL_TTL_MS = 10 * 60_000;

/**
 * A short-lived URL to a private file for the calling user. Call it only after checking the
 * caller may read the file (`fileAccess(caller, key)` in access.ts: its owner, or staff of its company).
 */
export function signedFileUrl(caller: Caller, key: string): string {
  const actor = requireActor(caller);
  const sig = signUrlToken(caller.ctx, {
    purpose: FILE_URL_PURPOSE,
    subject: key,
    binding: String(actor.userId),
    expiresAt: new Date(caller.now.getTime() + SIGNED_URL_TTL_MS),
  });
  return `/prod-api/files/${key}?sig=${encodeURIComponent(sig)}`;
}

/**
 * True when `sig` is a valid, unexpired signed link to this key for the caller (the signature
 * alone, no database): the download is checked by it and not counted against the rate limits.
 */
export function isSignedFileLink(caller: Caller, key: string, sig: string): boolean {
  const ok = verifyUrlToken(caller.ctx, sig, {
    purpose: FILE_URL_PURPOSE,
    binding: caller.actor ? String(caller.actor.userId) : undefined,
    now: caller.now,
  });
  return ok !== null && ok.subject === key;
}
