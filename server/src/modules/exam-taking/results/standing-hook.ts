import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appOfTransaction } from '../../../platform/tx.ts';

/** A person's result in an exam may have changed: an attempt was scored, or a short answer (re)marked. */
export interface ExamResultChange {
  examId: number;
  userId: number;
  now: Date;
}

/**
 * What a module above exam taking does, inside the transaction that scored or re-marked an attempt
 * (certificates enqueue their issue or revoke job there, so it commits with the result or not at all).
 * Exam taking declares it and does not know who listens; the composition root wires it per app.
 */
export type ExamResultHook = (tx: DbOrTx, change: ExamResultChange) => Promise<void>;

const hookSlot = (ctx: AppContext) => ctx.locals.of<{ hook: ExamResultHook | null }>('exam-taking.result-hook', () => ({ hook: null }));

/** The composition root's wiring (modules/index.ts wireModules). */
export function provideExamResultHook(ctx: AppContext, hook: ExamResultHook): void {
  hookSlot(ctx).hook = hook;
}

/**
 * Tells the wired hook, in the same transaction. The transaction must be one `inTransaction`
 * opened (the app is found from it): a result written outside one would lose what the hook does.
 */
export async function resultChanged(tx: DbOrTx, change: ExamResultChange): Promise<void> {
  const ctx = appOfTransaction(tx);
  if (!ctx) throw new Error('exam result changed outside inTransaction: the result hook cannot run with it');
  const { hook } = hookSlot(ctx);
  if (hook) await hook(tx, change);
}
