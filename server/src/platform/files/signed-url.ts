import { type Caller, requireActor } from '../caller.ts';
import { signUrlToken } from '../signing.ts';
import { FILE_URL_PURPOSE } from './serve.ts';

/** How long a private file link works. */
const SIGNED_URL_TTL_MS = 10 * 60_000;

/**
 * A short-lived URL to a private file for the calling user. Call it only after checking the
 * caller may see the file (its owner or its company in the caller's scope).
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
