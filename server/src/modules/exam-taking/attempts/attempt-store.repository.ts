import { ExamUserStatus } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { drawExamAttempts, type ExamRow } from '../../exams/public.ts';
import { userPaperQuestions, userPapers } from '../schema/attempts.ts';

export interface NewAttempt {
  userId: number;
  attemptNo: number;
  seed: number;
  startTime: Date;
  deadline: Date;
}

/** A stored attempt as begin answers it. */
export interface StoredAttempt {
  id: number;
  userId: number;
  deadline: Date;
}

/** Question copies per insert statement (13 parameters each, far below PostgreSQL's 65,535). */
const COPIES_PER_STATEMENT = 2000;

/**
 * Stores a new attempt with its own copy of the drawn questions (ADR 0007): in the paper's order
 * with the paper's options and key, and the order this attempt shows them in (ADR 0040), drawn by
 * the exams module (ADR 0049). Begin calls this inside its transaction; the partial unique index
 * keeps one open attempt per person. The attempt is owned by its learner (begin checked they were
 * assigned): no company scope.
 */
export async function storeAttempt(db: DbOrTx, exam: ExamRow, a: NewAttempt): Promise<number> {
  const [stored] = await storeAttempts(db, exam, [a]);
  return stored!.id;
}

/**
 * {@link storeAttempt} for several people's attempts of one exam (the begins written together,
 * ADR 0048): the paper is read and drawn from once, the attempts and their question copies are
 * inserted with one statement each. Answers in the order given.
 */
export async function storeAttempts(db: DbOrTx, exam: ExamRow, attempts: NewAttempt[]): Promise<StoredAttempt[]> {
  if (!attempts.length) return [];
  const drawn = await drawExamAttempts(
    db,
    exam,
    attempts.map((a) => a.seed),
  );
  const rows = await db
    .insert(userPapers)
    .values(
      attempts.map((a) => ({
        examId: exam.id,
        companySysCode: exam.companySysCode,
        status: ExamUserStatus.InProgress,
        ...a,
        createdAt: a.startTime,
      })),
    )
    .returning({ id: userPapers.id, userId: userPapers.userId, attemptNo: userPapers.attemptNo, deadline: userPapers.deadline });
  // matched by person and attempt number, not by the order RETURNING happens to give
  const byKey = new Map(rows.map((r) => [`${r.userId}:${r.attemptNo}`, r]));
  const stored = attempts.map((a) => byKey.get(`${a.userId}:${a.attemptNo}`)!);
  const copies = stored.flatMap((row, n) =>
    (drawn[n] ?? []).map((q) => ({
      userpaperId: row.id,
      qCode: q.qCode,
      qVersion: q.qVersion,
      sortOrder: q.order,
      showOrder: q.showOrder,
      optionOrder: q.optionOrder.join(','),
      qType: q.qType,
      qName: q.qName,
      options: JSON.stringify(q.options),
      answer: q.answer,
      analysis: q.analysis,
      difficulty: q.difficulty,
      score: q.score,
    })),
  );
  for (let i = 0; i < copies.length; i += COPIES_PER_STATEMENT)
    await db.insert(userPaperQuestions).values(copies.slice(i, i + COPIES_PER_STATEMENT));
  return stored.map((r) => ({ id: r.id, userId: r.userId, deadline: r.deadline }));
}
