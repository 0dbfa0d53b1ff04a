import { JobMsg, jobsApi, Perm, pageWindow } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import * as service from './jobs.service.ts';

/** 系统管理 → 后台任务 (issue 10 item 1): progress and the last error of every background job. */
export const jobRoutes = routesOf(jobsApi, {
  getJobPageList: {
    access: { action: Perm.JobList },
    summary: '后台任务列表（进度、最后一次错误）',
    handler: ({ input, caller }) => service.listJobs(caller, input, pageWindow(input)),
  },
  retry: {
    access: { action: Perm.JobRetry },
    summary: '重试失败的后台任务',
    handler: async ({ input, caller }) => withMsg(await service.retryJob(caller, input.id), JobMsg.retried),
  },
});
