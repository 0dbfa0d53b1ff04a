import { randomInt } from 'node:crypto';
import type { AppContext } from '../../../platform/context.ts';
import { appOfTransaction, onCommit } from '../../../platform/tx.ts';

// One counter for the whole question bank (every company's directories, questions and papers),
// in the shared cache: every write the repositories make moves it on once its transaction has
// committed, and what is cached from the bank (the questions of a practice's source,
// papers/practice-source-cache.ts) is used only while the counter still has the value it was
// read under. Bank edits are rare beside the reads of a company practising at once.

export const BANK_GENERATION_KEY = 'bank:generation';
/** far longer than anything cached under it lives, so the counter never starts again under a live entry */
const GENERATION_TTL_SECONDS = 30 * 24 * 3600;

/** The bank changed in `tx` (an inTransaction's transaction: every bank write runs in one): the counter moves once it commits. */
export function bankChanged(tx: unknown): void {
  const ctx: Pick<AppContext, 'cache'> | undefined = appOfTransaction(tx);
  if (ctx) onCommit(tx, () => ctx.cache.incr(BANK_GENERATION_KEY, GENERATION_TTL_SECONDS));
}

/**
 * The counter now. A counter the cache has lost (evicted, or Redis restarted) starts again at a
 * random value rather than at 0, so an entry cached under an earlier value is never taken for
 * current.
 */
export async function bankGeneration(ctx: Pick<AppContext, 'cache'>): Promise<number> {
  const now = await ctx.cache.get<number>(BANK_GENERATION_KEY);
  if (now !== undefined) return Number(now);
  await ctx.cache.setIfAbsent(BANK_GENERATION_KEY, randomInt(1, 2 ** 47), GENERATION_TTL_SECONDS);
  return Number(await ctx.cache.get<number>(BANK_GENERATION_KEY));
}
