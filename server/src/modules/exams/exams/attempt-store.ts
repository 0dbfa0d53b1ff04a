import { ExamUserStatus } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { userPaperQuestions, userPapers } from '../../../db/schema/index.ts';
import { drawAttemptQuestions } from '../papers/draw.ts';
import * as paperRepo from '../papers/papers.repository.ts';
import type { ExamRow } from './exams.repository.ts';

/**
 * Stores a new attempt with its own copy of the drawn questions (ADR 0007): in the paper's order
 * with the paper's options and key, and the order this attempt shows them in (ADR 0040). Exam taking's begin
 * calls this inside its transaction; the partial unique index keeps one open attempt per person.
 * The attempt is owned by its learner (exam taking checked they were assigned): no company scope.
 */
export async function storeAttempt(
  db: DbOrTx,
  exam: ExamRow,
  a: { userId: number; attemptNo: number; seed: number; startTime: Date; deadline: Date },
): Promise<number> {
  const paper = (await paperRepo.papersById(db, [exam.paperId])).get(exam.paperId);
  if (!paper) throw new Error(`paper ${exam.paperId} of exam ${exam.examCode} is missing`);
  const questions = await drawAttemptQuestions(db, paper, a.seed, {
    shuffleQuestions: exam.isShuffleQuestion === 1,
    shuffleOptions: exam.isShuffleOption === 1,
  });
  const [row] = await db
    .insert(userPapers)
    .values({ examId: exam.id, companySysCode: exam.companySysCode, status: ExamUserStatus.InProgress, ...a, createdAt: a.startTime })
    .returning({ id: userPapers.id });
  if (questions.length)
    await db.insert(userPaperQuestions).values(
      questions.map((q) => ({
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
  return row.id;
}
