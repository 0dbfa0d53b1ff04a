import { randomUUID } from 'node:crypto';
import type { Caller } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { localCache } from '../../../platform/local-cache.ts';
import { PLATFORM_WIDE } from '../../../platform/scope.ts';
import * as repo from './practice.repository.ts';

// A practice's settings and picks as every learner call reads them (issue 39 item 1: a whole
// company practising at once): from the shared cache, read from the database on a miss, and
// forgotten when an administrator saves or deletes the practice (practice.service.ts), so every
// node sees the change at once. The lifetime only bounds a read racing with a save (a node that
// read the old row just before the save commits and stores it just after).

export type LearnerPractice = Pick<
  repo.PracticeRow,
  'id' | 'practiceCode' | 'companySysCode' | 'practiceName' | 'sourceKind' | 'sourceCode' | 'clearStreak' | 'status'
>;
export interface CachedPractice {
  row: LearnerPractice;
  picks: { kind: string; refId: number }[];
  /** new each time the entry is read from the database: what is decided from the picks keys on it */
  stamp: string;
}

const TTL_SECONDS = 60;
const keyOf = (practiceCode: string) => `practice:learner:${practiceCode}`;

/** The practice of that code in any company (the caller checks whose it is), with its picks; undefined when none. */
export async function cachedPractice(caller: Caller, practiceCode: string): Promise<CachedPractice | undefined> {
  const key = keyOf(practiceCode);
  const hit = await caller.ctx.cache.get<CachedPractice>(key);
  if (hit) return hit;
  const found = await repo.findPractice(caller.ctx.db, PLATFORM_WIDE, practiceCode);
  if (!found) return undefined;
  const { id, companySysCode, practiceName, sourceKind, sourceCode, clearStreak, status } = found;
  const entry: CachedPractice = {
    row: { id, practiceCode, companySysCode, practiceName, sourceKind, sourceCode, clearStreak, status },
    picks: (await repo.participantsOf(caller.ctx.db, [id])).map((p) => ({ kind: p.kind, refId: p.refId })),
    stamp: randomUUID(),
  };
  await caller.ctx.cache.set(key, entry, TTL_SECONDS);
  return entry;
}

/**
 * Whether the practice's picks include the person, decided from their place (department chain,
 * posts) and kept in this process for a minute under the practice entry's stamp: an
 * administrator's change to the picks makes a new entry, so it counts at once everywhere; a
 * person moved to another department is decided anew within the minute (what they may practise
 * only, never a key: those follow answer-review.ts on every call).
 */
export async function picksInclude(
  caller: Caller,
  found: CachedPractice,
  userId: number,
  decide: () => Promise<boolean>,
): Promise<boolean> {
  const decided = localCache<string, boolean>(caller.ctx, 'practice-picks', { max: 50_000, ttlMs: PICKS_TTL_MS });
  const key = `${found.row.practiceCode}:${found.stamp}:${userId}`;
  const hit = decided.get(key);
  if (hit !== undefined) return hit;
  const now = await decide();
  decided.set(key, now);
  return now;
}

const PICKS_TTL_MS = 60_000;

/** After an administrator's save or delete has committed. */
export function forgetPractice(ctx: Pick<AppContext, 'cache'>, practiceCode: string): Promise<void> {
  return ctx.cache.del(keyOf(practiceCode));
}
