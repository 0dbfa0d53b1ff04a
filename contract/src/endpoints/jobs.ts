import { answer, endpoint } from '../endpoint.ts';
import type { JobView } from '../jobs.ts';
import { jobPageBody, jobRetryBody } from '../jobs.ts';
import type { PageResult } from '../schemas/common.ts';

/** The jobs calls (ADR 0039). */
export const jobsApi = {
  getJobPageList: endpoint({
    method: 'POST',
    path: '/Api/SysConfig/sys_job/GetJobPageList',
    input: jobPageBody,
    output: answer<PageResult<JobView>>(),
  }),
  retry: endpoint({ method: 'POST', path: '/Api/SysConfig/sys_job/Retry', input: jobRetryBody, output: answer<JobView>() }),
};
