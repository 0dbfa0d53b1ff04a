// The public surface of platform/jobs (ADR 0005).
export { type Backoff, defineJob, type JobDefinition, type JobRecord, type JobTools, type Schedule } from './define.ts';
export { type EnqueueOptions, enqueueJob, enqueueJobs } from './enqueue.ts';
export { failAbandonedJobs, liveJobIds } from './repository.ts';
export { JobRunner, nextOccurrence } from './runner.ts';
