import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { JobView } from '../../jobs.ts';
import { jobPageBody, jobRetryBody } from '../../jobs.ts';
import type { PageResult } from '../../shared/common.schemas.ts';

// the original system's controllers these paths are under
const sysJob = '/Api/SysConfig/sys_job';

/** The jobs calls (ADR 0039). */
export const jobsApi = /* @__PURE__ */ defineGroup('operations', 'jobs', {
  getJobPageList: endpoint({ path: `${sysJob}/GetJobPageList`, input: jobPageBody, output: answer<PageResult<JobView>>() }),
  retry: endpoint({ path: `${sysJob}/Retry`, input: jobRetryBody, output: answer<JobView>() }),
});
