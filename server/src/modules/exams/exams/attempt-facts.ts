import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';

/**
 * What exams need to know of the attempts (exam taking's tables, ADR 0049): how many attempts of
 * each exam have begun (the exam list's count; an exam with attempts keeps its paper and cannot
 * be deleted) and which exams have any (a paper used by one is locked). One statement each, for
 * any number of exams.
 */
export interface AttemptFacts {
  attemptCounts(db: DbOrTx, examIds: number[]): Promise<Map<number, number>>;
  examsWithAttempts(db: DbOrTx, examIds: number[]): Promise<Set<number>>;
}

/** This app's attempt facts (ctx.locals). */
const factsSlot = (ctx: AppContext) => ctx.locals.of<{ facts: AttemptFacts | null }>('exams.attempt-facts', () => ({ facts: null }));

/**
 * Exams do not depend on exam taking (exam taking begins attempts of exams): the composition root
 * (modules/index.ts) hands exam taking's reads to each app it builds.
 */
export function provideAttemptFacts(ctx: AppContext, facts: AttemptFacts): void {
  factsSlot(ctx).facts = facts;
}

/** The wired facts; unwired is a bug of the app's assembly (a paper would look unlocked). */
export function attemptFacts(ctx: AppContext): AttemptFacts {
  const { facts } = factsSlot(ctx);
  if (!facts) throw new Error('exams: attempt facts are not wired (modules/index.ts wireModules)');
  return facts;
}
