import { type MarkingRow, type PageResult, UserExamMsg } from '@xuetu/contract';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { sendMessage } from '../../content/public.ts';
import { examWithPaper, findExamInScope } from '../../exams/public.ts';
import { authorize } from '../exam-taking.policy.ts';
import * as repo from '../exam-taking.repository.ts';
import { resultChanged } from '../results/standing-hook.ts';
import * as roster from '../roster/roster.repository.ts';
import { sumScores } from './scoring.ts';

/** The exam of the administrator's company; another company's answers like a missing one. */
export async function examInScope(caller: Caller, examCode: string) {
  const found = await findExamInScope(caller.ctx.db, caller.scope, examCode);
  if (!found) throw appError('EXAM_NOT_FOUND');
  authorize(caller, 'administer', found.exam);
  return found;
}

/** GetQueue: the exam's answered short answers, unmarked first. */
export async function markingQueue(
  caller: Caller,
  f: { examCode: string; qCode: string },
  window: { limit: number; offset: number },
): Promise<PageResult<MarkingRow>> {
  const { exam } = await examInScope(caller, f.examCode);
  const { rows, total } = await repo.markingQueue(caller.ctx.db, caller.scope, exam.id, f.qCode, window);
  const names = await repo.peopleNames(
    caller.ctx.db,
    rows.map((r) => r.userId),
  );
  return {
    models: rows.map(({ q, userId }) => ({
      userpaperId: q.userpaperId,
      qCode: q.qCode,
      qName: q.qName,
      answerStr: q.answerStr ?? '',
      score: q.score,
      scoreGot: q.marked ? q.scoreGot : null,
      comment: q.comment,
      chnName: names.get(userId)?.chnName ?? '',
      marked: q.marked,
      answer: q.answer,
    })),
    totalCount: total,
  };
}

/**
 * Mark: scores one short answer (again, if already marked). The attempt's total, pass and
 * delayMarkingPapers follow; when the last short answer is marked the learner gets a message.
 */
export async function markAnswer(
  caller: Caller,
  input: { userpaperId: number; qCode: string; score: number; comment: string },
): Promise<{ delayMarkingPapers: number; score: number }> {
  const actor = requireActor(caller);
  return inTransaction(caller, async (tx) => {
    const attempt = await repo.findAttempt(tx, input.userpaperId, 'update');
    if (!attempt) throw appError('ATTEMPT_NOT_FOUND');
    authorize(caller, 'mark', attempt);
    const q = await repo.findAttemptQuestion(tx, attempt.id, input.qCode);
    if (!q) throw appError('ATTEMPT_QUESTION_NOT_FOUND');
    if (q.qType !== 5) throw appError('MARK_NOT_ESSAY');
    if (input.score > q.score || Math.round(input.score * 100) !== input.score * 100)
      throw appErrorMsg('MARK_SCORE_RANGE', UserExamMsg.markScoreRange(q.score));
    const { exam } = await examWithPaper(tx, attempt.examId);
    await repo.writeMark(tx, caller.scope, attempt.id, q.qCode, {
      scoreGot: input.score,
      isPass: input.score >= q.score ? 1 : 0,
      comment: input.comment,
      markedBy: actor.userId,
      markedAt: caller.now,
    });
    const questions = await repo.attemptQuestions(tx, attempt.id);
    const delay = questions.filter((x) => x.marked === 0).length;
    const score = sumScores(questions.map((x) => x.scoreGot));
    await repo.updateMarkedAttempt(tx, caller.scope, attempt.id, {
      score,
      delayMarkingPapers: delay,
      isPass: delay === 0 && score >= exam.passScore ? 1 : 0,
    });
    await roster.updateBestScore(
      tx,
      caller.scope,
      attempt.examId,
      attempt.userId,
      await repo.bestScore(tx, attempt.examId, attempt.userId),
    );
    // a re-mark can give or take away a pass: modules above (certificates) act on it in this transaction
    await resultChanged(tx, { examId: attempt.examId, userId: attempt.userId, now: caller.now });
    if (delay === 0 && attempt.delayMarkingPapers > 0)
      await sendMessage(tx, {
        sentAt: caller.now,
        userIds: [attempt.userId],
        title: UserExamMsg.markedTitle(exam.examName),
        content: UserExamMsg.markedContent(exam.examName),
        templeteType: 1,
        messageUrl: { pc: { type: 'tabin', value: { path: '/ysUserExam/examview', query: { userpaperId: String(attempt.id) } } } },
      });
    await recordAudit(tx, caller, {
      action: 'exam.mark',
      target: `${attempt.id}/${q.qCode}`,
      detail: { score: input.score },
    });
    return { delayMarkingPapers: delay, score };
  });
}
