import type { CourseCard, PageResult, StudyBeatAnswer, StudyDetail, StudyNote } from '@xuetu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { demoLearners } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { media, resDirs, resources, resStudies, resStudyDays, users } from '../../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { creditBeat, shanghaiDay } from './crediting.ts';
import { setProjectRulesLookup } from './rules.ts';
import * as repo from './study.repository.ts';
import { beats } from './study.service.ts';

// Learner study (issue 13, ADR 0017): catalogue, study page, notes, favourites, likes, and the
// heartbeat that credits study time by the server's clock. Time moves with a ManualClock.
const clock = new ManualClock('2026-03-02T01:00:00Z');
let t: TestApp;
const tok: Record<string, string> = {};
const S = 1000;
const code: Record<string, string> = {};
let guidN = 0;
const guid = () => `g${Date.now().toString(36)}x${++guidN}`;

const ok = <T>(path: string, body: unknown, token: string) => t.ok<T>(`${R}/${path}`, body, token);
const beat = (who: string, rescode: string, g: string, extra: Record<string, unknown> = {}) =>
  t.post<StudyBeatAnswer>(`${R}/Study`, { rescode, guid: g, speed: 1, position: 0, idle: 0, ...extra }, tok[who]);
const userId = async (account: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.accountCode, account)))[0].id;
const resId = async (rescode: string) =>
  (await t.ctx.db.select({ id: resources.id }).from(resources).where(eq(resources.resCode, rescode)))[0].id;
async function credited(account: string, rescode: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ c: resStudies.creditedSeconds })
    .from(resStudies)
    .where(and(eq(resStudies.userId, await userId(account)), eq(resStudies.resId, await resId(rescode))));
  return row?.c ?? 0;
}
async function daySum(account: string, rescode: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ s: sql<number>`coalesce(sum(${resStudyDays.seconds}), 0)::int` })
    .from(resStudyDays)
    .where(and(eq(resStudyDays.userId, await userId(account)), eq(resStudyDays.resId, await resId(rescode))));
  return Number(row.s);
}

/** A new approved resource with a media of `duration` seconds, inserted directly (no ffmpeg needed). */
async function addLive(
  key: string,
  o: { company: string | null; duration: number; isPrivate?: number; dCode: string; name?: string; lessons?: number },
) {
  const db = t.ctx.db;
  const now = clock.now();
  const mediaCode = `MT${key}${Date.now().toString(36)}`;
  await db.insert(media).values({
    mediaCode,
    companySysCode: o.company,
    kind: 'video',
    sourceKey: `media/${mediaCode}/source.mp4`,
    ext: '.mp4',
    mime: 'video/mp4',
    size: 1000,
    duration: o.duration,
    status: 'ready',
    createdAt: now,
    updatedAt: now,
  });
  const fields = {
    resName: o.name ?? `测试课程${key}`,
    introduce: `<p>${key} 的<b>简介</b></p>`,
    cover: '',
    lecturerCode: '',
    resType: 1,
    content: '',
    mediaId: mediaCode,
    duration: o.duration,
    creditHours: 2,
  };
  const resCode = `RT${key}${Date.now().toString(36)}`;
  await db.insert(resources).values({
    ...fields,
    resCode,
    companySysCode: o.company,
    dCode: o.dCode,
    isPrivate: o.isPrivate ?? 0,
    auditStatus: 20,
    // a course of `lessons` equal lessons on the same media (ADR 0022)
    live: o.lessons
      ? {
          ...fields,
          lessons: Array.from({ length: o.lessons }, (_, n) => ({
            title: `第 ${n + 1} 课`,
            mediaId: mediaCode,
            duration: o.duration / (o.lessons as number),
          })),
        }
      : fields,
    createdAt: now,
    updatedAt: now,
  });
  code[key] = resCode;
}

const dirs: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp({ clock });
  for (const a of ['admin', 'corpadmin', ...demoLearners(14), 'other01']) tok[a] = await t.login(a);
  const db = t.ctx.db;
  const now = clock.now();
  const addDir = async (key: string, dNo: string, dpNo: string, company: string | null) => {
    dirs[key] = `DT${key}`;
    await db.insert(resDirs).values({ dCode: dirs[key], dName: `目录${key}`, dNo, dpNo, companySysCode: company, sort: 0, createdAt: now });
  };
  await addDir('top', '9901', '00', null);
  await addDir('sub', '9902', '9901', null);
  await addDir('corp', '9903', '00', DEMO_COMPANY.companySysCode);
  await addDir('other', '9904', '00', OTHER_COMPANY.companySysCode);
  await addLive('plat', { company: null, duration: 600, dCode: dirs.sub, name: '平台长课程' });
  await addLive('own', { company: DEMO_COMPANY.companySysCode, duration: 600, dCode: dirs.corp });
  await addLive('ownPrivate', { company: DEMO_COMPANY.companySysCode, duration: 600, dCode: dirs.corp, isPrivate: 1 });
  await addLive('platPrivate', { company: null, duration: 600, dCode: dirs.top, isPrivate: 1 });
  await addLive('other', { company: OTHER_COMPANY.companySysCode, duration: 600, dCode: dirs.other });
  await addLive('short', { company: null, duration: 40, dCode: dirs.top, name: '短课程' });
  await addLive('revoke', { company: DEMO_COMPANY.companySysCode, duration: 600, dCode: dirs.corp });
  await addDir('batch', '9905', '00', null);
  await addLive('batch', { company: null, duration: 600, dCode: dirs.batch });
});
afterAll(() => {
  setProjectRulesLookup(t.ctx, null);
  return t.close();
});

describe('crediting rule (pure)', () => {
  const base = { markMs: 0, claimedSpeed: 1, maxSpeed: 2, intervalSeconds: 15, remainingSeconds: 1000 };
  it('credits wall time × speed, carries fractions, caps at interval + grace and the remaining duration', () => {
    expect(creditBeat({ ...base, nowMs: 15_000 })).toEqual({ seconds: 15, markMs: 15_000 });
    expect(creditBeat({ ...base, nowMs: 15_700 })).toEqual({ seconds: 15, markMs: 15_000 });
    expect(creditBeat({ ...base, nowMs: 15_000, claimedSpeed: 1.5 })).toEqual({ seconds: 22, markMs: 14_667 });
    expect(creditBeat({ ...base, nowMs: 15_000, claimedSpeed: 8 })).toEqual({ seconds: 30, markMs: 15_000 });
    expect(creditBeat({ ...base, nowMs: 600_000 })).toEqual({ seconds: 20, markMs: 600_000 });
    expect(creditBeat({ ...base, nowMs: 15_000, remainingSeconds: 4 })).toEqual({ seconds: 4, markMs: 15_000 });
    expect(creditBeat({ ...base, nowMs: 0 })).toEqual({ seconds: 0, markMs: 0 });
    expect(creditBeat({ ...base, nowMs: -5 })).toEqual({ seconds: 0, markMs: 0 });
  });
  it('days are Asia/Shanghai days', () => {
    expect(shanghaiDay(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(shanghaiDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});

describe('every route needs a session and checks its input', () => {
  const calls = [
    'ShowCompanyTrainRes',
    'GetTrainResDetail',
    'GetTrainResStudyDetail',
    'GetRelevantList',
    'GetNoteList',
    'AddNoteData',
    'UpdateNote',
    'DelNote',
    'Collect',
    'SetThumbsup',
    'GetStudyInterval',
    'Study',
    'StudyComplete',
  ];
  it('answers 401 without a session', async () => {
    for (const c of calls) expect((await t.post(`${R}/${c}`, { rescode: code.plat })).errorCode, c).toBe(401);
  });
  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const l = tok.learner01;
    expect((await t.post(`${R}/GetTrainResDetail`, {}, l)).msg).toBe('请选择资源');
    expect((await t.post(`${R}/GetNoteList`, { recordId: '' }, l)).msg).toBe('请选择资源');
    expect((await t.post(`${R}/AddNoteData`, { rescode: code.plat, content: '  ', position: 3 }, l)).msg).toBe('请输入笔记内容');
    expect((await t.post(`${R}/AddNoteData`, { rescode: code.plat, content: 'x'.repeat(1001) }, l)).msg).toBe('笔记内容不能超过 1000 字');
    expect((await t.post(`${R}/AddNoteData`, { rescode: code.plat, content: 'a', position: -1 }, l)).msg).toBe('播放位置无效');
    expect((await t.post(`${R}/UpdateNote`, { id: 'x', content: 'a' }, l)).msg).toBe('笔记不存在');
    expect((await t.post(`${R}/DelNote`, {}, l)).msg).toBe('笔记不存在');
    expect((await t.post(`${R}/Study`, { rescode: code.plat, guid: 'a b' }, l)).msg).toBe('缺少学习会话标识');
    expect((await t.post(`${R}/Study`, { rescode: code.plat, guid: guid(), speed: -1 }, l)).msg).toBe('播放速度无效');
    expect((await t.post(`${R}/Study`, { rescode: code.plat, guid: guid(), speed: 'fast' }, l)).msg).toBe('播放速度无效');
    expect((await t.post(`${R}/Study`, { rescode: 'NOPE', guid: guid() }, l)).code).toBe('RES_NOT_FOUND');
    expect(await credited('learner01', code.plat)).toBe(0);
  });
  it('GetStudyInterval answers the configured seconds', async () => {
    expect(await ok<number>('GetStudyInterval', {}, tok.learner01)).toBe(15);
  });
});

describe('catalogue and visibility', () => {
  it('lists approved resources the learner may see, by directory with sub-directories and keyword', async () => {
    const page = await ok<PageResult<CourseCard>>('ShowCompanyTrainRes', { pageSize: 100 }, tok.learner01);
    const codes = page.models.map((m) => m.resCode);
    expect(codes).toEqual(expect.arrayContaining([code.plat, code.own, code.ownPrivate, code.short]));
    expect(codes).not.toContain(code.other);
    expect(codes).not.toContain(code.platPrivate);
    // pending / rejected demo resources never show
    const names = page.models.map((m) => m.resName);
    expect(names).not.toContain('消防演练实操');
    expect(names).not.toContain('设备操作规程');
    const card = page.models.find((m) => m.resCode === code.plat)!;
    expect(card).toMatchObject({
      resName: '平台长课程',
      introduce: 'plat 的 简介',
      creditHours: 2,
      duration: 600,
      progress: 0,
      completed: 0,
    });
    // dcode of the parent includes the sub-directory; dno works the same
    const byTop = await ok<PageResult<CourseCard>>('ShowCompanyTrainRes', { dcode: dirs.top }, tok.learner01);
    expect(byTop.models.map((m) => m.resCode).sort()).toEqual([code.plat, code.short].sort());
    const byNo = await ok<PageResult<CourseCard>>('ShowCompanyTrainRes', { dno: '9902' }, tok.learner01);
    expect(byNo.models.map((m) => m.resCode)).toEqual([code.plat]);
    const byWord = await ok<PageResult<CourseCard>>('ShowCompanyTrainRes', { keyword: '长课' }, tok.learner01);
    expect(byWord.models.map((m) => m.resCode)).toEqual([code.plat]);
    const paged = await ok<PageResult<CourseCard>>('ShowCompanyTrainRes', { pageSize: 2, pageIndex: 1 }, tok.learner01);
    expect(paged.models).toHaveLength(2);
    expect(paged.totalCount).toBe(page.totalCount);
    // another company's directory: nothing
    expect((await ok<PageResult<CourseCard>>('ShowCompanyTrainRes', { dcode: dirs.other }, tok.learner01)).totalCount).toBe(0);
    // the other company's learner sees theirs and the platform's, not the demo company's
    const other = (await ok<PageResult<CourseCard>>('ShowCompanyTrainRes', { pageSize: 100 }, tok.other01)).models.map((m) => m.resCode);
    expect(other).toEqual(expect.arrayContaining([code.plat, code.other]));
    expect(other).not.toContain(code.own);
    expect(other).not.toContain(code.ownPrivate);
  });

  it('another company’s resource looks missing on every call', async () => {
    for (const c of [
      'GetTrainResDetail',
      'GetTrainResStudyDetail',
      'GetRelevantList',
      'GetNoteList',
      'Collect',
      'SetThumbsup',
      'StudyComplete',
    ]) {
      const res = await t.post(`${R}/${c}`, { rescode: code.own, recordId: code.own }, tok.other01);
      expect(res.code, c).toBe('RES_NOT_FOUND');
    }
    expect((await t.post(`${R}/AddNoteData`, { rescode: code.other, content: 'x' }, tok.learner01)).code).toBe('RES_NOT_FOUND');
    expect((await t.post(`${R}/GetTrainResDetail`, { rescode: code.platPrivate }, tok.learner01)).code).toBe('RES_NOT_FOUND');
  });

  it('detail: introduction, credit hours, standing, counters; the study page counts one view per viewing', async () => {
    const before = await ok<StudyDetail>('GetTrainResDetail', { rescode: code.short }, tok.learner02);
    expect(before).toMatchObject({
      resName: '短课程',
      introduceHtml: '<p>short 的<b>简介</b></p>',
      creditHours: 2,
      duration: 40,
      studySeconds: 0,
      lastPosition: 0,
      completed: 0,
      isCollect: 0,
      isThumbsup: 0,
      rules: { maxSpeed: 2, allowSeekAhead: true },
      interval: 15,
    });
    const a = await ok<StudyDetail>('GetTrainResStudyDetail', { rescode: code.short }, tok.learner02);
    const b = await ok<StudyDetail>('GetTrainResStudyDetail', { rescode: code.short }, tok.learner02);
    expect(a.viewCnt).toBe(before.viewCnt + 1);
    expect(b.viewCnt).toBe(a.viewCnt);
    const c = await ok<StudyDetail>('GetTrainResStudyDetail', { rescode: code.short }, tok.learner03);
    expect(c.viewCnt).toBe(a.viewCnt + 1);
  });

  it("the view counter takes the learner's scope: another company's resource is not counted", async () => {
    const learnerScope = { all: false, companySysCode: DEMO_COMPANY.companySysCode } as const;
    const [theirs] = await t.ctx.db
      .select({ id: resources.id, viewCnt: resources.viewCnt })
      .from(resources)
      .where(and(eq(resources.companySysCode, OTHER_COMPANY.companySysCode), sql`${resources.live} is not null`))
      .limit(1);
    expect(theirs).toBeDefined();
    await repo.addView(t.ctx.db, learnerScope, theirs.id);
    const [after] = await t.ctx.db.select({ viewCnt: resources.viewCnt }).from(resources).where(eq(resources.id, theirs.id));
    expect(after.viewCnt).toBe(theirs.viewCnt);
    await repo.addView(t.ctx.db, { all: false, companySysCode: OTHER_COMPANY.companySysCode }, theirs.id);
    const [counted] = await t.ctx.db.select({ viewCnt: resources.viewCnt }).from(resources).where(eq(resources.id, theirs.id));
    expect(counted.viewCnt).toBe(theirs.viewCnt + 1);
  });

  it('relevant list: same directory or lecturer, not the current one, only visible ones', async () => {
    const list = await ok<CourseCard[]>('GetRelevantList', { rescode: code.own }, tok.learner01);
    const codes = list.map((m) => m.resCode);
    expect(codes).toEqual(expect.arrayContaining([code.ownPrivate, code.revoke]));
    expect(codes).not.toContain(code.own);
    expect(codes).not.toContain(code.other);
  });
});

describe('notes, favourites, likes', () => {
  it('notes are per learner and resource; only one’s own can be changed or deleted', async () => {
    const n1 = await ok<StudyNote>('AddNoteData', { rescode: code.plat, content: '第一条笔记', position: 12.6 }, tok.learner04);
    expect(n1).toMatchObject({ recordId: code.plat, content: '第一条笔记', position: 12 });
    await ok('AddNoteData', { rescode: code.plat, content: '更早的位置', position: 3 }, tok.learner04);
    await ok('AddNoteData', { rescode: code.plat, content: '别人的笔记', position: 1 }, tok.learner05);
    const mine = await ok<StudyNote[]>('GetNoteList', { recordId: code.plat }, tok.learner04);
    expect(mine.map((n) => n.content)).toEqual(['更早的位置', '第一条笔记']);
    // another learner cannot touch it
    expect((await t.post(`${R}/UpdateNote`, { id: n1.id, content: '改掉' }, tok.learner05)).code).toBe('STUDY_NOTE_NOT_FOUND');
    expect((await t.post(`${R}/DelNote`, { id: n1.id }, tok.learner05)).code).toBe('STUDY_NOTE_NOT_FOUND');
    expect((await t.post(`${R}/DelNote`, { id: n1.id }, tok.other01)).code).toBe('STUDY_NOTE_NOT_FOUND');
    const edited = await ok<StudyNote>('UpdateNote', { id: n1.id, content: '改过的笔记' }, tok.learner04);
    expect(edited).toMatchObject({ content: '改过的笔记', position: 12 });
    await ok('DelNote', { id: n1.id }, tok.learner04);
    expect((await ok<StudyNote[]>('GetNoteList', { recordId: code.plat }, tok.learner04)).map((n) => n.content)).toEqual(['更早的位置']);
    expect((await t.post(`${R}/DelNote`, { id: n1.id }, tok.learner04)).code).toBe('STUDY_NOTE_NOT_FOUND');
    expect((await ok<StudyDetail>('GetTrainResDetail', { rescode: code.plat }, tok.learner04)).noteCnt).toBe(1);
  });

  it('Collect toggles; SetThumbsup counts once per user', async () => {
    const on = await t.post<{ isCollect: number; collectCnt: number }>(`${R}/Collect`, { rescode: code.own }, tok.learner04);
    expect(on).toMatchObject({ success: true, msg: '已收藏', data: { isCollect: 1, collectCnt: 1 } });
    const off = await t.post<{ isCollect: number; collectCnt: number }>(`${R}/Collect`, { rescode: code.own }, tok.learner04);
    expect(off).toMatchObject({ msg: '已取消收藏', data: { isCollect: 0, collectCnt: 0 } });
    await ok('Collect', { rescode: code.own }, tok.learner04);
    const like = await t.post<{ thumbsupCnt: number }>(`${R}/SetThumbsup`, { rescode: code.own }, tok.learner04);
    expect(like).toMatchObject({ msg: '点赞成功', data: { isThumbsup: 1, thumbsupCnt: 1 } });
    const again = await t.post<{ thumbsupCnt: number }>(`${R}/SetThumbsup`, { rescode: code.own }, tok.learner04);
    expect(again).toMatchObject({ msg: '您已点过赞', data: { thumbsupCnt: 1 } });
    expect(await ok<StudyDetail>('GetTrainResDetail', { rescode: code.own }, tok.learner04)).toMatchObject({
      isCollect: 1,
      isThumbsup: 1,
      collectCnt: 1,
      thumbsupCnt: 1,
    });
  });
});

describe('study time by the server clock', () => {
  it('an honest viewer: the first beat opens, each beat earns the real time, days and totals agree, completion at 90%', async () => {
    const g = guid();
    const first = (await beat('learner06', code.short, g)).data;
    expect(first).toMatchObject({ opened: true, credited: 0, studySeconds: 0, takenOver: false });
    clock.advance(15 * S);
    expect((await beat('learner06', code.short, g, { position: 15 })).data).toMatchObject({ credited: 15, studySeconds: 15 });
    // not enough yet
    const early = await t.post(`${R}/StudyComplete`, { rescode: code.short, guid: g }, tok.learner06);
    expect(early).toMatchObject({
      success: false,
      code: 'STUDY_NOT_ENOUGH',
      msg: '学习时长不足，暂不能完成本课程（已学 37%，需达到 90%）',
    });
    clock.advance(15 * S);
    expect((await beat('learner06', code.short, g, { position: 30 })).data).toMatchObject({ credited: 15, studySeconds: 30 });
    clock.advance(15 * S);
    // 40 s of media: only 10 s are left to credit
    expect((await beat('learner06', code.short, g, { position: 40 })).data).toMatchObject({
      credited: 10,
      studySeconds: 40,
      progress: 100,
    });
    clock.advance(15 * S);
    expect((await beat('learner06', code.short, g, { position: 40 })).data).toMatchObject({ credited: 0, studySeconds: 40 });
    const done = await t.post(`${R}/StudyComplete`, { rescode: code.short, guid: g }, tok.learner06);
    expect(done).toMatchObject({ success: true, data: { completed: 1, studySeconds: 40, progress: 100 } });
    expect(await daySum('learner06', code.short)).toBe(40);
    const detail = await ok<StudyDetail>('GetTrainResDetail', { rescode: code.short }, tok.learner06);
    expect(detail).toMatchObject({ studySeconds: 40, completed: 1, lastPosition: 40, progress: 100 });
    const [day] = await t.ctx.db
      .select({ day: resStudyDays.day })
      .from(resStudyDays)
      .where(eq(resStudyDays.userId, await userId('learner06')));
    expect(day.day).toBe(shanghaiDay(clock.now()));
  });

  it('cheat: heartbeats sent faster than real time earn only the real time', async () => {
    const g = guid();
    await beat('learner07', code.plat, g);
    // ten beats one second apart, each claiming fifteen seconds of progress
    for (let i = 1; i <= 10; i++) {
      clock.advance(1 * S);
      await beat('learner07', code.plat, g, { position: i * 15 });
    }
    expect(await credited('learner07', code.plat)).toBe(10);
    // a burst of beats at the same instant earns one beat's worth, not five
    clock.advance(15 * S);
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => beat('learner07', code.plat, g)));
    expect(burst.map((b) => b.data.credited).sort()).toEqual([0, 0, 0, 0, 15]);
    expect(await credited('learner07', code.plat)).toBe(25);
    // a long silence (player paused, tab asleep) earns at most the interval plus the grace
    clock.advance(10 * 60 * S);
    expect((await beat('learner07', code.plat, g)).data.credited).toBe(20);
    expect(await daySum('learner07', code.plat)).toBe(45);
  });

  it('cheat: a claimed speed above the allowed one earns the allowed speed only', async () => {
    const g = guid();
    await beat('learner08', code.plat, g, { speed: 16 });
    clock.advance(15 * S);
    expect((await beat('learner08', code.plat, g, { speed: 16 })).data.credited).toBe(30);
    clock.advance(15 * S);
    expect((await beat('learner08', code.plat, g, { speed: 1.5 })).data.credited).toBe(22);
    // a project allowing only normal speed (the projects module's lookup wired in)
    setProjectRulesLookup(t.ctx, async () => ({ allowedSpeeds: [0.5, 0.75, 1], maxSpeed: 1, allowSeekAhead: false }));
    try {
      clock.advance(15 * S);
      expect((await beat('learner08', code.plat, g, { speed: 2 })).data.credited).toBe(15);
      expect((await ok<StudyDetail>('GetTrainResDetail', { rescode: code.plat }, tok.learner08)).rules).toEqual({
        allowedSpeeds: [0.5, 0.75, 1],
        maxSpeed: 1,
        allowSeekAhead: false,
      });
    } finally {
      setProjectRulesLookup(t.ctx, null);
    }
    expect(await credited('learner08', code.plat)).toBe(67);
  });

  it('cheat: seeking to the end and completing at once earns nothing and is refused', async () => {
    const g = guid();
    await beat('learner09', code.plat, g, { position: 0 });
    clock.advance(2 * S);
    await beat('learner09', code.plat, g, { position: 600 });
    const res = await t.post(`${R}/StudyComplete`, { rescode: code.plat, guid: g }, tok.learner09);
    expect(res).toMatchObject({ success: false, code: 'STUDY_NOT_ENOUGH' });
    expect(await credited('learner09', code.plat)).toBe(2);
    expect((await ok<StudyDetail>('GetTrainResDetail', { rescode: code.plat }, tok.learner09)).completed).toBe(0);
  });

  it('cheat: two tabs at once — the second takes over, the first is told and earns nothing', async () => {
    const a = guid();
    const b = guid();
    await beat('learner10', code.plat, a);
    clock.advance(15 * S);
    expect((await beat('learner10', code.plat, a)).data.credited).toBe(15);
    // tab B opens the same course: takes over, earns nothing on opening
    clock.advance(5 * S);
    expect((await beat('learner10', code.plat, b)).data).toMatchObject({ opened: true, credited: 0 });
    clock.advance(10 * S);
    const told = await beat('learner10', code.plat, a);
    expect(told).toMatchObject({
      success: true,
      msg: '已在其他窗口或设备继续学习',
      data: { takenOver: true, accepted: false, credited: 0 },
    });
    clock.advance(5 * S);
    expect((await beat('learner10', code.plat, b)).data.credited).toBe(15);
    // both tabs kept "playing" for 35 s of wall time since the first beat: 30 s credited
    expect(await credited('learner10', code.plat)).toBe(30);
  });

  it('cheat: replaying an old guid earns nothing', async () => {
    const old = guid();
    const fresh = guid();
    await beat('learner11', code.plat, old);
    clock.advance(15 * S);
    await beat('learner11', code.plat, old);
    await beat('learner11', code.plat, fresh);
    for (let i = 0; i < 3; i++) {
      clock.advance(15 * S);
      expect((await beat('learner11', code.plat, old)).data).toMatchObject({ takenOver: true, credited: 0 });
    }
    // the replay did not move the live session's mark: the fresh one earns its real time only
    expect((await beat('learner11', code.plat, fresh)).data.credited).toBe(20);
    expect(await credited('learner11', code.plat)).toBe(35);
  });

  it('cheat: heartbeats for a resource the learner may not see earn nothing', async () => {
    const g = guid();
    for (const rescode of [code.other, code.platPrivate]) {
      expect((await beat('learner12', rescode, g)).code).toBe('RES_NOT_FOUND');
      clock.advance(15 * S);
      expect((await beat('learner12', rescode, g)).code).toBe('RES_NOT_FOUND');
      expect(await credited('learner12', rescode)).toBe(0);
    }
    // a resource revoked while the learner watches stops earning
    const v = guid();
    await beat('learner12', code.revoke, v);
    clock.advance(15 * S);
    expect((await beat('learner12', code.revoke, v)).data.credited).toBe(15);
    expect((await t.post('/Api/Train_Manage/Train_Res/Revoke', { rescode: code.revoke }, tok.corpadmin)).success).toBe(true);
    clock.advance(15 * S);
    expect((await beat('learner12', code.revoke, v)).code).toBe('RES_NOT_FOUND');
    expect(await credited('learner12', code.revoke)).toBe(15);
    expect(await daySum('learner12', code.revoke)).toBe(15);
  });

  it('the SQL crediting agrees with the reference rule (crediting.ts) beat by beat', async () => {
    const cases: [number, number][] = [
      [15_000, 1],
      [15_700, 1],
      [9_400, 1.25],
      [15_000, 1.5],
      [14_999, 2],
      [15_000, 3],
      [19_999, 1],
      [20_001, 1],
      [45_000, 0.75],
      [333, 2],
    ];
    for (const [elapsed, speed] of cases) {
      const g = guid();
      await beat('learner14', code.plat, g, { speed });
      const before = await credited('learner14', code.plat);
      clock.advance(elapsed);
      const r = await beat('learner14', code.plat, g, { speed });
      expect(r.success, r.msg).toBe(true);
      const got = r.data.credited;
      const want = creditBeat({
        markMs: 0,
        nowMs: elapsed,
        claimedSpeed: speed,
        maxSpeed: 2,
        intervalSeconds: 15,
        remainingSeconds: 600 - before,
      });
      expect(got, `${elapsed} ms at ${speed}x`).toBe(want.seconds);
    }
    // carried fractions: 1.5x for 15 s earns 22 s and keeps 0.333 s of wall time for later beats
    const g = guid();
    await beat('learner14', code.plat, g, { speed: 1.5 });
    clock.advance(15_000);
    expect((await beat('learner14', code.plat, g, { speed: 1.5 })).data.credited).toBe(22);
    clock.advance(15_000);
    expect((await beat('learner14', code.plat, g, { speed: 1.5 })).data.credited).toBe(22);
    clock.advance(15_000);
    expect((await beat('learner14', code.plat, g, { speed: 1.5 })).data.credited).toBe(23);
    expect(await daySum('learner14', code.plat)).toBe(await credited('learner14', code.plat));
  });

  it('beats of many learners at once are written together, each crediting exactly its own time', async () => {
    const who = ['learner01', 'learner02', 'learner03', 'learner04', 'learner05', 'learner06', 'learner07', 'learner08'];
    const speeds = [1, 1.25, 1.5, 2, 1, 0.75, 2, 1];
    const g = who.map(() => guid());
    for (const [n, w] of who.entries()) await beat(w, code.batch, g[n] as string, { speed: speeds[n] });
    // the reference rule, learner by learner (fractions of a second carry over between beats)
    const marks = who.map(() => 0);
    const totals = who.map(() => 0);
    const before = beats(t.ctx).stats();
    for (let round = 1; round <= 3; round++) {
      clock.advance(15 * S);
      const sent = who.map((w, n) => beat(w, code.batch, g[n] as string, { speed: speeds[n] }));
      // in the same burst, learner01 again: waits for a later batch and earns nothing more
      sent.push(beat('learner01', code.batch, g[0] as string));
      const got = await Promise.all(sent);
      for (const [n, w] of who.entries()) {
        const want = creditBeat({
          markMs: marks[n] as number,
          nowMs: round * 15_000,
          claimedSpeed: speeds[n] as number,
          maxSpeed: 2,
          intervalSeconds: 15,
          remainingSeconds: 600 - (totals[n] as number),
        });
        marks[n] = want.markMs;
        totals[n] = (totals[n] as number) + want.seconds;
        // learner01's two beats may be written in either order: together they earn one beat's time
        const earned = n === 0 ? Number(got[0]?.data.credited) + Number(got[who.length]?.data.credited) : got[n]?.data.credited;
        expect(earned, `${w} at ${speeds[n]}x, round ${round}`).toBe(want.seconds);
      }
    }
    const after = beats(t.ctx).stats();
    expect(after.largest, 'a batch held several learners').toBeGreaterThan(1);
    expect(after.batches - before.batches).toBeLessThan(after.items - before.items);
    for (const [n, w] of who.entries()) {
      expect(await credited(w, code.batch), w).toBe(totals[n]);
      expect(await daySum(w, code.batch), w).toBe(totals[n]);
    }
  });

  it('a burst of beats from learners in different lessons keeps each learner’s lesson and position', async () => {
    await addLive('lessons3', { company: null, duration: 900, dCode: dirs.batch, lessons: 3 });
    const who = ['learner01', 'learner02', 'learner03', 'learner04', 'learner05', 'learner06'];
    const g = who.map(() => guid());
    for (const [n, w] of who.entries()) await beat(w, code.lessons3, g[n] as string);
    clock.advance(15 * S);
    const before = beats(t.ctx).stats();
    await Promise.all(who.map((w, n) => beat(w, code.lessons3, g[n] as string, { lesson: n % 3, position: 10 + n })));
    const after = beats(t.ctx).stats();
    expect(after.batches - before.batches, 'the burst was written in fewer batches than beats').toBeLessThan(after.items - before.items);
    const res = await resId(code.lessons3);
    for (const [n, w] of who.entries()) {
      const [row] = await t.ctx.db
        .select({ lesson: resStudies.lastLesson, position: resStudies.lastPosition, credited: resStudies.creditedSeconds })
        .from(resStudies)
        .where(and(eq(resStudies.userId, await userId(w)), eq(resStudies.resId, res)));
      expect(row, w).toEqual({ lesson: n % 3, position: 10 + n, credited: 15 });
    }
  });

  it('a guid moved to another resource starts over there and earns nothing on the switch', async () => {
    const g = guid();
    await beat('learner13', code.plat, g);
    clock.advance(15 * S);
    await beat('learner13', code.plat, g);
    clock.advance(15 * S);
    expect((await beat('learner13', code.own, g)).data).toMatchObject({ opened: true, credited: 0 });
    expect(await credited('learner13', code.own)).toBe(0);
    expect(await credited('learner13', code.plat)).toBe(15);
  });
});

describe("the learner's training projects set the player's rules", () => {
  it('a safety project allowing only normal speed and no seeking ahead limits its enrolled learner, not others', async () => {
    setProjectRulesLookup(t.ctx, undefined);
    try {
      // the demo seed enrols learner01 (not learner03) in 安全生产培训（三类人员）, speed 1 only, no seeking ahead
      const [held] = (
        await t.ctx.db.execute<{ res_code: string }>(sql`
          select r.res_code from project_res pr
            join project_project p on p.id = pr.project_id
            join train_res r on r.id = pr.res_id
           where p.project_name = '安全生产培训（三类人员）' and r.live is not null and r.deleted_at is null
           limit 1`)
      ).rows;
      expect(held).toBeDefined();
      const rules = async (who: string) => (await ok<StudyDetail>('GetTrainResDetail', { rescode: held.res_code }, tok[who])).rules;
      expect(await rules('learner01')).toEqual({ allowedSpeeds: [0.5, 0.75, 1], maxSpeed: 1, allowSeekAhead: false });
      expect(await rules('learner03')).toEqual({ allowedSpeeds: [0.5, 0.75, 1, 1.25, 1.5, 2], maxSpeed: 2, allowSeekAhead: true });
    } finally {
      setProjectRulesLookup(t.ctx, null);
    }
  });
});
