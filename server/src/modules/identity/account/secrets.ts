import { createHash, randomBytes } from 'node:crypto';
import type { Caller } from '../../../platform/caller.ts';
import * as repo from './account.repository.ts';

// Short-lived secrets handed out after a successful first step (login choices, reset wizard) and
// what each later step proved (`verified`). They live in the database, keyed by the secret's
// hash: a restart or a cache flush neither ends a wizard half-way nor forgets a step's state, and
// a secret is worthless without the step that issued it (issue 9 item 5). They belong to no
// company: their writes take no tenant scope (ADR 0023). Expiries are read against the caller's
// clock, so tests end a wizard by moving a ManualClock.

/** `oidc`: an OpenID Connect sign-in under way, keyed by its `state` (identity/connections/oidc-signin.ts) */
export type SecretKind = 'login' | 'reset' | 'oidc';

export const SECRET_TTL_S: Record<SecretKind, number> = { login: 120, reset: 15 * 60, oidc: 10 * 60 };

const PURGE_EVERY = 200;
let issuedSincePurge = 0;

const keyOf = (kind: SecretKind, secret: string) => `${kind}:${createHash('sha256').update(secret).digest('hex')}`;
const usable = (secret: string) => Boolean(secret) && secret.length <= 200;

export async function issueSecret<T>(caller: Caller, kind: SecretKind, data: T): Promise<string> {
  const { ctx, now } = caller;
  const secret = randomBytes(24).toString('base64url');
  await repo.insertStepSecret(ctx.db, keyOf(kind, secret), data, new Date(now.getTime() + SECRET_TTL_S[kind] * 1000));
  if (++issuedSincePurge >= PURGE_EVERY) {
    issuedSincePurge = 0;
    await repo.purgeStepSecrets(ctx.db, now);
  }
  return secret;
}

export async function readSecret<T>(caller: Caller, kind: SecretKind, secret: string): Promise<T | null> {
  if (!usable(secret)) return null;
  const row = await repo.findLiveStepSecret(caller.ctx.db, keyOf(kind, secret), caller.now);
  return row ? (row.data as T) : null;
}

/** Replaces the data of a live secret, keeping its expiry. */
export async function updateSecret<T>(caller: Caller, kind: SecretKind, secret: string, data: T): Promise<void> {
  if (!usable(secret)) return;
  await repo.updateLiveStepSecret(caller.ctx.db, keyOf(kind, secret), caller.now, data);
}

/** Reads and ends a secret in one statement; a second use (even a racing one) gets null. */
export async function consumeSecret<T>(caller: Caller, kind: SecretKind, secret: string): Promise<T | null> {
  if (!usable(secret)) return null;
  const row = await repo.takeLiveStepSecret(caller.ctx.db, keyOf(kind, secret), caller.now);
  return row ? (row.data as T) : null;
}
