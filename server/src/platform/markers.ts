import { eq, lt, sql } from 'drizzle-orm';
import { usedMarkers } from '../db/schema/index.ts';
import type { AppContext } from './context.ts';

// Single-use markers (a used SSO ticket id, a spent step secret, a solved captcha) must survive
// a restart and cache pressure, or the same ticket works twice. They live in the database (shared by
// every node, kept until they expire), never in a cache: Redis may run without persistence, and a
// flush or eviction there must not make a used ticket usable again. Times come from ctx.clock (or
// the caller's `now`), never SQL now(), so tests move expiries with a ManualClock.

const PURGE_EVERY = 200;
let claimsSincePurge = 0;

/**
 * Marks `key` as used until `ttlSeconds` from now. True for the first claim, false when the
 * key is already marked and not yet expired (a replay, or the loser of a race).
 */
export async function claimOnce(ctx: AppContext, key: string, ttlSeconds: number, now = ctx.clock.now()): Promise<boolean> {
  const ttl = Math.max(1, Math.ceil(ttlSeconds));
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  // an expired marker may be taken over: whatever it guarded has expired too
  const rows = await ctx.db
    .insert(usedMarkers)
    .values({ key, expiresAt })
    .onConflictDoUpdate({
      target: usedMarkers.key,
      set: { expiresAt },
      setWhere: sql`${usedMarkers.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ key: usedMarkers.key });
  if (++claimsSincePurge >= PURGE_EVERY) {
    claimsSincePurge = 0;
    await ctx.db.delete(usedMarkers).where(lt(usedMarkers.expiresAt, now));
  }
  return rows.length === 1;
}

/** Ends a marker before it expires (a lock held while work runs: see modules/directory/imports/gate.ts). */
export async function releaseMarker(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(usedMarkers).where(eq(usedMarkers.key, key));
}
