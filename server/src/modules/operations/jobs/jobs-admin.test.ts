import { type JobView, type PageResult, Perm } from '@xuetu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { actions, roleActions, roles } from '../../../db/schema/index.ts';
import { invalidateAllActors } from '../../../platform/actor.ts';
import { defineJob, enqueueJob } from '../../../platform/jobs/index.ts';
import { setJobResult } from '../../../platform/jobs/repository.ts';
import { inTransaction } from '../../../platform/tx.ts';

const LIST = '/Api/SysConfig/sys_job/GetJobPageList';
const RETRY = '/Api/SysConfig/sys_job/Retry';

let t: TestApp;
let admin: string;
let corpadmin: string;
let healthy = false;
const flaky = defineJob<{ n: number }>('test.flaky', {
  title: '测试任务',
  maxAttempts: 1,
  run: async () => {
    if (!healthy) throw new Error('磁盘已满');
  },
});
let jobId: number;
const counting = defineJob<{ rows: number }>('test.counting', {
  title: '测试导入',
  run: async (job, { ctx }) => setJobResult(ctx.db, job.id, { added: job.payload.rows, updated: 0 }),
});

beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.jobs.register(flaky);
  t.ctx.jobs.register(counting);
  await t.ctx.jobs.drain();
  jobId = (await inTransaction(t.ctx, (tx) => enqueueJob(tx, flaky, { n: 1 }, { now: t.ctx.clock.now() }))) as number;
  await t.ctx.jobs.drain();
  admin = await t.login('admin');
  corpadmin = await t.login('corpadmin');
});
afterAll(() => t.close());

describe('后台任务 (platform job list)', () => {
  it('shows a failed job with its name, attempts and the last error, and filters by status', async () => {
    const page = await t.post<PageResult<JobView>>(LIST, { status: 'failed', pageIndex: 1, pageSize: 20 }, admin);
    expect(page.success, page.msg).toBe(true);
    const job = page.data.models.find((j) => j.id === jobId);
    expect(job).toMatchObject({
      kind: 'test.flaky',
      title: '测试任务',
      status: 'failed',
      attempts: 1,
      maxAttempts: 1,
      lastError: '磁盘已满',
    });
    expect(page.data.models.every((j) => j.status === 'failed')).toBe(true);
    const done = await t.post<PageResult<JobView>>(LIST, { status: 'done' }, admin);
    expect(done.data.models.some((j) => j.id === jobId)).toBe(false);
  });

  it('shows what a job stored as its result, and null for a job that stored nothing', async () => {
    const id = (await inTransaction(t.ctx, (tx) => enqueueJob(tx, counting, { rows: 600 }, { now: t.ctx.clock.now() }))) as number;
    await t.ctx.jobs.drain();
    const page = await t.post<PageResult<JobView>>(LIST, { kind: 'test.counting' }, admin);
    expect(page.data.models.find((j) => j.id === id)).toMatchObject({ status: 'done', result: { added: 600, updated: 0 } });
    const failed = await t.post<PageResult<JobView>>(LIST, { kind: 'test.flaky' }, admin);
    expect(failed.data.models.find((j) => j.id === jobId)?.result).toBeNull();
  });

  it('refuses a status it does not know with a message', async () => {
    const res = await t.post(LIST, { status: 'lost' }, admin);
    expect(res).toMatchObject({ success: false, msg: '任务状态有误' });
  });

  it('retries a failed job, which then runs; a job that is not failed or does not exist is refused', async () => {
    healthy = true;
    const retry = await t.post<JobView>(RETRY, { id: jobId }, admin);
    expect(retry.success, retry.msg).toBe(true);
    expect(retry.msg).toBe('任务已重新排队');
    expect(retry.data).toMatchObject({ status: 'queued', attempts: 0 });
    await t.ctx.jobs.drain();
    const page = await t.post<PageResult<JobView>>(LIST, { kind: 'test.flaky' }, admin);
    expect(page.data.models[0]).toMatchObject({ id: jobId, status: 'done', progress: 100 });
    expect((await t.post(RETRY, { id: jobId }, admin)).code).toBe('JOB_NOT_RETRYABLE');
    expect((await t.post(RETRY, { id: 99_999_999 }, admin)).code).toBe('JOB_NOT_FOUND');
    expect((await t.post(RETRY, { id: 'x' }, admin)).msg).toBe('请选择任务');
  });

  it('stays closed to a company administrator even when their role is given the action', async () => {
    expect((await t.post(LIST, {}, corpadmin)).errorCode).toBe(403);
    const [role] = await t.ctx.db.select().from(roles).where(eq(roles.code, 'corpadmin'));
    const granted = await t.ctx.db
      .select()
      .from(actions)
      .where(and(eq(actions.value, Perm.JobList)));
    await t.ctx.db.insert(roleActions).values(granted.map((a) => ({ roleId: role.id, actionId: a.id })));
    await invalidateAllActors(t.ctx);
    const res = await t.post(LIST, {}, corpadmin);
    expect(res).toMatchObject({ success: false, errorCode: 403 });
  });
});
