import { spawnSync } from 'node:child_process';
import type { AuditHistoryRow, BatchOutcome, PageResult, ResDirNode, ResView } from '@xuetu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES_DIR as D, TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { fileAppSignedIn } from '../../../../test/helper.ts';
import { OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { PLATFORM_WIDE } from '../../../platform/scope.ts';
import * as dirRepo from '../dirs/dirs.repository.ts';
import * as resRepo from './resources.repository.ts';

// Directories (Train_ResDir) and resource administration (Train_Res) with the audit workflow.
// Each route: no session / wrong action / other company / bad input / success.

const [t, admin, corp, learner] = await fileAppSignedIn('admin', 'corpadmin', 'learner01');

async function addDir(dName: string, token = corp, extra: Record<string, unknown> = {}) {
  const res = await t.post<{ dCode: string; dNo: string }>(`${D}/SaveData`, { dName, ...extra }, token);
  expect(res.success, res.msg).toBe(true);
  return res.data;
}

async function addRes(dCode: string, extra: Record<string, unknown> = {}, token = corp) {
  const res = await t.post<{ resCode: string }>(
    `${R}/AddData`,
    { resName: '图文课', resType: 4, content: '<p>正文</p>', dCode, ...extra },
    token,
  );
  expect(res.success, res.msg).toBe(true);
  return res.data.resCode;
}

const status = async (rescode: string, token = corp) => (await t.post<ResView>(`${R}/GetTrainRes`, { rescode }, token)).data.auditStatus;

describe('directories', () => {
  it('no session, learner, bad input', async () => {
    for (const call of ['GetTreeData', 'SaveData', 'DeleteData', 'GetListByPNo'])
      expect((await t.post(`${D}/${call}`, { dName: 'x', dcode: 'x' })).errorCode).toBe(401);
    for (const call of ['GetTreeData', 'SaveData', 'DeleteData', 'GetListByPNo'])
      expect((await t.post(`${D}/${call}`, { dName: 'x', dcode: 'x' }, learner)).errorCode).toBe(403);
    expect((await t.post(`${D}/SaveData`, { dName: '  ' }, corp)).msg).toBe('请输入目录名称');
    expect((await t.post(`${D}/SaveData`, { dName: 'x', dpNo: '9999x' }, corp)).code).toBe('RES_DIR_NOT_FOUND');
  });

  it('creates top-level and child directories, renames, moves, reorders; refuses a loop', async () => {
    const top = await addDir('安全培训');
    const child = await addDir('消防', corp, { dpNo: top.dNo });
    const other = await addDir('管理培训');
    const tree = (await t.post<ResDirNode[]>(`${D}/GetTreeData`, {}, corp)).data;
    const node = tree.find((n) => n.dCode === top.dCode)!;
    expect(node).toMatchObject({ dName: '安全培训', dpNo: '00', companySysCode: 'C-DEMO-TECH' });
    expect(node.children.map((c) => c.dName)).toEqual(['消防']);
    // rename + move under another directory + sort
    expect((await t.post(`${D}/SaveData`, { dCode: child.dCode, dName: '消防安全', dpNo: other.dNo, sort: 5 }, corp)).success).toBe(true);
    const children = (await t.post<ResDirNode[]>(`${D}/GetListByPNo`, { pNo: other.dNo }, corp)).data;
    expect(children.map((c) => [c.dName, c.sort])).toEqual([['消防安全', 5]]);
    expect((await t.post(`${D}/SaveData`, { dCode: other.dCode, dName: '管理培训', dpNo: child.dNo }, corp)).code).toBe(
      'RES_DIR_PARENT_LOOP',
    );
    expect((await t.post(`${D}/SaveData`, { dCode: other.dCode, dName: 'x', dNo: '12345' }, corp)).code).toBe('RES_DIR_NO_MISMATCH');
    // drag-reorder of top-level ones
    await t.post(`${D}/SaveData`, { dCode: other.dCode, dName: '管理培训', sort: -100 }, corp);
    const tops = (await t.post<ResDirNode[]>(`${D}/GetListByPNo`, {}, corp)).data.map((n) => n.dCode);
    expect(tops.indexOf(other.dCode)).toBeLessThan(tops.indexOf(top.dCode));
  });

  it('refuses deleting while it or a child holds resources, with the count; deletes an empty one with its children', async () => {
    const top = await addDir('待删');
    const child = await addDir('待删子', corp, { dpNo: top.dNo });
    await addRes(child.dCode);
    await addRes(child.dCode);
    expect(await t.post(`${D}/DeleteData`, { dcode: top.dCode }, corp)).toMatchObject({
      success: false,
      code: 'RES_DIR_HAS_RESOURCES',
      msg: '该目录（含下级目录）下还有 2 个资源，请先移走或删除资源',
    });
    const empty = await addDir('空');
    await addDir('空子', corp, { dpNo: empty.dNo });
    expect((await t.post(`${D}/DeleteData`, { dcode: empty.dCode }, corp)).success).toBe(true);
    const all = JSON.stringify((await t.post(`${D}/GetTreeData`, {}, corp)).data);
    expect(all).not.toContain('空子');
  });

  it("another company's directory answers like a missing one; platform directories are shared but only staff change them", async () => {
    const theirs = await addDir('物流目录', admin, { companySysCode: OTHER_COMPANY.companySysCode });
    const platform = await addDir('平台公共目录', admin);
    expect((await t.post(`${D}/DeleteData`, { dcode: theirs.dCode }, corp)).code).toBe('RES_DIR_NOT_FOUND');
    expect((await t.post(`${D}/SaveData`, { dCode: theirs.dCode, dName: 'x' }, corp)).code).toBe('RES_DIR_NOT_FOUND');
    expect((await t.post(`${D}/SaveData`, { dName: 'x', dpNo: theirs.dNo }, corp)).code).toBe('RES_DIR_NOT_FOUND');
    expect((await t.post(`${D}/SaveData`, { dCode: platform.dCode, dName: '改名' }, corp)).code).toBe('RES_DIR_NOT_FOUND');
    const tree = JSON.stringify((await t.post(`${D}/GetTreeData`, {}, corp)).data);
    expect(tree).toContain('平台公共目录');
    expect(tree).not.toContain('物流目录');
    // a company directory below a platform one
    expect((await addDir('本公司子目录', corp, { dpNo: platform.dNo })).dCode).toBeTruthy();
    // the home page tabs: public, top level
    const index = await t.post<{ dName: string }[]>(`${D}/GetIndexResDirList`, {});
    expect(index.success).toBe(true);
    expect(index.data.map((d) => d.dName)).toContain('平台公共目录');
    expect(index.data.map((d) => d.dName)).not.toContain('物流目录');
    const mine = await t.post<{ dName: string }[]>(`${D}/GetIndexResDirList`, { dNo: '00' }, learner);
    expect(mine.data.map((d) => d.dName)).toContain('安全培训');
  });
});

describe('resources', () => {
  let dir: string;
  beforeAll(async () => {
    dir = (await addDir('资源测试')).dCode;
  });

  it('no session and wrong action on every administration call', async () => {
    const calls = [
      'GetTrainResPageList',
      'GetSearchPageList',
      'GetTrainResAuditPageList',
      'GetTrainRes',
      'AddData',
      'UpdateData',
      'ChangeDirectory',
      'MultiChangeDirectory',
      'ReOrder',
      'SetPrivate',
      'SetRecommend',
      'EditRecommendRes',
      'Delete',
      'BatchDelete',
      'PostCheck',
      'BatchPostCheck',
      'Audit',
      'Revoke',
      'GetAuditHistory',
    ];
    for (const call of calls) {
      expect((await t.post(`${R}/${call}`, { rescode: 'x' })).errorCode, call).toBe(401);
      expect((await t.post(`${R}/${call}`, { rescode: 'x' }, learner)).errorCode, call).toBe(403);
    }
  });

  it('bad input changes nothing and says why', async () => {
    expect((await t.post(`${R}/AddData`, { resType: 4, dCode: dir }, corp)).msg).toBe('请输入资源名称');
    expect((await t.post(`${R}/AddData`, { resName: 'x', resType: 7, dCode: dir }, corp)).msg).toBe('请选择资源类型');
    expect((await t.post(`${R}/AddData`, { resName: 'x', resType: 4 }, corp)).msg).toBe('请选择资源目录');
    expect((await t.post(`${R}/AddData`, { resName: 'x', resType: 4, dCode: dir, creditHours: -1 }, corp)).msg).toBe(
      '学时应在 0 到 1000 之间',
    );
    expect((await t.post(`${R}/AddData`, { resName: 'x', resType: 1, dCode: dir, mediaId: 'nope' }, corp)).code).toBe('MEDIA_NOT_FOUND');
    expect((await t.post(`${R}/AddData`, { resName: 'x', resType: 4, dCode: dir, lecturerCode: 'nope' }, corp)).code).toBe(
      'RES_LECTURER_NOT_FOUND',
    );
    expect((await t.post(`${R}/ReOrder`, { rescode: 'x', direction: 'left' }, corp)).msg).toBe('排序方向应为 up 或 down');
    expect((await t.post(`${R}/BatchDelete`, { rescodes: [] }, corp)).msg).toBe('请至少选择一个资源');
    expect((await t.post(`${R}/Audit`, { rescode: 'x', pass: false }, corp)).msg).toBe('驳回时请填写审核意见');
    const page = await t.post<PageResult<ResView>>(`${R}/GetTrainResPageList`, { dCode: dir }, corp);
    expect(page.data.totalCount).toBe(0);
  });

  it('adds, reads (rescode in any case), edits, lists with filters', async () => {
    const code = await addRes(dir, {
      resName: '安全生产法解读',
      introduce: '<p>介绍<script>x()</script></p>',
      creditHours: 1.5,
      recommendCate: 2,
    });
    const got = (await t.post<ResView>(`${R}/GetTrainRes`, { RESCODE: code.toLowerCase() }, corp)).data;
    expect(got).toMatchObject({
      resCode: code,
      resName: '安全生产法解读',
      resType: 4,
      creditHours: 1.5,
      auditStatus: 0,
      isRecommend: 1,
      recommendCate: 2,
      dName: '资源测试',
    });
    expect(got.introduce).not.toContain('script');
    expect(
      (
        await t.post(
          `${R}/UpdateData`,
          { resCode: code, resName: '安全生产法（2026）', resType: 4, content: '<p>新</p>', dCode: dir, recommendCate: 2 },
          corp,
        )
      ).success,
    ).toBe(true);
    const list = (body: Record<string, unknown>) => t.post<PageResult<ResView>>(`${R}/GetTrainResPageList`, { dCode: dir, ...body }, corp);
    expect((await list({ keyword: '2026' })).data.models.map((m) => m.resName)).toEqual(['安全生产法（2026）']);
    expect((await list({ resType: 1 })).data.totalCount).toBe(0);
    expect((await list({ isRecommend: 1 })).data.totalCount).toBe(1);
    expect((await list({ auditStatus: 0, pageSize: 20, pageIndex: 1 })).data.totalCount).toBe(1);
    expect((await t.post<PageResult<ResView>>(`${R}/GetSearchPageList`, { keyword: '2026' }, corp)).data.totalCount).toBe(1);
  });

  it('moves one or many to another directory, reorders within the directory, sets private and recommend', async () => {
    const a = await addRes(dir, { resName: '甲' });
    const b = await addRes(dir, { resName: '乙' });
    const c = await addRes(dir, { resName: '丙' });
    const names = async (d: string) =>
      (await t.post<PageResult<ResView>>(`${R}/GetTrainResPageList`, { dCode: d, pageSize: 100 }, corp)).data.models.map((m) => m.resName);
    const before = await names(dir);
    expect(before.slice(-3)).toEqual(['甲', '乙', '丙']);
    expect((await t.post(`${R}/ReOrder`, { rescode: c, direction: 'up' }, corp)).success).toBe(true);
    expect((await names(dir)).slice(-3)).toEqual(['甲', '丙', '乙']);
    await t.post(`${R}/ReOrder`, { rescode: a, direction: 'down' }, corp);
    expect((await names(dir)).slice(-3)).toEqual(['丙', '甲', '乙']);
    const target = (await addDir('目标目录')).dCode;
    expect((await t.post(`${R}/ChangeDirectory`, { rescode: a, dcode: target }, corp)).success).toBe(true);
    expect((await t.post(`${R}/MultiChangeDirectory`, { rescodes: [b, c], dcode: target }, corp)).success).toBe(true);
    expect(await names(target)).toEqual(['甲', '乙', '丙']);
    expect((await t.post<{ isPrivate: number }>(`${R}/SetPrivate`, { rescode: a }, corp)).data.isPrivate).toBe(1);
    expect((await t.post<{ isPrivate: number }>(`${R}/SetPrivate`, { rescode: a, isPrivate: 0 }, corp)).data.isPrivate).toBe(0);
    expect((await t.post<{ recommendCate: number }>(`${R}/SetRecommend`, { rescode: a }, corp)).data.recommendCate).toBe(1);
    expect(
      (await t.post<{ recommendCate: number }>(`${R}/EditRecommendRes`, { rescode: a, recommendCate: 3 }, corp)).data.recommendCate,
    ).toBe(3);
    expect((await t.post(`${R}/EditRecommendRes`, { rescode: a, recommendCate: 9 }, corp)).success).toBe(false);
  });

  it('deletes softly, one or in a batch; deleted ones leave the lists', async () => {
    const a = await addRes(dir, { resName: '删甲' });
    const b = await addRes(dir, { resName: '删乙' });
    expect((await t.post(`${R}/Delete`, { rescode: a }, corp)).msg).toBe('删除成功!');
    expect((await t.post(`${R}/BatchDelete`, { rescodes: [b] }, corp)).msg).toBe('已删除 1 个资源');
    expect((await t.post(`${R}/GetTrainRes`, { rescode: a }, corp)).code).toBe('RES_NOT_FOUND');
    expect((await t.post<PageResult<ResView>>(`${R}/GetTrainResPageList`, { keyword: '删' }, corp)).data.totalCount).toBe(0);
  });

  it("another company's resource answers like a missing one on every call; platform resources are the platform's", async () => {
    const theirDir = (await addDir('物流资源目录', admin, { companySysCode: OTHER_COMPANY.companySysCode })).dCode;
    const theirs = await addRes(theirDir, { resName: '物流课', companySysCode: OTHER_COMPANY.companySysCode }, admin);
    const platformDir = (await addDir('平台资源目录', admin)).dCode;
    const platform = await addRes(platformDir, { resName: '平台课' }, admin);
    await t.post(`${R}/PostCheck`, { rescode: platform }, admin);
    for (const code of [theirs, platform]) {
      for (const [call, body] of [
        ['GetTrainRes', {}],
        ['UpdateData', { resCode: code, resName: 'x', resType: 4, dCode: dir }],
        ['ChangeDirectory', { dcode: dir }],
        ['ReOrder', { direction: 'up' }],
        ['SetPrivate', {}],
        ['SetRecommend', {}],
        ['EditRecommendRes', { recommendCate: 1 }],
        ['Delete', {}],
        ['PostCheck', {}],
        ['Audit', { pass: true }],
        ['Revoke', {}],
        ['GetAuditHistory', {}],
      ] as const) {
        const res = await t.post(`${R}/${call}`, { rescode: code, ...body }, corp);
        expect(res.code, `${call} ${code}`).toBe('RES_NOT_FOUND');
      }
      expect((await t.post(`${R}/MultiChangeDirectory`, { rescodes: [code], dcode: dir }, corp)).code).toBe('RES_NOT_FOUND');
      expect((await t.post(`${R}/BatchDelete`, { rescodes: [code] }, corp)).code).toBe('RES_NOT_FOUND');
      expect((await t.post<BatchOutcome>(`${R}/BatchPostCheck`, { rescodes: [code] }, corp)).data.failed[0].reason).toBe('资源不存在');
    }
    const list = await t.post<PageResult<ResView>>(`${R}/GetTrainResPageList`, { keyword: '课', pageSize: 100 }, corp);
    expect(list.data.models.map((m) => m.resName)).not.toContain('物流课');
    expect((await t.post<PageResult<ResView>>(`${R}/GetTrainResAuditPageList`, {}, corp)).data.models.map((m) => m.resName)).not.toContain(
      '平台课',
    );
    // a company resource cannot go into another company's directory
    expect((await t.post(`${R}/AddData`, { resName: 'x', resType: 4, dCode: theirDir }, corp)).code).toBe('RES_DIR_NOT_FOUND');
    // the platform audits platform resources
    expect((await t.post(`${R}/Audit`, { rescode: platform, pass: true }, admin)).success).toBe(true);
  });

  it('the repository writes apply the scope: another company or a platform row is not touched, nor inserted', async () => {
    const tech = { all: false, companySysCode: 'C-DEMO-TECH' } as const;
    const platformDir = await addDir('平台目录（仓储）', admin);
    const platformCode = await addRes(platformDir.dCode, { resName: '平台仓储课' }, admin);
    const theirCode = await addRes(platformDir.dCode, { resName: '物流仓储课', companySysCode: OTHER_COMPANY.companySysCode }, admin);
    const [platformRes, theirRes] = await resRepo
      .findResMany(t.ctx.db, PLATFORM_WIDE, [platformCode, theirCode])
      .then((rows) => [platformCode, theirCode].map((c) => rows.find((r) => r.resCode === c)!));
    for (const row of [platformRes, theirRes]) await resRepo.updateRes(t.ctx.db, tech, row.id, { resName: '改名' });
    await dirRepo.updateDir(t.ctx.db, tech, (await dirRepo.findDir(t.ctx.db, PLATFORM_WIDE, platformDir.dCode))!.id, { dName: '改名' });
    await dirRepo.deleteDir(t.ctx.db, tech, (await dirRepo.findDir(t.ctx.db, PLATFORM_WIDE, platformDir.dCode))!.id);
    const after = await resRepo.findResMany(t.ctx.db, PLATFORM_WIDE, [platformCode, theirCode]);
    expect(after.map((r) => r.resName).sort()).toEqual(['平台仓储课', '物流仓储课']);
    expect((await dirRepo.findDir(t.ctx.db, PLATFORM_WIDE, platformDir.dCode))?.dName).toBe('平台目录（仓储）');
    // an insert for another company, or a platform-wide one, is refused under a company scope
    const values = {
      resCode: 'R-BACKSTOP',
      resType: 4,
      resName: 'x',
      dCode: platformDir.dCode,
      companySysCode: OTHER_COMPANY.companySysCode,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    await expect(resRepo.insertRes(t.ctx.db, tech, values)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      dirRepo.insertDir(t.ctx.db, tech, { dCode: 'RD-X', dName: 'x', dNo: '9998', dpNo: '00', companySysCode: null }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      resRepo.insertAudit(t.ctx.db, tech, { resId: theirRes.id, action: 'submit', fromStatus: 0, toStatus: 10, createdAt: new Date() }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('audit workflow', () => {
  let dir: string;
  beforeAll(async () => {
    dir = (await addDir('审核测试')).dCode;
  });

  it('submit → reject (comment) → resubmit → pass → edit (re-audit, approved version stays live) → revoke; history and messages', async () => {
    const code = await addRes(dir, { resName: '审核课' });
    expect((await t.post(`${R}/Audit`, { rescode: code, pass: true }, corp)).code).toBe('RES_TRANSITION_REFUSED');
    expect((await t.post(`${R}/Revoke`, { rescode: code }, corp)).code).toBe('RES_TRANSITION_REFUSED');
    expect((await t.post(`${R}/PostCheck`, { rescode: code }, corp)).success).toBe(true);
    expect(await status(code)).toBe(10);
    expect((await t.post(`${R}/PostCheck`, { rescode: code }, corp)).code).toBe('RES_ALREADY_PENDING');
    expect((await t.post(`${R}/UpdateData`, { resCode: code, resName: 'x', resType: 4, content: 'x', dCode: dir }, corp)).code).toBe(
      'RES_PENDING_LOCKED',
    );
    const queue = (await t.post<PageResult<ResView>>(`${R}/GetTrainResAuditPageList`, {}, corp)).data.models;
    expect(queue[0].auditStatus).toBe(10);
    expect((await t.post(`${R}/Audit`, { rescode: code, pass: false, comment: '内容不完整' }, corp)).success).toBe(true);
    expect(await status(code)).toBe(30);
    await t.post(`${R}/PostCheck`, { rescode: code }, corp);
    expect((await t.post(`${R}/Audit`, { rescode: code, pass: 'true', comment: '' }, corp)).success).toBe(true);
    expect(await status(code)).toBe(20);
    expect((await t.post<ResView>(`${R}/GetTrainRes`, { rescode: code }, corp)).data.hasLiveVersion).toBe(true);
    // editing an approved resource: back to draft, the approved version stays live
    await t.post(`${R}/UpdateData`, { resCode: code, resName: '审核课（修订）', resType: 4, content: '<p>新</p>', dCode: dir }, corp);
    const edited = (await t.post<ResView>(`${R}/GetTrainRes`, { rescode: code }, corp)).data;
    expect([edited.auditStatus, edited.hasLiveVersion]).toEqual([0, true]);
    await t.post(`${R}/PostCheck`, { rescode: code }, corp);
    await t.post(`${R}/Audit`, { rescode: code, pass: true }, corp);
    expect((await t.post(`${R}/Revoke`, { rescode: code }, corp)).success).toBe(true);
    const revoked = (await t.post<ResView>(`${R}/GetTrainRes`, { rescode: code }, corp)).data;
    expect([revoked.auditStatus, revoked.hasLiveVersion]).toEqual([40, false]);
    const history = (await t.post<AuditHistoryRow[]>(`${R}/GetAuditHistory`, { rescode: code }, corp)).data;
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['revoke', 20, 40],
      ['pass', 10, 20],
      ['submit', 0, 10],
      ['edit', 20, 0],
      ['pass', 10, 20],
      ['submit', 30, 10],
      ['reject', 10, 30],
      ['submit', 0, 10],
    ]);
    expect(history[6]).toMatchObject({ comment: '内容不完整', userName: expect.any(String) });
    expect(history[6].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const messages = await t.post<{ models: { title: string }[] }>(
      '/Api/SysConfig/sys_message/GetMessageDataPageList',
      { pageIndex: 1, pageSize: 50 },
      corp,
    );
    const titles = JSON.stringify(messages.data);
    expect(titles).toContain('资源审核未通过：审核课');
  });

  it('推荐 and 私有 are settings, not content: saving only them keeps an approved resource approved', async () => {
    const code = await addRes(dir, { resName: '标记课' });
    await t.post(`${R}/PostCheck`, { rescode: code }, corp);
    expect((await t.post(`${R}/Audit`, { rescode: code, pass: true }, corp)).success).toBe(true);
    const saved = (await t.post<ResView>(`${R}/GetTrainRes`, { rescode: code }, corp)).data;
    const body = {
      resCode: code,
      resName: saved.resName,
      resType: saved.resType,
      content: saved.content,
      dCode: dir,
      introduce: saved.introduce,
      cover: saved.cover,
      lecturerCode: saved.lecturerCode,
      creditHours: saved.creditHours,
    };
    const flags = await t.post(`${R}/UpdateData`, { ...body, isPrivate: 1, recommendCate: 2 }, corp);
    expect(flags.success, flags.msg).toBe(true);
    const after = (await t.post<ResView>(`${R}/GetTrainRes`, { rescode: code }, corp)).data;
    expect([after.auditStatus, after.isPrivate, after.recommendCate]).toEqual([20, 1, 2]);
    // a change of content still goes back to draft for audit
    await t.post(`${R}/UpdateData`, { ...body, resName: '标记课（修订）', isPrivate: 1, recommendCate: 2 }, corp);
    expect(await status(code)).toBe(0);
  });

  it('a media resource cannot be submitted without its file; batch submit reports each failure', async () => {
    const video = await addRes(dir, { resName: '无文件视频', resType: 1 });
    const ok = await addRes(dir, { resName: '可提交' });
    expect((await t.post(`${R}/PostCheck`, { rescode: video }, corp)).code).toBe('RES_MEDIA_REQUIRED');
    const out = await t.post<BatchOutcome>(`${R}/BatchPostCheck`, { rescodes: [video, ok, 'R-MISSING'] }, corp);
    expect(out.msg).toBe('已提交 1 个，2 个未能提交');
    expect(out.data.ok).toEqual([ok]);
    expect(out.data.failed).toEqual([
      { rescode: video, reason: '请先上传资源文件' },
      { rescode: 'R-MISSING', reason: '资源不存在' },
    ]);
    expect(await status(video)).toBe(0);
  });
});

describe('demo resources', () => {
  it('approved video, audio, document and rich-text courses in both companies, one pending and one rejected', async () => {
    const page = (await t.post<PageResult<ResView>>(`${R}/GetTrainResPageList`, { pageSize: 100 }, admin)).data.models;
    const byName = new Map(page.map((m) => [m.resName, m]));
    expect(byName.get('消防演练实操')?.auditStatus).toBe(10);
    expect(byName.get('设备操作规程')?.auditStatus).toBe(30);
    expect(byName.get('企业文化与价值观')).toMatchObject({ auditStatus: 20, companySysCode: 'C-DEMO-TECH' });
    expect(byName.get('仓储作业规范')?.companySysCode ?? 'C-DEMO-LOGI').toBe('C-DEMO-LOGI');
    const rejected = (await t.post<AuditHistoryRow[]>(`${R}/GetAuditHistory`, { rescode: byName.get('设备操作规程')!.resCode }, corp)).data;
    expect(rejected[0]).toMatchObject({ action: 'reject', comment: '缺少操作步骤的配图，请补充后重新提交' });
    expect(byName.get('安全操作手册（文档）')).toMatchObject({ auditStatus: 20, resType: 3, companySysCode: 'C-DEMO-TECH' });
    const video = byName.get('新员工入职指引');
    const pl = await t.post<{ playList: { item1: string }[] }>(`${R}/GetVideoPlayList`, { videoId: video!.resCode }, learner);
    if (spawnSync('ffmpeg', ['-version'], { timeout: 5000 }).status === 0) {
      // ffmpeg at seed time: transcoded, with the duration read from the clip
      expect(pl.data.playList.map((p) => p.item1)).toEqual(['FD', 'OD']);
      expect(video!.duration).toBe(4);
    } else {
      // the committed sample, as the original only (seed.test.ts)
      expect(pl.data.playList.map((p) => p.item1)).toEqual(['OD']);
    }
  });
});
