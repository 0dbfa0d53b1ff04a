import { type MessageLink, ProjectStatus } from '@xuetu/contract';
import { defineJob } from '../../platform/jobs/index.ts';
import { inTransaction } from '../../platform/tx.ts';
import { sendMessage } from '../content/public.ts';
import { resolveParticipants } from './participants.ts';
import * as repo from './projects.repository.ts';

/** Message template type of project messages (the home list shows type 1). */
export const PROJECT_MESSAGE_TYPE = 1;

/** The message opens the project's detail page (messageUrl tabin). */
export function projectMessageUrl(projectCode: string): MessageLink {
  return { pc: { type: 'tabin', value: { path: '/project/detail', query: { projectCode } } } };
}

/**
 * Tells every picked participant of a published project who has not been told yet (publish, and
 * later participant changes). Claiming and sending share one transaction: a retry after a crash
 * tells nobody twice, a doubled job finds nobody left.
 */
export const notifyProjectJob = defineJob<{ projectId: number }>('projects.notifyParticipants', {
  title: '培训项目通知',
  concurrency: 2,
  run: async (job, { ctx }) => {
    await inTransaction(ctx, async (tx) => {
      const project = await repo.findProjectById(tx, job.payload.projectId);
      if (!project || project.status !== ProjectStatus.Published) return;
      const people = await resolveParticipants(tx, project);
      const now = ctx.clock.now();
      const userIds = await repo.claimNotices(tx, project.id, people, now);
      if (!userIds.length) return;
      await sendMessage(tx, {
        sentAt: now,
        userIds,
        title: `培训通知：${project.projectName}`,
        content: `您被安排参加培训项目「${project.projectName}」（${project.startDate} 至 ${project.endDate}），请在项目周期内完成学习。`,
        templeteType: PROJECT_MESSAGE_TYPE,
        messageUrl: projectMessageUrl(project.projectCode),
      });
    });
  },
});
