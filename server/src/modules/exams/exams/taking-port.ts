import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { ExamRow } from './exams.repository.ts';

/**
 * What exam authoring asks of exam taking (ADR 0052), which depends on exams and so cannot be
 * imported: assigning the people an exam's picks stand for when it is published or its picks
 * change (the roster is exam taking's), how many people and attempts each exam has (the exam list;
 * an exam with attempts keeps its paper and cannot be deleted), and which exams have attempts (a
 * paper used by one is locked). One statement per read, for any number of exams.
 */
export interface ExamTakingPort {
  assignParticipants(db: DbOrTx, exam: ExamRow, now: Date): Promise<number[]>;
  examCounts(db: DbOrTx, examIds: number[]): Promise<Map<number, { userCount: number; attemptCount: number }>>;
  examsWithAttempts(db: DbOrTx, examIds: number[]): Promise<Set<number>>;
}

/** This app's port (ctx.locals). */
const portSlot = (ctx: AppContext) => ctx.locals.of<{ port: ExamTakingPort | null }>('exams.exam-taking', () => ({ port: null }));

/** The composition root (modules/index.ts wireModules) hands exam taking's side to each app it builds. */
export function provideExamTaking(ctx: AppContext, port: ExamTakingPort): void {
  portSlot(ctx).port = port;
}

/** The wired port; unwired is a bug of the app's assembly (a paper would look unlocked). */
export function examTaking(ctx: AppContext): ExamTakingPort {
  const { port } = portSlot(ctx);
  if (!port) throw new Error('exams: exam taking is not wired (modules/index.ts wireModules)');
  return port;
}
