import { ContentMsg } from '@xuetu/contract';
import { defineJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { activatedPeopleOf } from '../../directory/public.ts';
import { sendMessage } from '../message/message.service.ts';

// The jobs of notices (one place per module: docs/DEVELOPING.md "One way per concern").

/** A company's notice, once published, reaches its people as a message (DESIGN.md §4 "Messages"). */
export type NoticeFanOut = { code: string; title: string; company: string | null };

export const noticeFanOutJob = defineJob<NoticeFanOut>('notices.fan-out', {
  title: '公告消息分发',
  concurrency: 1,
  maxAttempts: 5,
  run: async (job, { ctx }) => {
    const n = job.payload;
    if (!n.company) return;
    const company = n.company;
    // one transaction: a retry after a failure never sends a message twice
    await inTransaction(ctx, async (tx) => {
      const people = await activatedPeopleOf(tx, company);
      await sendMessage(tx, {
        sentAt: ctx.clock.now(),
        userIds: people,
        title: ContentMsg.noticeMessageTitle(n.title),
        content: ContentMsg.noticeMessageContent,
        templeteType: 1,
        messageUrl: { pc: { type: 'tabin', value: { path: '/ydnotice/showview', query: { noticeSysCode: n.code } } } },
      });
    });
  },
});
