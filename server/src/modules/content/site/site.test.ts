import { describe, expect, it } from 'vitest';
import { fileAppSignedIn } from '../../../../test/helper.ts';

// Links, lecturers, display models, regulations documents and site settings administration.
const [t, admin, corp, learner] = await fileAppSignedIn('admin', 'corpadmin', 'learner01');

const fp = '/Api/Fp_Manage';
const sys = '/Api/SysConfig';

describe('access on every content endpoint', () => {
  const calls: [string, object][] = [
    [`${fp}/Fp_link/GetLinkDataList`, {}],
    [`${fp}/Fp_link/SaveLinkData`, { linkName: 'x', linkType: 1 }],
    [`${fp}/Fp_link/DelLinkData`, { linkCode: 'L-DEMO-11' }],
    [`${fp}/Fp_lecturer/GetLecturerDataList`, {}],
    [`${fp}/Fp_lecturer/SaveLecturerData`, { lecturerName: 'x' }],
    [`${fp}/Fp_lecturer/DelLecturerData`, { lecturerCode: 'T-DEMO-1' }],
    [`${fp}/Fp_modelinfo/GetModelInfoDataList`, {}],
    [`${fp}/Fp_modelinfo/SaveModelInfoData`, { modelName: 'x' }],
    [`${fp}/Fp_modelinfo/DelModelInfoData`, { modelCode: 'M-DEMO-1' }],
    [`${sys}/sys_regulation/GetRegulationDataList`, {}],
    [`${sys}/sys_regulation/SaveRegulationData`, { title: 'x', fileKey: 'x', fileName: 'x' }],
    [`${sys}/sys_regulation/DelRegulationData`, { docCode: 'D-DEMO-1' }],
    [`${sys}/sys_site/GetSiteSettings`, {}],
    [`${sys}/sys_site/SaveSiteSettings`, {}],
  ];
  it('answers 401 without a session and refuses learners and company administrators', async () => {
    for (const [path, body] of calls) {
      expect((await t.post(path, body)).errorCode, path).toBe(401);
      expect((await t.post(path, body, learner)).errorCode, path).toBe(403);
      // platform content: company administrators hold none of these actions by default
      expect((await t.post(path, body, corp)).errorCode, path).toBe(403);
    }
  });
});

describe('links', () => {
  it('creates, edits, hides and deletes a link; the portal follows at once', async () => {
    const portal = async () =>
      (await t.post<{ linkName: string }[]>('/Api/Ydxs/OpenApi/GetFPLinkInfoList', { linkType: 5 })).data.map((l) => l.linkName);
    await portal();
    expect(await t.post(`${fp}/Fp_link/SaveLinkData`, { linkName: '', linkType: 5 }, admin)).toMatchObject({
      success: false,
      msg: '请输入链接名称',
    });
    expect((await t.post(`${fp}/Fp_link/SaveLinkData`, { linkName: 'x', linkType: 6 }, admin)).success).toBe(false);
    expect(
      (await t.post(`${fp}/Fp_link/SaveLinkData`, { linkName: 'x', linkType: 5, pcLinkUrl: 'javascript:alert(1)' }, admin)).success,
    ).toBe(false);
    expect(
      (await t.post(`${fp}/Fp_link/SaveLinkData`, { linkName: 'x', linkType: 5, pcCoverUrlPath: 'data:image/png;base64,AA' }, admin))
        .success,
    ).toBe(false);
    const saved = await t.post<{ linkCode: string }>(
      `${fp}/Fp_link/SaveLinkData`,
      { linkName: '助学计划', linkType: 5, pcLinkUrl: 'https://example.org/' },
      admin,
    );
    expect(saved.success).toBe(true);
    expect(await portal()).toContain('助学计划');
    await t.post(`${fp}/Fp_link/SaveLinkData`, { linkCode: saved.data.linkCode, linkName: '助学计划', linkType: 5, status: 0 }, admin);
    expect(await portal()).not.toContain('助学计划');
    const adminList = await t.post<{ linkCode: string }[]>(`${fp}/Fp_link/GetLinkDataList`, { linkType: 5 }, admin);
    expect(adminList.data.map((l) => l.linkCode)).toContain(saved.data.linkCode);
    expect((await t.post(`${fp}/Fp_link/DelLinkData`, { linkCode: saved.data.linkCode }, admin)).success).toBe(true);
    expect((await t.post(`${fp}/Fp_link/DelLinkData`, { linkCode: saved.data.linkCode }, admin)).success).toBe(false);
  });
});

describe('lecturers', () => {
  it('saves intro videos into the playList and validates', async () => {
    expect(await t.post(`${fp}/Fp_lecturer/SaveLecturerData`, { lecturerName: ' ' }, admin)).toMatchObject({ msg: '请输入讲师姓名' });
    expect(
      (await t.post(`${fp}/Fp_lecturer/SaveLecturerData`, { lecturerName: 'x', videos: [{ key: 'javascript:1' }] }, admin)).success,
    ).toBe(false);
    const saved = await t.post<{ lecturerCode: string }>(
      `${fp}/Fp_lecturer/SaveLecturerData`,
      { lecturerName: '周老师', lecturerTag: '沟通', videos: [{ name: '试讲', key: 'https://cdn.example.com/v.mp4' }] },
      admin,
    );
    const detail = await t.post<{ playList: { item1: string; item2: string }[] }>(
      '/Api/Ydxs/OpenApi/GetFPLecturerDetailInfoData',
      saved.data,
    );
    expect(detail.data.playList).toEqual([{ item1: '试讲', item2: 'https://cdn.example.com/v.mp4' }]);
    expect((await t.post(`${fp}/Fp_lecturer/DelLecturerData`, saved.data, admin)).success).toBe(true);
    expect((await t.post('/Api/Ydxs/OpenApi/GetFPLecturerDetailInfoData', saved.data)).success).toBe(false);
  });
});

describe('display models', () => {
  it('filters by client type', async () => {
    await t.post(`${fp}/Fp_modelinfo/SaveModelInfoData`, { modelName: 'App 模块', clientType: 1 }, admin);
    const pc = await t.post<{ modelName: string }[]>('/Api/Fp_Manage/Fp_modelinfo/GetShowModelInfoDataList', { clientType: 2 });
    expect(pc.data.map((m) => m.modelName)).not.toContain('App 模块');
    const all = await t.post<{ modelName: string }[]>(`${fp}/Fp_modelinfo/GetModelInfoDataList`, { clientType: '' }, admin);
    expect(all.data.map((m) => m.modelName)).toContain('App 模块');
    expect(await t.post(`${fp}/Fp_modelinfo/SaveModelInfoData`, { modelName: '' }, admin)).toMatchObject({ msg: '请输入模块名称' });
  });
});

describe('regulations', () => {
  it('keeps company documents to their company', async () => {
    const op = await t.login('operator');
    const keys = await t.post<{ docCode: string; fileKey: string }[]>(`${sys}/sys_regulation/GetRegulationDataList`, {}, op);
    const fileKey = keys.data[0].fileKey;
    expect(
      (await t.post(`${sys}/sys_regulation/SaveRegulationData`, { title: 'x', fileKey: '/etc/passwd', fileName: 'a.pdf' }, op)).success,
    ).toBe(false);
    expect(await t.post(`${sys}/sys_regulation/SaveRegulationData`, { title: '', fileKey, fileName: 'a.pdf' }, op)).toMatchObject({
      msg: '请输入文件名称',
    });
    const saved = await t.post<{ docCode: string }>(
      `${sys}/sys_regulation/SaveRegulationData`,
      { title: '物流考勤制度', fileKey, fileName: '考勤.pdf', companySysCode: 'C-DEMO-LOGI' },
      op,
    );
    expect(saved.success).toBe(true);
    const logi = await t.post<{ title: string }[]>(`${sys}/sys_notice/Getguizhangzhidu`, {}, await t.login('other01'));
    expect(logi.data.map((d) => d.title)).toContain('物流考勤制度');
    const demo = await t.post<{ title: string }[]>(`${sys}/sys_notice/Getguizhangzhidu`, {}, learner);
    expect(demo.data.map((d) => d.title)).not.toContain('物流考勤制度');
    expect((await t.post(`${sys}/sys_regulation/DelRegulationData`, saved.data, op)).success).toBe(true);
  });
});

describe('site settings', () => {
  it('saves the footer and the portal shows it at once', async () => {
    await t.post('/Api/Ydxs/OpenApi/GetSiteConfig');
    expect((await t.post(`${sys}/sys_site/SaveSiteSettings`, { aboutUrl: 'javascript:alert(1)' }, admin)).success).toBe(false);
    const current = (await t.post<Record<string, string>>(`${sys}/sys_site/GetSiteSettings`, {}, admin)).data;
    const res = await t.post(`${sys}/sys_site/SaveSiteSettings`, { ...current, filingNumber: '京ICP备99999999号' }, admin);
    expect(res.success).toBe(true);
    const site = await t.post<{ filingNumber: string; workingHours: string }>('/Api/Ydxs/OpenApi/GetSiteConfig');
    expect(site.data).toMatchObject({ filingNumber: '京ICP备99999999号', workingHours: '工作日 09:00-17:30' });
  });

  it('refuses a malformed email or contact phone and keeps the saved values', async () => {
    const current = (await t.post<Record<string, string>>(`${sys}/sys_site/GetSiteSettings`, {}, admin)).data;
    const badEmail = await t.post(`${sys}/sys_site/SaveSiteSettings`, { ...current, supportEmail: 'service-at-xuetu' }, admin);
    expect(badEmail).toMatchObject({ success: false, msg: expect.stringContaining('请输入正确的邮箱地址') });
    const badPhone = await t.post(`${sys}/sys_site/SaveSiteSettings`, { ...current, contactPhone: '12345' }, admin);
    expect(badPhone).toMatchObject({ success: false, msg: expect.stringContaining('请输入正确的联系电话') });
    const after = (await t.post<Record<string, string>>(`${sys}/sys_site/GetSiteSettings`, {}, admin)).data;
    expect(after).toEqual(current);
    for (const contactPhone of ['400-800-2026', '010-62345678', '13800000001', '']) {
      const res = await t.post(
        `${sys}/sys_site/SaveSiteSettings`,
        { ...current, contactPhone, appDownloadUrl: 'https://app.example.com/d' },
        admin,
      );
      expect(res.success, contactPhone).toBe(true);
    }
    const site = await t.post<{ appDownloadUrl: string }>('/Api/Ydxs/OpenApi/GetSiteConfig');
    expect(site.data.appDownloadUrl).toBe('https://app.example.com/d');
  });
});
