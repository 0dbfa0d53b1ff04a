import { IMPORT_COLUMNS, idCardCheckChar } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSignedIn, type TestApp } from '../../../../test/helper.ts';
import { buildWorkbook, uploadImportFile } from '../../../../test/uploads.ts';
import { AppError, appError } from '../../../platform/errors.ts';
import { OffLoop, type OffLoopOptions } from '../../../platform/off-loop.ts';

// A worker that dies mid-read (an abort, out of memory, a bug in a reader): the caller gets
// IMPORT_READ_FAILED in Chinese, nothing is imported, and the next read gets a fresh worker.
// test/crash-worker.ts plays the dying reader.

const CRASH = new URL('../../../../test/crash-worker.ts', import.meta.url);
const FAILED = '文件过大或内容过于复杂，无法读取，未导入任何内容；请检查文件或拆分后分批导入';
const opts = {
  budgetMs: 20_000,
  overBudget: () => appError('IMPORT_READ_TIMEOUT'),
  crashed: () => appError('IMPORT_READ_FAILED'),
};

describe('OffLoop: a worker that dies', () => {
  for (const how of ['exit', 'throw'])
    it(`(${how}) answers the crash error, and the next read works`, async () => {
      const loop = new OffLoop(CRASH, 1);
      expect(await loop.run('first', opts)).toBe('read first');
      const crashed = await loop.run(how, opts).catch((e: unknown) => e);
      expect(crashed).toBeInstanceOf(AppError);
      expect(crashed).toMatchObject({ code: 'IMPORT_READ_FAILED', msg: FAILED });
      expect(await loop.run('again', opts)).toBe('read again');
    });
});

describe('the user import when its reader dies', () => {
  let t: TestApp;
  let corp: string;
  beforeAll(async () => ([t, corp] = await appSignedIn('corpadmin')));
  afterAll(() => t.close());

  it('IMPORT_READ_FAILED in Chinese, nothing imported; the next read works', async () => {
    const first17 = '11010519900101777';
    const up = await uploadImportFile(
      t,
      await buildWorkbook(IMPORT_COLUMNS, [['崩溃学员', first17 + idCardCheckChar(first17), '13711117777']], '学员'),
      'users.xlsx',
      corp,
    );
    expect(up.success, up.msg).toBe(true);
    // the import's next read goes to a worker that dies, with the import's own options (its
    // errors); its pool may hold idle workers that earlier files in this process started
    const dying = new OffLoop(CRASH, 1);
    let swapped = false;
    const swap = vi.spyOn(OffLoop.prototype, 'run').mockImplementationOnce((_input: unknown, options: OffLoopOptions) => {
      swapped = true;
      return dying.run('exit', options);
    });
    const res = await t.post('/Api/User/user_user/SaveExportIn', { urls: [up.data.url] }, corp);
    expect(res).toMatchObject({ success: false, code: 'IMPORT_READ_FAILED', msg: FAILED });
    expect(swapped).toBe(true);
    swap.mockRestore();
    const count = async () =>
      (await t.post<{ totalCount: number }>('/Api/User/user_user/GetUserList', { Key: '崩溃学员' }, corp)).data.totalCount;
    expect(await count()).toBe(0);
    const done = await t.post('/Api/User/user_user/SaveExportIn', { urls: [up.data.url] }, corp);
    expect(done, done.msg).toMatchObject({ success: true, data: { added: 1, updated: 0 } });
    expect(await count()).toBe(1);
  });
});
