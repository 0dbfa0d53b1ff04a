import type { PageResult } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeCalls } from '../../../../../bench/src/scenarios/home.ts';
import { buildNotice } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';

// The public home page's calls: visibility by who is looking, and the cache cleared on writes.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Notice = { noticeSysCode: string; noticeTitle: string; releaseTime: string; companySysCode: string; status: number };
const codes = (p: PageResult<Notice>) => p.models.map((m) => m.noticeSysCode);
const list = (token?: string, body: object = { pageIndex: 1, pageRows: 100 }) =>
  t.post<PageResult<Notice>>('/Api/Ydxs/OpenApi/GetInfoNoticeDataPageList', body, token);

describe('notice visibility', () => {
  it('shows anonymous visitors published platform-wide notices only', async () => {
    const res = await list();
    expect(res.success).toBe(true);
    expect(codes(res.data)).toContain('N-DEMO-01');
    expect(codes(res.data)).not.toContain('N-DEMO-CORP');
    expect(codes(res.data)).not.toContain('N-DEMO-LOGI');
    expect(codes(res.data)).not.toContain('N-DEMO-DRAFT');
    expect(res.data.models.every((m) => m.status === 2 && m.companySysCode === '')).toBe(true);
  });

  it('adds a learner’s own company notices, never another company’s or drafts', async () => {
    const learner = await t.login('learner01');
    const mine = codes((await list(learner)).data);
    expect(mine).toContain('N-DEMO-CORP');
    expect(mine).not.toContain('N-DEMO-LOGI');
    expect(mine).not.toContain('N-DEMO-DRAFT');
    const other = codes((await list(await t.login('other01'))).data);
    expect(other).toContain('N-DEMO-LOGI');
    expect(other).not.toContain('N-DEMO-CORP');
  });

  it('answers a draft or another company’s notice detail like a missing one', async () => {
    const learner = await t.login('learner02');
    for (const code of ['N-DEMO-DRAFT', 'N-DEMO-LOGI', 'nope']) {
      const res = await t.post('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', { noticeSysCode: code }, learner);
      expect(res).toMatchObject({ success: false, msg: '公告不存在或已下线' });
    }
    expect((await t.post('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', { noticeSysCode: 'N-DEMO-CORP' })).success).toBe(false);
    expect((await t.post('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', { noticeSysCode: 'N-DEMO-CORP' }, learner)).success).toBe(true);
  });
});

describe('notice list paging and sort', () => {
  it('pages 10 by default, newest release first, with the total', async () => {
    const p1 = await list(undefined, { pageIndex: 1 });
    const p2 = await list(undefined, { PageIndex: 2, pageRows: 10, sortField: 'ReleaseTime', sortType: 'desc' });
    expect(p1.data.models).toHaveLength(10);
    expect(p1.data.totalCount).toBe(13);
    expect(p2.data.models).toHaveLength(3);
    const all = [...p1.data.models, ...p2.data.models].map((m) => m.releaseTime);
    expect([...all].sort().reverse()).toEqual(all);
    expect(new Set([...codes(p1.data), ...codes(p2.data)]).size).toBe(13);
  });

  it('searches by keyword', async () => {
    const res = await list(undefined, { search: { keyword: '考试' } });
    expect(res.data.models.length).toBeGreaterThan(0);
    expect(res.data.models.every((m) => m.noticeTitle.includes('考试'))).toBe(true);
  });

  it('refuses bad paging input with a message naming the field', async () => {
    const res = await list(undefined, { pageIndex: 'x' });
    expect(res.success).toBe(false);
    expect(res.msg).toContain('pageIndex');
  });
});

describe('notice detail', () => {
  it('gives the viewer fields, the attachments and the second title', async () => {
    const res = await t.post<{
      noticeSecondTitle: string;
      noticeValue: string;
      releaseYear: string;
      releaseMonth: string;
      releaseDay: string;
      enclosure: { nId: number; enclosureName: string; enclosurloadUrl: string }[];
    }>('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', { noticeSysCode: 'N-DEMO-01' });
    expect(res.success).toBe(true);
    expect(res.data.noticeSecondTitle).toContain('\n');
    expect(res.data.releaseYear).toMatch(/^\d{4}$/);
    expect(res.data.enclosure).toHaveLength(2);
    const file = await t.inject({ method: 'GET', url: res.data.enclosure[0].enclosurloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.body.startsWith('%PDF')).toBe(true);
  });

  it('counts each view once, not each reload within the window', async () => {
    const { noticeSysCode } = await buildNotice(t);
    const pv = async (token?: string) =>
      (await t.post<{ pv: number }>('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', { noticeSysCode }, token)).data.pv;
    const a = await pv();
    expect(a).toBe(1);
    expect(await pv()).toBe(a);
    const learner = await t.login('learner03');
    expect(await pv(learner)).toBe(a + 1);
    expect(await pv(learner)).toBe(a + 1);
    expect(await pv(await t.login('learner04'))).toBe(a + 2);
  });
});

describe('home page calls', () => {
  it('answers every call of the bench scenario for an anonymous visitor', async () => {
    for (const call of homeCalls) {
      const res = await t.post(call.path.replace(/^\/prod-api/, ''), call.body);
      expect(res.success, call.path).toBe(true);
    }
  });

  it('lists links by type, banners, lecturers with a playable video, models and the footer', async () => {
    for (const linkType of [0, 1, 2, 3, 4, 5]) {
      const res = await t.post<{ linkType: number }[]>('/Api/Ydxs/OpenApi/GetFPLinkInfoList', { linkType });
      expect(res.data.length, `type ${linkType}`).toBeGreaterThan(0);
      expect(res.data.every((l) => l.linkType === linkType)).toBe(true);
    }
    const banners = await t.post<{ pcBanner: string; pcLinkUrl: string }[]>('/Api/SysConfig/sys_notice/GetHomePageImageNotice');
    expect(banners.data).toHaveLength(1);
    expect(banners.data[0].pcLinkUrl).toBe('/ydnotice/showview?noticeSysCode=N-DEMO-BANNER');
    const img = await t.inject({ method: 'GET', url: banners.data[0].pcBanner });
    expect(img.headers['content-type']).toBe('image/png');
    const lecturers = await t.post<{ lecturerCode: string }[]>('/Api/Ydxs/OpenApi/GetFPLecturerInfoList');
    expect(lecturers.data.length).toBe(4);
    const detail = await t.post<{ playList: { item1: string; item2: string }[]; profilesDetail: string }>(
      '/Api/Ydxs/OpenApi/GetFPLecturerDetailInfoData',
      { lecturerCode: lecturers.data[0].lecturerCode },
    );
    expect(detail.data.profilesDetail).not.toBe('');
    expect((await t.post('/Api/Ydxs/OpenApi/GetFPLecturerDetailInfoData', { lecturerCode: 'L-NONE' })).code).toBe('LECTURER_NOT_FOUND');
    if (detail.data.playList.length) expect(detail.data.playList[0].item2).toMatch(/^\/prod-api\/files\/.+\.mp4$/);
    const models = await t.post<{ clientType: number }[]>('/Api/Fp_Manage/Fp_modelinfo/GetShowModelInfoDataList', { clientType: 2 });
    expect(models.data.length).toBe(4);
    const site = await t.post<{ workingHours: string; filingNumber: string }>('/Api/Ydxs/OpenApi/GetSiteConfig');
    expect(site.data.workingHours).toContain('09:00-17:30');
    expect(site.data.filingNumber).not.toBe('');
  });

  it('serves the calls from the cache and shows a change at once', async () => {
    const before = await t.post<{ linkName: string }[]>('/Api/Ydxs/OpenApi/GetFPLinkInfoList', { linkType: 1 });
    const keys = await t.ctx.cache.get('portal:anon:links:1');
    expect(keys).toEqual(before.data);
    const admin = await t.login('admin');
    const saved = await t.post(
      '/Api/Fp_Manage/Fp_link/SaveLinkData',
      { linkName: '新的导航', linkType: 1, pcLinkUrl: '/home', sortOrder: 99 },
      admin,
    );
    expect(saved.success).toBe(true);
    const after = await t.post<{ linkName: string }[]>('/Api/Ydxs/OpenApi/GetFPLinkInfoList', { linkType: 1 });
    expect(after.data.map((l) => l.linkName)).toContain('新的导航');
  });

  it('keeps company notices out of the anonymous cache entry', async () => {
    const learner = await t.login('learner05');
    await t.post('/Api/Ydxs/OpenApi/GetFPNoticeInfoList', { top: 20 }, learner);
    const anon = await t.post<Notice[]>('/Api/Ydxs/OpenApi/GetFPNoticeInfoList', { top: 20 });
    expect(anon.data.map((n) => n.noticeSysCode)).not.toContain('N-DEMO-CORP');
  });
});

describe('regulations', () => {
  it('needs a session and lists platform-wide plus own company documents with their type', async () => {
    expect((await t.post('/Api/SysConfig/sys_notice/Getguizhangzhidu')).errorCode).toBe(401);
    const res = await t.post<{ docCode: string; fileType: string; fileUrl: string }[]>(
      '/Api/SysConfig/sys_notice/Getguizhangzhidu',
      {},
      await t.login('learner06'),
    );
    const got = res.data.map((d) => d.docCode);
    expect(got).toEqual(['D-DEMO-1', 'D-DEMO-2', 'D-DEMO-3']);
    expect(res.data.map((d) => d.fileType)).toEqual(['pdf', 'doc', 'pdf']);
    const file = await t.inject({ method: 'GET', url: res.data[1].fileUrl });
    expect(file.statusCode).toBe(200);
  });
});
