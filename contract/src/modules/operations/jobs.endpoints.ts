import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { JobView } from '../../jobs.ts';
import { jobPageBody, jobRetryBody } from '../../jobs.ts';
import type { PageResult } from '../../shared/common.schemas.ts';

/** The jobs calls (ADR 0039). */
export const jobsApi = /* @__PURE__ */ defineGroup('operations', 'jobs', {
  getJobPageList: endpoint({ path: '/Api/SysConfig/sys_job/GetJobPageList', input: jobPageBody, output: answer<PageResult<JobView>>() }),
  retry: endpoint({ path: '/Api/SysConfig/sys_job/Retry', input: jobRetryBody, output: answer<JobView>() }),
});
