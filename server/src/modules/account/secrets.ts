import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { claimOnce } from '../../platform/markers.ts';

// Short-lived secrets handed out after a successful first step (login choices, reset wizard).
// Only a hash is the cache key; a secret is worthless without the step that issued it.

export type SecretKind = 'login' | 'reset';

export const SECRET_TTL_S: Record<SecretKind, number> = { login: 120, reset: 15 * 60 };

const keyOf = (kind: SecretKind, secret: string) => `secret:${kind}:${createHash('sha256').update(secret).digest('hex')}`;

interface Stored<T> {
  data: T;
  expiresAt: number;
}

export async function issueSecret<T>(ctx: AppContext, kind: SecretKind, data: T): Promise<string> {
  const secret = randomBytes(24).toString('base64url');
  const ttl = SECRET_TTL_S[kind];
  await ctx.cache.set(keyOf(kind, secret), { data, expiresAt: Date.now() + ttl * 1000 } satisfies Stored<T>, ttl);
  return secret;
}

export async function readSecret<T>(ctx: AppContext, kind: SecretKind, secret: string): Promise<T | null> {
  if (!secret || secret.length > 200) return null;
  const stored = await ctx.cache.get<Stored<T>>(keyOf(kind, secret));
  return stored && stored.expiresAt > Date.now() ? stored.data : null;
}

/** Replaces the data of a live secret, keeping its expiry. */
export async function updateSecret<T>(ctx: AppContext, kind: SecretKind, secret: string, data: T): Promise<void> {
  const key = keyOf(kind, secret);
  const stored = await ctx.cache.get<Stored<T>>(key);
  if (!stored) return;
  const ttl = Math.max(1, Math.ceil((stored.expiresAt - Date.now()) / 1000));
  await ctx.cache.set(key, { data, expiresAt: stored.expiresAt } satisfies Stored<T>, ttl);
}

/** Reads and ends a secret; a second use (even a racing one) gets null. */
export async function consumeSecret<T>(ctx: AppContext, kind: SecretKind, secret: string): Promise<T | null> {
  const data = await readSecret<T>(ctx, kind, secret);
  if (data === null) return null;
  const key = keyOf(kind, secret);
  if (!(await claimOnce(ctx, `${key}:used`, SECRET_TTL_S[kind]))) return null;
  await ctx.cache.del(key);
  return data;
}
