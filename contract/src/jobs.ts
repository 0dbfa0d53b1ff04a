import { z } from 'zod';
import { pagingShape } from './shared/common.schemas.ts';

/** Background job states (platform_job.status). */
export const JobStatus = {
  Queued: 'queued',
  Running: 'running',
  Done: 'done',
  Failed: 'failed',
} as const;
export type JobStatus = (typeof JobStatus)[keyof typeof JobStatus];

/** 系统管理 → 后台任务: the platform administrator's list of background jobs. */
export const jobPageBody = z.object({
  ...pagingShape,
  status: z.enum(['', JobStatus.Queued, JobStatus.Running, JobStatus.Done, JobStatus.Failed], { message: '任务状态有误' }).default(''),
  kind: z.string().trim().max(100, '任务类型过长').default(''),
});

/** A failed job is queued again with fresh attempts. */
export const jobRetryBody = z.object({ id: z.coerce.number({ message: '请选择任务' }).int().positive('请选择任务') });

export interface JobView {
  id: number;
  kind: string;
  /** the Chinese name of the kind */
  title: string;
  status: JobStatus;
  progress: number;
  attempts: number;
  maxAttempts: number;
  lastError: string;
  /** what the job stored for whoever follows it (e.g. an import's `{ added, updated }`); null until stored */
  result: Record<string, unknown> | null;
  createTime: string;
  /** when a queued job may run next ('' = now) */
  runAt: string;
  startTime: string;
  finishTime: string;
}

export const JobMsg = { retried: '任务已重新排队' } as const;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: '排队中',
  running: '运行中',
  done: '已完成',
  failed: '已失败',
};
