import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../platform/context.ts';
import { appErrorMsg } from '../../../platform/errors.ts';
import { companyActive } from '../../directory/public.ts';
import * as repo from './sessions.repository.ts';

// Opaque random tokens (256 bits); only their SHA-256 is stored. Each request slides the expiry.
// Every time here is ctx.clock's (the caller's `now` where there is a caller): a test moves a
// ManualClock past the idle time to expire a session, and one that moves it by hours or days
// signs in again afterwards. An expired session is an unknown token (401 SESSION_EXPIRED).

interface CachedSession {
  id: number;
  userId: number;
  expiresAt: number;
  /** the installation that cached it: an entry written by another deployment is ignored */
  installation: string;
}

/**
 * How long a live session's entry stays cached: revocation deletes it (and leaves a tombstone) and
 * the entry carries the session's expiry, so the time only bounds memory. Ten minutes, each entry
 * 80–100 % of it: the sessions looked up together (the learners of an exam beginning at once) do
 * not all fall out together, and an exam's saves are not each a database turn a minute later
 * (issue 25 item 6: with 5,000 learners the save phase began after a 60 s entry had expired).
 */
const CACHE_TTL_S = 600;
const cacheTtl = () => Math.round(CACHE_TTL_S * (0.8 + Math.random() * 0.2));
/**
 * A revoked session's tombstone, kept in the shared cache longer than any lookup takes: a node
 * that read the row just before another node revoked it writes its entry after the revoking node
 * deleted the entries, then finds the tombstone and deletes its own entry again (the entry is
 * written first and the tombstone read after, so one of the two always sees the other).
 */
const REVOKED_TTL_S = 10 * 60;
const revokedKey = (id: number) => `sessrev:${id}`;

/** Caches a live session's entry unless it was revoked meanwhile; false (and no entry) then. */
async function cacheUnlessRevoked(ctx: AppContext, sessionId: number, key: string, value: unknown): Promise<boolean> {
  await ctx.cache.set(key, value, cacheTtl());
  if ((await ctx.cache.get(revokedKey(sessionId))) === undefined) return true;
  await ctx.cache.del(key);
  return false;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const COMPANY_DISABLED_MSG = '您所在的公司已停用，请联系管理员';

/** Every sign-in path ends here: people of a disabled company get no session. */
export async function createSession(
  ctx: AppContext,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
  now = ctx.clock.now(),
): Promise<string> {
  if (!(await companyActive(ctx.db, userId))) throw appErrorMsg('FAILED', COMPANY_DISABLED_MSG);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ctx.env.SESSION_IDLE_MINUTES * 60_000);
  await repo.insertSession(ctx.db, {
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt,
    ip: meta.ip ?? '',
    userAgent: (meta.userAgent ?? '').slice(0, 300),
  });
  return token;
}

/** The live session for a token at `now`, renewing its expiry when half the idle time has passed. */
export async function resolveSession(
  ctx: AppContext,
  token: string,
  now = ctx.clock.now(),
): Promise<{ id: number; userId: number } | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const key = `sess:${tokenHash}`;
  let s = await ctx.cache.get<CachedSession>(key);
  if (s?.installation !== ctx.installationId) {
    const row = await repo.findUnrevokedByHash(ctx.db, tokenHash);
    // only live sessions are cached: a cached "no session" could hide one that is valid
    if (!row) return null;
    s = { id: row.id, userId: row.userId, expiresAt: row.expiresAt.getTime(), installation: ctx.installationId };
    if (!(await cacheUnlessRevoked(ctx, row.id, key, s))) return null;
  }
  const at = now.getTime();
  if (s.expiresAt <= at) return null;
  const idleMs = ctx.env.SESSION_IDLE_MINUTES * 60_000;
  if (s.expiresAt - at < idleMs / 2) {
    const expiresAt = new Date(at + idleMs);
    await repo.slideExpiry(ctx.db, s.id, expiresAt);
    if (!(await cacheUnlessRevoked(ctx, s.id, key, { ...s, expiresAt: expiresAt.getTime() }))) return null;
  }
  return { id: s.id, userId: s.userId };
}

/** A live session's expiry by its id (the lookup of links issued to a session); dropped on revoke. */
interface CachedSessionById {
  expiresAt: number;
  installation: string;
}
const byIdKey = (id: number) => `sessid:${id}`;

/**
 * Whether the session `sessionId` is live at `now`: not signed out (revoked) and not expired. For
 * links issued to a session that come back without its token (a media element fetching a signed
 * play list or file by itself), checked on every such request: a cache lookup, the row only when
 * the entry is missing or its expiry has passed (a later request may have slid it).
 */
export async function sessionAlive(ctx: AppContext, sessionId: number, now = ctx.clock.now()): Promise<boolean> {
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0) return false;
  const at = now.getTime();
  const hit = await ctx.cache.get<CachedSessionById>(byIdKey(sessionId));
  if (hit?.installation === ctx.installationId && hit.expiresAt > at) return true;
  const row = await repo.findUnrevokedById(ctx.db, sessionId);
  if (!row || row.expiresAt.getTime() <= at) return false;
  // only live sessions are cached (revoking deletes the entry, so a hit is never a signed-out one)
  return cacheUnlessRevoked(ctx, sessionId, byIdKey(sessionId), {
    expiresAt: row.expiresAt.getTime(),
    installation: ctx.installationId,
  });
}

/**
 * After revoking rows: their tombstones first, then their cache entries (by token and by id).
 * A lookup on another node racing the revocation cannot leave an entry behind (cacheUnlessRevoked).
 */
async function forgetRevoked(ctx: AppContext, rows: { id: number; tokenHash: string }[]): Promise<void> {
  if (!rows.length) return;
  await Promise.all(rows.map((r) => ctx.cache.set(revokedKey(r.id), 1, REVOKED_TTL_S)));
  await ctx.cache.del(...rows.flatMap((r) => [`sess:${r.tokenHash}`, byIdKey(r.id)]));
}

export async function revokeSession(ctx: AppContext, sessionId: number, now = ctx.clock.now()): Promise<void> {
  await forgetRevoked(ctx, await repo.revokeSessions(ctx.db, { sessionId }, now));
}

/** Ends every session of a user (password change, reset, cancellation, disable). */
export async function revokeUserSessions(ctx: AppContext, userId: number, now = ctx.clock.now()): Promise<number> {
  const rows = await repo.revokeSessions(ctx.db, { userId }, now);
  await forgetRevoked(ctx, rows);
  return rows.length;
}

/**
 * The directory ended people's access (a person disabled or given a temporary password, a company
 * disabled): their sessions end now. Subscribed to `directory.accessEnded` by the composition root.
 */
export async function endSessionsOf(ctx: AppContext, whose: { userIds?: number[]; companySysCode?: string; now: Date }): Promise<void> {
  const userIds = whose.companySysCode ? await repo.signedInUsersOfCompany(ctx.db, whose.companySysCode, whose.now) : (whose.userIds ?? []);
  for (const userId of userIds) await revokeUserSessions(ctx, userId, whose.now);
}

/** Reads the bearer token from `ydAuthorization` (or `Authorization`). */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers.ydauthorization ?? headers.authorization;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}
