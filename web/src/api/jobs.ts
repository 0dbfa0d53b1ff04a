import type { JobStatus, JobView, PageResult } from '@xuetu/contract';
import { post } from './request';

export const getJobPage = (q: { status: JobStatus | ''; kind?: string; pageIndex: number; pageSize: number }) =>
  post<PageResult<JobView>>('/Api/SysConfig/sys_job/GetJobPageList', q);

export const retryJob = (id: number) => post<JobView>('/Api/SysConfig/sys_job/Retry', { id });
