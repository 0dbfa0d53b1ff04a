import {
  AdminMsg,
  AppErrorMessages,
  IMPORT_COLUMNS,
  type ImportJobStarted,
  type ImportJobView,
  idCardCheckChar,
  JobStatus,
} from '@xuetu/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER as U } from '../../../../test/api-paths.ts';
import { buildCompany, buildUser } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { buildWorkbook, uploadImportFile } from '../../../../test/uploads.ts';
import { jobs, users } from '../../../db/schema/index.ts';
import { invalidateActor } from '../../../platform/actor.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { IMPORT_INLINE_ROWS } from './jobs.ts';

// issue 10 item 1: a large user import is checked in the request and written by the durable job
// users.import (ADR 0026)

const clock = new ManualClock();
let t: TestApp;
let corp: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  corp = await t.login('corpadmin');
});
afterAll(() => t.close());

const idCard = (n: number) => {
  const first17 = `110105199${n % 10}0${(n % 9) + 1}1${n % 9}${String(n).padStart(3, '0').slice(-3)}`;
  return first17 + idCardCheckChar(first17);
};
const mobile = (n: number) => `137${String(10000000 + n).slice(-8)}`;

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => [
    `后台导入${from + i}`,
    idCard(from + i),
    mobile(from + i),
    '技术研发部/前端组',
    '前端工程师',
    '',
    '2027-12-31',
  ]);

const workbook = (data: (string | number)[][]) => buildWorkbook(IMPORT_COLUMNS, data, '学员');
const upload = async (buf: Buffer, token: string) => (await uploadImportFile(t, buf, 'users.xlsx', token)).data.url;

/** How many of the people numbered from..from+count-1 exist. */
async function existing(from: number, count: number): Promise<number> {
  const ids = Array.from({ length: count }, (_, i) => idCard(from + i));
  return (await t.ctx.db.select({ id: users.id }).from(users).where(inArray(users.idCard, ids))).length;
}

const drain = () => t.ctx.jobs.drain({ kinds: ['users.import'] });
const jobOf = (jobId: number, token = corp) => t.post<ImportJobView>(`${U}/GetImportJob`, { jobId }, token);

describe('a large import runs as a job', () => {
  const COUNT = IMPORT_INLINE_ROWS + 1;

  it('answers a job id at once, holds the company’s import until the job has written every row, and shows the job only to its importer', async () => {
    const url = await upload(await workbook(rows(1000, COUNT)), corp);
    const started = await t.post<ImportJobStarted>(`${U}/SaveExportIn`, { urls: [url] }, corp);
    expect(started).toMatchObject({ success: true, data: { rows: COUNT }, msg: AdminMsg.importStarted(COUNT) });
    const { jobId } = started.data;
    expect(jobId).toBeTypeOf('number');
    expect(await existing(1000, COUNT)).toBe(0);
    expect((await jobOf(jobId)).data).toEqual({ status: 'waiting', progress: 0, added: 0, updated: 0, error: '' });

    // the company's slot is held while the job waits: any other import of the company is refused
    const small = await upload(await workbook(rows(3000, 2)), corp);
    for (const path of ['SaveExportIn', 'checkuserinfo'])
      expect(await t.post(`${U}/${path}`, { urls: [small] }, corp)).toMatchObject({ success: false, code: 'IMPORT_BUSY' });

    // nobody else sees the job: platform staff, another administrator of the company, another company's
    const other = await buildCompany(t);
    const colleague = await buildUser(t, { roles: ['corpadmin'] });
    const otherAdmin = await buildUser(t, { company: other, roles: ['corpadmin'] });
    for (const token of [await t.login('admin'), await t.login('operator'), await colleague.signIn(), await otherAdmin.signIn()])
      expect(await jobOf(jobId, token)).toMatchObject({
        success: false,
        code: 'IMPORT_JOB_NOT_FOUND',
        msg: AppErrorMessages.IMPORT_JOB_NOT_FOUND,
      });
    expect((await jobOf(999_999)).code).toBe('IMPORT_JOB_NOT_FOUND');

    expect(await drain()).toBe(1);
    expect((await jobOf(jobId)).data).toEqual({ status: 'done', progress: 100, added: COUNT, updated: 0, error: '' });
    expect(await existing(1000, COUNT)).toBe(COUNT);
    const [one] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.idCard, idCard(1000)));
    expect(one).toMatchObject({ chnName: '后台导入1000', mobile: mobile(1000) });

    // the finished job let go: the small import runs inline as before
    expect(await t.post(`${U}/SaveExportIn`, { urls: [small] }, corp)).toMatchObject({
      success: true,
      data: { added: 2, updated: 0 },
      msg: AdminMsg.importDone(2, 0),
    });
  });

  it('keeps files of at most IMPORT_INLINE_ROWS rows inline', async () => {
    const url = await upload(await workbook(rows(4000, IMPORT_INLINE_ROWS)), corp);
    expect(await t.post(`${U}/SaveExportIn`, { urls: [url] }, corp)).toMatchObject({
      success: true,
      data: { added: IMPORT_INLINE_ROWS, updated: 0 },
      msg: AdminMsg.importDone(IMPORT_INLINE_ROWS, 0),
    });
  });

  it('plans again in the job: data changed since the check fails the job with the errors and writes nothing', async () => {
    const url = await upload(await workbook(rows(5000, COUNT)), corp);
    const { jobId } = (await t.post<ImportJobStarted>(`${U}/SaveExportIn`, { urls: [url] }, corp)).data;
    // meanwhile someone of the company takes the phone of the file's 6th person (row 7)
    const taker = await buildUser(t);
    await t.ctx.db
      .update(users)
      .set({ mobile: mobile(5005) })
      .where(eq(users.id, taker.id));
    expect(await drain()).toBe(1);
    const view = (await jobOf(jobId)).data;
    expect(view).toMatchObject({ status: 'failed', added: 0, updated: 0 });
    expect(view.error).toBe('第7行，手机号：已被本公司其他学员使用');
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(row).toMatchObject({ status: JobStatus.Failed, lastError: view.error, result: null });
    expect(await existing(5000, COUNT)).toBe(0);
    // the failed job let go of the company's slot
    expect((await t.post<string[]>(`${U}/checkuserinfo`, { urls: [url] }, corp)).data).toEqual(['第7行，手机号：已被本公司其他学员使用']);
  });

  it('refuses to write for an importer who may no longer import', async () => {
    const importer = await buildUser(t, { roles: ['corpadmin'] });
    const token = await importer.signIn();
    const url = await upload(await workbook(rows(7000, COUNT)), token);
    const { jobId } = (await t.post<ImportJobStarted>(`${U}/SaveExportIn`, { urls: [url] }, token)).data;
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, importer.id));
    await invalidateActor(t.ctx, importer.id);
    expect(await drain()).toBe(1);
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(row).toMatchObject({ status: JobStatus.Failed, lastError: AppErrorMessages.FORBIDDEN });
    expect(await existing(7000, COUNT)).toBe(0);
    // and the company may import again
    const small = await upload(await workbook(rows(7800, 1)), corp);
    expect((await t.post(`${U}/SaveExportIn`, { urls: [small] }, corp)).data).toEqual({ added: 1, updated: 0 });
  });

  it('lets go of the slot of a job that never ran within the hold, which then refuses to run', async () => {
    const url = await upload(await workbook(rows(8000, COUNT)), corp);
    const { jobId } = (await t.post<ImportJobStarted>(`${U}/SaveExportIn`, { urls: [url] }, corp)).data;
    // no runner for 7 hours (the hold is 6); the session of before has expired meanwhile
    clock.advance(7 * 3_600_000);
    corp = await t.login('corpadmin');
    expect((await t.post<string[]>(`${U}/checkuserinfo`, { urls: [url] }, corp)).data).toEqual([]);
    expect(await drain()).toBe(1);
    expect((await jobOf(jobId)).data).toMatchObject({ status: 'failed', error: AppErrorMessages.IMPORT_JOB_EXPIRED });
    expect(await existing(8000, COUNT)).toBe(0);
  });
});
