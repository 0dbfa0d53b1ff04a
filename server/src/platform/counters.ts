import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import { guardCounters } from '../db/schema/index.ts';
import type { AppContext } from './context.ts';

// Guessing counters (failed sign-ins, wrong SMS codes, SMS sends) live in the database, shared by
// every node: a restart of the embedded server, a Redis flush or cache eviction must never hand
// an attacker a fresh set of tries (issue 9 item 5). A window is fixed at the first count, as the
// cache's `incr` did, and a count past its window starts again at 1. Times come from ctx.clock (or
// the caller's `now`), so tests move windows with a ManualClock.

const PURGE_EVERY = 500;
let bumpsSincePurge = 0;

export interface CounterBump {
  key: string;
  windowSeconds: number;
}

/** Adds one to each counter in a single statement; answers the new counts in the given order. */
export async function bumpCounters(ctx: AppContext, bumps: CounterBump[], now = ctx.clock.now()): Promise<number[]> {
  if (bumps.length === 0) return [];
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${guardCounters.expiresAt} <= ${nowSql}`;
  const rows = await ctx.db
    .insert(guardCounters)
    .values(bumps.map((b) => ({ key: b.key, count: 1, expiresAt: new Date(now.getTime() + Math.max(1, b.windowSeconds) * 1000) })))
    .onConflictDoUpdate({
      target: guardCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${guardCounters.count} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${guardCounters.expiresAt} end`,
      },
    })
    .returning({ key: guardCounters.key, count: guardCounters.count });
  if (++bumpsSincePurge >= PURGE_EVERY) {
    bumpsSincePurge = 0;
    await ctx.db.delete(guardCounters).where(lt(guardCounters.expiresAt, now));
  }
  const byKey = new Map(rows.map((r) => [r.key, r.count]));
  return bumps.map((b) => byKey.get(b.key) ?? 0);
}

export async function bumpCounter(ctx: AppContext, key: string, windowSeconds: number, now = ctx.clock.now()): Promise<number> {
  return (await bumpCounters(ctx, [{ key, windowSeconds }], now))[0];
}

/** The live counts of `keys` (0 for none or an expired one), in the given order. */
export async function readCounters(ctx: AppContext, keys: string[], now = ctx.clock.now()): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await ctx.db
    .select({ key: guardCounters.key, count: guardCounters.count })
    .from(guardCounters)
    .where(and(inArray(guardCounters.key, keys), gt(guardCounters.expiresAt, now)));
  const byKey = new Map(rows.map((r) => [r.key, r.count]));
  return keys.map((k) => byKey.get(k) ?? 0);
}

export async function clearCounters(ctx: AppContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await ctx.db.delete(guardCounters).where(inArray(guardCounters.key, keys));
}

/**
 * Takes back one count from each live counter (never below 0; the window stays): an attempt that
 * turned out not to count, e.g. a text message the gateway refused.
 */
export async function releaseCounters(ctx: AppContext, keys: string[], now = ctx.clock.now()): Promise<void> {
  if (keys.length === 0) return;
  await ctx.db
    .update(guardCounters)
    .set({ count: sql`greatest(${guardCounters.count} - 1, 0)` })
    .where(and(inArray(guardCounters.key, keys), gt(guardCounters.expiresAt, now)));
}
