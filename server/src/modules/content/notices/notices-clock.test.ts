import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { ManualClock } from '../../../platform/clock.ts';

// Release times are compared with the app's clock, not the database's now(): a test moves time
// forward instead of sleeping or rewriting rows (issue 10 item 3).
const clock = new ManualClock('2026-03-02T01:00:00Z');
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await t.login('admin');
});
afterAll(() => t.close());

it('a notice scheduled for the day after tomorrow appears when the clock gets there', async () => {
  const added = await t.post<{ noticeSysCode: string }>(
    '/Api/SysConfig/sys_notice/AddNotice',
    { noticeTitle: '定时发布的公告', releaseTime: '2026-03-04 08:00:00', publish: true },
    admin,
  );
  expect(added.success, added.msg).toBe(true);
  const open = () => t.post('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', { noticeSysCode: added.data.noticeSysCode });
  expect((await open()).code).toBe('NOTICE_NOT_FOUND');
  clock.advance(24 * 3600_000);
  expect((await open()).code).toBe('NOTICE_NOT_FOUND');
  clock.advance(2 * 24 * 3600_000);
  const shown = await open();
  expect(shown.success, shown.msg).toBe(true);
});
