import { ExamStatus, type MessageLink } from '@xuetu/contract';
import { defineJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { sendMessage } from '../../content/public.ts';
import { findExamById } from '../../exams/public.ts';
import { claimUnnotified } from './roster.repository.ts';

/** Message template type of exam messages (the home list filters by TempleteType). */
export const EXAM_MESSAGE_TYPE = 1;

/** spec: the message opens the dashboard's exam tab (messageUrl tabin). */
export function examMessageUrl(examCode: string): MessageLink {
  return { pc: { type: 'tabin', value: { path: '/dashboard', query: { tab: 'exam', examCode } } } };
}

/**
 * Sends the exam message to everyone assigned and not told yet (publish, later edits, people
 * who join a picked department). Claiming and sending share one transaction, so a retry after a
 * crash sends to nobody twice and a doubled job finds nobody left.
 */
// the kind keeps its name from when the roster was the exams module's: jobs already queued run on
export const notifyAssignedJob = defineJob<{ examId: number }>('exams.notifyAssigned', {
  title: '考试通知',
  concurrency: 2,
  run: async (job, { ctx }) => {
    await inTransaction(ctx, async (tx) => {
      const exam = await findExamById(tx, job.payload.examId);
      if (!exam) return;
      const now = ctx.clock.now();
      const userIds = await claimUnnotified(tx, exam.id, now);
      // closed (or deleted) before the message went out: nobody needs it any more
      if (exam.status !== ExamStatus.Published || !userIds.length) return;
      await sendMessage(tx, {
        sentAt: now,
        userIds,
        title: `考试通知：${exam.examName}`,
        content: `您有一场新的考试「${exam.examName}」，请在考试时间内完成。`,
        templeteType: EXAM_MESSAGE_TYPE,
        messageUrl: examMessageUrl(exam.examCode),
      });
    });
  },
});
