import type { StudyBeatAnswer, StudyDetail, StudySettingsView } from '@xuetu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { demoLearners } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { media, resDirs, resources, resStudies, resViewSessions, studySettings, users } from '../../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { creditBeat, shanghaiDay } from './crediting.ts';
import * as repo from './study.repository.ts';

// The study guard (issue 44, ADR 0058): anti-idle decided by the server from the beats, presence
// checks (idle and random), one item at a time, the company's and the course's watermark switch.
// Time moves with a ManualClock; beats are sent as a forged client would, straight to the API.
const clock = new ManualClock('2026-04-06T01:00:00Z');
let t: TestApp;
const tok: Record<string, string> = {};
const S = 1000;
const MIN = 60 * S;
const code: Record<string, string> = {};
let guidN = 0;
const guid = () => `q${Date.now().toString(36)}x${++guidN}`;
const demo = DEMO_COMPANY.companySysCode;

type Beat = { success: boolean; msg: string; code?: string; data: StudyBeatAnswer };
const beat = (who: string, rescode: string, g: string, extra: Record<string, unknown> = {}) =>
  t.post<StudyBeatAnswer>(`${R}/Study`, { rescode, guid: g, speed: 1, position: 0, ...extra }, tok[who]) as Promise<Beat>;
const presence = (who: string, body: unknown) => t.post<{ presence: 0 }>(`${R}/StudyPresence`, body, tok[who]);
const save = (who: string, body: Record<string, unknown>) => t.post<StudySettingsView>(`${R}/SaveStudySettings`, body, tok[who]);
const userId = async (account: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.accountCode, account)))[0].id;
async function credited(account: string, rescode: string): Promise<number> {
  const [res] = await t.ctx.db.select({ id: resources.id }).from(resources).where(eq(resources.resCode, rescode));
  const [row] = await t.ctx.db
    .select({ c: resStudies.creditedSeconds })
    .from(resStudies)
    .where(and(eq(resStudies.userId, await userId(account)), eq(resStudies.resId, res.id)));
  return row?.c ?? 0;
}

/** Beats every 15 s for `minutes`, as a player that never stops; answers the last beat. */
async function playFor(
  who: string,
  rescode: string,
  g: string,
  minutes: number,
  extra: (n: number) => Record<string, unknown> = () => ({}),
) {
  let last: Beat | undefined;
  for (let n = 1; n <= (minutes * 60) / 15; n++) {
    clock.advance(15 * S);
    last = await beat(who, rescode, g, extra(n));
  }
  return last as Beat;
}

async function addLive(key: string, company: string | null, dCode: string, watermark = 0) {
  const now = clock.now();
  const mediaCode = `MG${key}${Date.now().toString(36)}`;
  await t.ctx.db.insert(media).values({
    mediaCode,
    companySysCode: company,
    kind: 'video',
    sourceKey: `media/${mediaCode}/source.mp4`,
    ext: '.mp4',
    mime: 'video/mp4',
    size: 1000,
    duration: 7200,
    status: 'ready',
    createdAt: now,
    updatedAt: now,
  });
  const fields = {
    resName: `守护课程${key}`,
    introduce: '',
    cover: '',
    lecturerCode: '',
    resType: 1,
    content: '',
    mediaId: mediaCode,
    duration: 7200,
    creditHours: 2,
  };
  const resCode = `RG${key}${Date.now().toString(36)}`;
  await t.ctx.db.insert(resources).values({
    ...fields,
    resCode,
    companySysCode: company,
    dCode,
    watermark,
    auditStatus: 20,
    live: fields,
    createdAt: now,
    updatedAt: now,
  });
  code[key] = resCode;
}

const ACCOUNTS = ['admin', 'corpadmin', ...demoLearners(8), 'other01'];
// the clock runs hours in this file: every test signs in afresh
beforeEach(async () => {
  for (const a of ACCOUNTS) tok[a] = await t.login(a);
});
beforeAll(async () => {
  t = await buildTestApp({ clock });
  await t.ctx.db
    .insert(resDirs)
    .values({ dCode: 'DGUARD', dName: '守护', dNo: '9951', dpNo: '00', companySysCode: null, sort: 0, createdAt: clock.now() });
  await addLive('a', null, 'DGUARD');
  await addLive('b', null, 'DGUARD');
  await addLive('wmOn', null, 'DGUARD', 1);
  await addLive('wmOff', null, 'DGUARD', 2);
});
afterAll(() => t.close());

describe('the crediting rule with the guard (pure)', () => {
  const base = { markMs: 0, claimedSpeed: 1, maxSpeed: 2, intervalSeconds: 15, remainingSeconds: 1000 };
  it('credits only up to the idle limit, nothing while a check waits, as before without the guard', () => {
    const guard = { activeMs: 0, idleMs: 600_000, pending: false };
    expect(creditBeat({ ...base, markMs: 590_000, nowMs: 605_000, guard })).toEqual({ seconds: 10, markMs: 605_000 });
    expect(creditBeat({ ...base, markMs: 605_000, nowMs: 620_000, guard })).toEqual({ seconds: 0, markMs: 620_000 });
    expect(creditBeat({ ...base, markMs: 0, nowMs: 15_000, guard: { ...guard, pending: true } })).toEqual({ seconds: 0, markMs: 15_000 });
    expect(creditBeat({ ...base, markMs: 590_000, nowMs: 605_000, guard: { ...guard, idleMs: 0 } })).toEqual({
      seconds: 15,
      markMs: 605_000,
    });
  });
});

describe('anti-idle: the server decides from the beats', () => {
  it('a forged stream that reports no activity earns nothing past the default 10 minutes, and a new guid does not get round it', async () => {
    const g = guid();
    expect((await beat('learner01', code.a, g)).data).toMatchObject({ opened: true, presence: 0 });
    const last = await playFor('learner01', code.a, g, 15);
    expect(await credited('learner01', code.a)).toBe(600);
    expect(last).toMatchObject({
      success: true,
      msg: '请确认您仍在学习，确认前不计学习时长',
      data: { credited: 0, presence: expect.any(Number) },
    });
    expect(last.data.presence).toBeGreaterThanOrEqual(10);
    // a fresh viewing (another guid) claiming activity: the check still waits, nothing is credited
    const g2 = guid();
    expect((await beat('learner01', code.a, g2, { idle: 0 })).data).toMatchObject({ opened: true, presence: last.data.presence });
    await playFor('learner01', code.a, g2, 2, () => ({ idle: 0 }));
    expect(await credited('learner01', code.a)).toBe(600);
  });

  it('the answer: a wrong number changes nothing, the right one resumes crediting (the waiting time is not owed)', async () => {
    const g = guid();
    await beat('learner02', code.a, g);
    const stopped = await playFor('learner02', code.a, g, 11);
    const n = stopped.data.presence;
    expect(n).toBeGreaterThan(0);
    expect(await credited('learner02', code.a)).toBe(600);
    const wrong = await presence('learner02', { code: n === 99 ? 98 : n + 1 });
    expect(wrong).toMatchObject({ success: false, code: 'STUDY_PRESENCE_WRONG', msg: '所选数字不正确，请重新选择' });
    expect((await presence('learner02', { code: 'abc' })).msg).toBe('请选择提示的数字');
    expect((await presence('learner02', { code: 0 })).msg).toBe('请选择提示的数字');
    clock.advance(15 * S);
    expect((await beat('learner02', code.a, g)).data).toMatchObject({ credited: 0, presence: n });
    clock.advance(3 * MIN);
    expect(await presence('learner02', { code: n })).toMatchObject({ success: true, msg: '已确认，继续计时', data: { presence: 0 } });
    // answering twice is harmless
    expect((await presence('learner02', { code: n })).success).toBe(true);
    const before = await credited('learner02', code.a);
    clock.advance(15 * S);
    expect((await beat('learner02', code.a, g, { idle: 5 })).data).toMatchObject({ credited: 15, presence: 0 });
    expect(await credited('learner02', code.a)).toBe(before + 15);
  });

  it('an honest page: activity reported keeps crediting; the idle limit counts from the last activity', async () => {
    const g = guid();
    await beat('learner03', code.a, g, { idle: 0 });
    // active throughout 20 minutes: everything credited
    await playFor('learner03', code.a, g, 20, () => ({ idle: 3 }));
    expect(await credited('learner03', code.a)).toBe(1200);
    // then the learner walks away: the page reports growing idle time
    const last = await playFor('learner03', code.a, g, 12, (n) => ({ idle: n * 15 }));
    // 10 minutes after the last activity (the first idle beat said: 15 s ago, at the 20 minute mark)
    expect(await credited('learner03', code.a)).toBe(1200 + 600);
    expect(last.data.presence).toBeGreaterThan(0);
  });

  it('the company sets N (2 minutes), 0 turns it off; another company is not touched', async () => {
    expect(await save('corpadmin', { idleMinutes: 2, randomCheck: 0, watermark: 0 })).toMatchObject({
      success: true,
      data: { companySysCode: demo, idleMinutes: 2, randomCheck: 0, watermark: 0 },
    });
    const g = guid();
    await beat('learner04', code.a, g);
    await playFor('learner04', code.a, g, 5);
    expect(await credited('learner04', code.a)).toBe(120);
    // the other company keeps the default 10 minutes
    const o = guid();
    await beat('other01', code.a, o);
    await playFor('other01', code.a, o, 5);
    expect(await credited('other01', code.a)).toBe(300);
    // off: nothing reported for an hour, all credited
    await save('corpadmin', { idleMinutes: 0, randomCheck: 0, watermark: 0 });
    const g5 = guid();
    await beat('learner05', code.a, g5);
    await playFor('learner05', code.a, g5, 60);
    expect(await credited('learner05', code.a)).toBe(3600);
    await save('corpadmin', { idleMinutes: 10, randomCheck: 0, watermark: 0 });
  });

  it('random checks while playing: a stream claiming activity is stopped until it answers', async () => {
    await save('corpadmin', { idleMinutes: 3, randomCheck: 1, watermark: 0 });
    try {
      const g = guid();
      await beat('learner06', code.a, g, { idle: 0 });
      const [row] = await t.ctx.db
        .select({ at: resViewSessions.checkAt })
        .from(resViewSessions)
        .where(eq(resViewSessions.userId, await userId('learner06')));
      // due between a third of the window and the whole of it
      const due = (row.at as Date).getTime() - clock.now().getTime();
      expect(due).toBeGreaterThanOrEqual(MIN - 1);
      expect(due).toBeLessThanOrEqual(3 * MIN + 1);
      const last = await playFor('learner06', code.a, g, 10, () => ({ idle: 0 }));
      expect(last.data.presence).toBeGreaterThan(0);
      const got = await credited('learner06', code.a);
      expect(got).toBeLessThanOrEqual(3 * 60 + 15);
      expect(got).toBeGreaterThanOrEqual(60);
      expect((await presence('learner06', { code: last.data.presence })).success).toBe(true);
      clock.advance(15 * S);
      expect((await beat('learner06', code.a, g, { idle: 0 })).data.credited).toBe(15);
    } finally {
      await save('corpadmin', { idleMinutes: 10, randomCheck: 0, watermark: 0 });
    }
  });

  it('beats written together (the batch statement of the group commit) apply the same guard', async () => {
    const who = ['learner07', 'learner08'];
    const gs = who.map(() => guid());
    for (const [i, w] of who.entries()) await beat(w, code.b, gs[i], { idle: 0 });
    const [res] = await t.ctx.db.select({ id: resources.id }).from(resources).where(eq(resources.resCode, code.b));
    const ids = await Promise.all(who.map(userId));
    const batch = (idle: (number | null)[], checkCode: number) =>
      repo.creditBeatsSql(
        t.ctx.db,
        who.map((_, i) => ({
          userId: ids[i],
          resId: res.id,
          companySysCode: demo,
          guid: gs[i],
          speed: 1,
          position: 0,
          lesson: 0,
          now: clock.now(),
          day: shanghaiDay(clock.now()),
          duration: 7200,
          idle: idle[i],
          idleMs: 10 * MIN,
          checkCode,
          randomCheck: false,
        })),
        20 * S,
      );
    clock.advance(15 * S);
    expect((await batch([0, null], 41)).map((o) => o.found && [o.credited, o.presence])).toEqual([
      [15, 0],
      [15, 0],
    ]);
    // eleven minutes on: the one reporting activity is credited (capped), the silent one up to its limit and checked
    clock.advance(11 * MIN);
    expect((await batch([0, null], 42)).map((o) => o.found && [o.credited, o.presence])).toEqual([
      [20, 0],
      [20, 42],
    ]);
    clock.advance(15 * S);
    expect((await batch([0, 0], 43)).map((o) => o.found && [o.credited, o.presence])).toEqual([
      [15, 0],
      [0, 42],
    ]);
  });
  it('a beat saying the learner has been away longer than N: that beat earns nothing and the check starts', async () => {
    const g = guid();
    await beat('learner07', code.a, g, { idle: 0 });
    clock.advance(15 * S);
    const b2 = await beat('learner07', code.a, g, { idle: 2 });
    expect(b2.data, b2.msg).toMatchObject({ credited: 15, presence: 0 });
    clock.advance(15 * S);
    const away = await beat('learner07', code.a, g, { idle: 700 });
    expect(away.data.credited).toBe(0);
    expect(away.data.presence).toBeGreaterThan(0);
  });
  it('the statement agrees with the reference rule (crediting.ts) on the idle cases', async () => {
    const cases: [number, number, number][] = [
      [15_000, 1, 0],
      [15_000, 1.5, 595],
      [15_000, 1, 610],
      [15_000, 2, 700],
      [20_001, 1, 612],
      [9_400, 1.25, 604],
    ];
    for (const [elapsed, speed, idle] of cases) {
      const g = guid();
      await beat('learner02', code.b, g, { speed, idle: 0 });
      const before = await credited('learner02', code.b);
      clock.advance(elapsed);
      const r = await beat('learner02', code.b, g, { speed, idle });
      expect(r.success, r.msg).toBe(true);
      const want = creditBeat({
        markMs: 0,
        nowMs: elapsed,
        claimedSpeed: speed,
        maxSpeed: 2,
        intervalSeconds: 15,
        remainingSeconds: 7200 - before,
        guard: { activeMs: elapsed - idle * 1000, idleMs: 10 * MIN, pending: false },
      });
      expect(r.data.credited, `${elapsed} ms at ${speed}x, idle ${idle} s`).toBe(want.seconds);
      expect(r.data.presence > 0, `check after idle ${idle} s`).toBe(elapsed - idle * 1000 + 10 * MIN < elapsed);
      if (r.data.presence) expect((await presence('learner02', { code: r.data.presence })).success).toBe(true);
    }
  });
});

describe('one item at a time', () => {
  it('two courses in two tabs: only the most recent is credited, the other is told in Chinese', async () => {
    const a = guid();
    const b = guid();
    await beat('learner05', code.a, a, { idle: 0 });
    clock.advance(15 * S);
    const a1 = await beat('learner05', code.a, a, { idle: 0 });
    expect(a1.data.credited).toBe(15);
    const beforeA = await credited('learner05', code.a);
    // tab B opens course b
    expect((await beat('learner05', code.b, b, { idle: 0 })).data).toMatchObject({ opened: true, credited: 0 });
    for (let i = 0; i < 4; i++) {
      clock.advance(15 * S);
      const ta = await beat('learner05', code.a, a, { idle: 0 });
      expect(ta).toMatchObject({
        success: true,
        msg: '已在其他窗口或设备继续学习',
        data: { takenOver: true, accepted: false, credited: 0 },
      });
      expect((await beat('learner05', code.b, b, { idle: 0 })).data.credited).toBe(15);
    }
    expect(await credited('learner05', code.a)).toBe(beforeA);
    expect(await credited('learner05', code.b)).toBe(60);
  });
});

describe('settings: access, tenants, input', () => {
  it('a company administrator reads and saves their own company only; platform staff name one', async () => {
    expect(await t.ok<StudySettingsView>(`${R}/GetStudySettings`, {}, tok.corpadmin)).toMatchObject({
      companySysCode: demo,
      idleMinutes: 10,
    });
    // another company's code answers as missing, and changes nothing
    const other = await save('corpadmin', { companySysCode: OTHER_COMPANY.companySysCode, idleMinutes: 1, randomCheck: 1, watermark: 1 });
    expect(other.success).toBe(false);
    const rows = await t.ctx.db.select().from(studySettings).where(eq(studySettings.companySysCode, OTHER_COMPANY.companySysCode));
    expect(rows).toEqual([]);
    // platform staff must name the company
    expect((await t.post(`${R}/GetStudySettings`, {}, tok.admin)).code).toBe('COMPANY_PICK_REQUIRED');
    expect(
      await t.ok<StudySettingsView>(`${R}/GetStudySettings`, { companySysCode: OTHER_COMPANY.companySysCode }, tok.admin),
    ).toMatchObject({
      companySysCode: OTHER_COMPANY.companySysCode,
      idleMinutes: 10,
      randomCheck: 0,
      watermark: 0,
    });
    // learners may neither read nor save; signed out neither
    expect((await t.post(`${R}/GetStudySettings`, {}, tok.learner01)).success).toBe(false);
    expect((await save('learner01', { idleMinutes: 0, randomCheck: 0, watermark: 0 })).success).toBe(false);
    expect((await t.post(`${R}/StudyPresence`, { code: 12 })).success).toBe(false);
  });

  it('bad input: a Chinese message and no change', async () => {
    const bad = [
      [{ idleMinutes: -1 }, '无操作暂停时间应为 0 到 120 之间的整数（分钟，0 表示不检查）'],
      [{ idleMinutes: 121 }, '无操作暂停时间应为 0 到 120 之间的整数（分钟，0 表示不检查）'],
      [{ idleMinutes: 2.5 }, '无操作暂停时间应为 0 到 120 之间的整数（分钟，0 表示不检查）'],
      [{ idleMinutes: 'abc' }, '无操作暂停时间应为 0 到 120 之间的整数（分钟，0 表示不检查）'],
      [{ idleMinutes: 5, randomCheck: 3 }, '开关取值无效'],
      [{ idleMinutes: 5, watermark: 'yes' }, '开关取值无效'],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await save('corpadmin', { randomCheck: 0, watermark: 0, ...body });
      expect(res).toMatchObject({ success: false, msg });
    }
    expect(await t.ok<StudySettingsView>(`${R}/GetStudySettings`, {}, tok.corpadmin)).toMatchObject({ idleMinutes: 10, randomCheck: 0 });
    expect((await beat('learner01', code.a, guid(), { idle: -5 })).msg).toBe('无操作时长无效');
    expect((await beat('learner01', code.a, guid(), { idle: 'x' })).msg).toBe('无操作时长无效');
  });
});

describe('the watermark: the company switch and the course switch', () => {
  const guardOf = async (who: string, rescode: string) =>
    (await t.ok<StudyDetail>(`${R}/GetTrainResStudyDetail`, { rescode }, tok[who])).guard;
  it('off by default, on by the company, forced on or off by the course; name and the last four phone digits', async () => {
    const [me] = await t.ctx.db.select({ name: users.chnName }).from(users).where(eq(users.accountCode, 'learner01'));
    expect(await guardOf('learner01', code.a)).toEqual({ idleMinutes: 10, randomCheck: false, watermark: '' });
    expect((await guardOf('learner01', code.wmOn)).watermark).toBe(`${me.name} 0001`);
    await save('corpadmin', { idleMinutes: 10, randomCheck: 0, watermark: 1 });
    try {
      expect((await guardOf('learner01', code.a)).watermark).toBe(`${me.name} 0001`);
      expect((await guardOf('learner01', code.wmOff)).watermark).toBe('');
      // the other company's learner: their company's switch (off)
      expect((await guardOf('other01', code.a)).watermark).toBe('');
    } finally {
      await save('corpadmin', { idleMinutes: 10, randomCheck: 0, watermark: 0 });
    }
  });
});
