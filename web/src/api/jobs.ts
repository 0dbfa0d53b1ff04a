import { type JobStatus, jobsApi } from '@xuetu/contract';
import { call } from './client';

export const getJobPage = (q: { status: JobStatus | ''; kind?: string; pageIndex: number; pageSize: number }) =>
  call(jobsApi.getJobPageList, q);

export const retryJob = (id: number) => call(jobsApi.retry, { id });
