import {
  type CourseCardView,
  type MonthLogDay,
  type RankingItem,
  type StudyStarView,
  type StudyStatsAnswer,
  studyTimeText,
  type UserCountAnswer,
} from '@xuetu/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES as R, USER as U } from '../../../../test/api-paths.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { resDirs, resources, resStudies, resStudyDays, users } from '../../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';

// Learning statistics (ADR 0019): count cards by role, the home page's course sections (visibility,
// cache and its invalidation), the learning calendar. Each route: no session / other company /
// bad input / success.
let t: TestApp;
let admin: string;
let corp: string;
let star: string; // learner12: seeded study history
let fresh: string; // learner20: none
let other: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, corp, star, fresh, other] = await Promise.all(['admin', 'corpadmin', 'learner12', 'learner20', 'other01'].map((a) => t.login(a)));
});
afterAll(() => t.close());

const userId = async (account: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.accountCode, account)))[0].id;
const companyOf = async (codes: string[]) =>
  new Map(
    (
      await t.ctx.db.select({ c: resources.resCode, co: resources.companySysCode }).from(resources).where(inArray(resources.resCode, codes))
    ).map((r) => [r.c, r.co]),
  );

describe('signed-in figures', () => {
  it('no session: 401; bad input: the message', async () => {
    for (const call of [`${U}/GetUserCount`, `${R}/GetStatisticsUserStudyData`, `${R}/LearningMonthLog`])
      expect((await t.post(call, { month: '2026-01' })).errorCode).toBe(401);
    expect((await t.post(`${R}/LearningMonthLog`, { month: '2026-13' }, star)).msg).toBe('月份格式应为 yyyy-MM');
    expect((await t.post(`${R}/LearningMonthLog`, {}, star)).msg).toBe('月份格式应为 yyyy-MM');
    // platform staff naming a company that does not exist
    expect((await t.post(`${U}/GetUserCount`, { companySysCode: 'C-NOPE' }, admin)).success).toBe(false);
  });

  it('companySysCode is applied within the scope: own company, any for platform staff; another or an unknown one refused (issue 38 item 4)', async () => {
    for (const call of [`${U}/GetUserCount`, `${R}/GetStatisticsUserStudyData`]) {
      const ask = (token: string, companySysCode: string) => t.post(call, { companySysCode }, token);
      const own = (await ask(corp, '')).data;
      // the own company by its system code or its company code: the same figures
      expect((await ask(corp, DEMO_COMPANY.companySysCode)).data).toEqual(own);
      expect((await ask(corp, DEMO_COMPANY.companyCode)).data).toEqual(own);
      // another company's code, by its administrator or a learner: refused like an unknown company
      const refused = { success: false, code: 'COMPANY_NOT_FOUND', msg: '公司不存在' };
      expect(await ask(corp, OTHER_COMPANY.companySysCode)).toMatchObject(refused);
      expect(await ask(other, DEMO_COMPANY.companySysCode)).toMatchObject(refused);
      expect(await ask(corp, 'C-NOPE')).toMatchObject(refused);
      expect(await ask(admin, 'C-NOPE')).toMatchObject(refused);
      // platform staff: applied (the company's administrator's own figures)
      expect((await ask(admin, DEMO_COMPANY.companySysCode)).data).toEqual(own);
      expect((await ask(admin, '')).data).not.toEqual(own);
    }
  });

  it('GetUserCount: the own company; platform staff all or one company', async () => {
    const count = async (token: string, companySysCode = '') =>
      (await t.post<UserCountAnswer>(`${U}/GetUserCount`, { companySysCode }, token)).data;
    const corpCount = await count(corp);
    const [expected] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`, a: sql<number>`count(*) filter (where password_hash is not null)::int` })
      .from(users)
      .where(and(eq(users.companySysCode, DEMO_COMPANY.companySysCode), isNull(users.cancelledAt)));
    expect(corpCount).toEqual({ item1: expected.n, item2: expected.a });
    // 张三 is imported but not activated
    expect(corpCount.item2).toBeLessThan(corpCount.item1);
    expect(await count(other)).toEqual(await count(admin, OTHER_COMPANY.companySysCode));
    const all = await count(admin);
    expect(all.item1).toBe(corpCount.item1 + (await count(admin, OTHER_COMPANY.companySysCode)).item1);
  });

  it('GetStatisticsUserStudyData: a learner their own study, an administrator the company, platform staff every company', async () => {
    const stats = async (token: string, companySysCode = '') =>
      (await t.post<StudyStatsAnswer>(`${R}/GetStatisticsUserStudyData`, { companySysCode }, token)).data;
    const sumOf = async (where: ReturnType<typeof eq> | undefined) => {
      const [r] = await t.ctx.db
        .select({ s: sql<number>`coalesce(sum(credited_seconds), 0)::int`, n: sql<number>`count(*)::int` })
        .from(resStudies)
        .where(where);
      return { studyHours: Math.round(r.s / 60), studySeconds: r.s, studyResCnt: r.n };
    };
    const mine = await stats(star);
    expect(mine.personal).toBe(true);
    expect(mine).toMatchObject(await sumOf(eq(resStudies.userId, await userId('learner12'))));
    expect(mine.studyHours).toBeGreaterThan(0);
    expect(await stats(fresh)).toMatchObject({ personal: true, studyHours: 0, studyResCnt: 0, resCnt: mine.resCnt });

    const company = await stats(corp);
    expect(company.personal).toBe(false);
    const [{ n: studied }] = await t.ctx.db
      .select({ n: sql<number>`count(distinct res_id)::int` })
      .from(resStudies)
      .where(eq(resStudies.companySysCode, DEMO_COMPANY.companySysCode));
    expect(company.studyResCnt).toBe(studied);
    expect(company.studyHours).toBeGreaterThan(mine.studyHours);
    // courses: the approved platform-wide ones and the company's own
    const [{ n, d }] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`, d: sql<number>`coalesce(sum((live->>'duration')::int), 0)::int` })
      .from(resources)
      .where(
        and(
          isNotNull(resources.live),
          isNull(resources.deletedAt),
          sql`((company_sys_code is null and is_private = 0) or company_sys_code = ${DEMO_COMPANY.companySysCode})`,
        ),
      );
    expect(company).toMatchObject({ resCnt: n, resTotalHours: Math.round(d / 60) });

    // platform staff: all companies, or the one named — the same figures that company's administrator sees
    expect(await stats(admin, DEMO_COMPANY.companySysCode)).toEqual(company);
    const everyone = await stats(admin);
    expect(everyone.resCnt).toBeGreaterThan(company.resCnt);
    // another company's learner never reads the demo company's figures
    const otherStats = await stats(other);
    expect(otherStats).toMatchObject({ personal: true, studyHours: 0 });
    expect(otherStats.resCnt).not.toBe(company.resCnt);
  });

  it('LearningMonthLog: minutes per day of the month, the own learner only', async () => {
    const id = await userId('learner12');
    // the seed's clock: its last day is "today" of the seed run
    const [{ last }] = await t.ctx.db.select({ last: sql<string>`max(day)::text` }).from(resStudyDays).where(eq(resStudyDays.userId, id));
    const month = last.slice(0, 7);
    const log = (await t.post<MonthLogDay[]>(`${R}/LearningMonthLog`, { month }, star)).data;
    const rows = await t.ctx.db
      .select({ day: resStudyDays.day, s: sql<number>`sum(seconds)::int` })
      .from(resStudyDays)
      .where(and(eq(resStudyDays.userId, id), sql`to_char(day, 'YYYY-MM') = ${month}`))
      .groupBy(resStudyDays.day)
      .orderBy(resStudyDays.day);
    expect(log).toEqual(rows.map((r) => ({ date: r.day, seconds: r.s, minute: Math.round(r.s / 60) })));
    expect(log.at(-1)?.date).toBe(last);
    expect(log.every((d) => d.minute > 0)).toBe(true);
    expect((await t.post<MonthLogDay[]>(`${R}/LearningMonthLog`, { month }, fresh)).data).toEqual([]);
    expect((await t.post<MonthLogDay[]>(`${R}/LearningMonthLog`, { month: '2001-02' }, star)).data).toEqual([]);
  });
});

describe('demo study history', () => {
  it('res_study totals equal their day rows and stay within each course duration', async () => {
    const rows = await t.ctx.db.execute<{ n: number; bad_sum: number; over: number }>(sql`
      select count(*)::int as n,
        count(*) filter (where s.credited_seconds <> coalesce(d.total, 0))::int as bad_sum,
        count(*) filter (where s.credited_seconds > r.duration)::int as over
      from res_study s
      join train_res r on r.id = s.res_id
      left join (select user_id, res_id, sum(seconds) as total from res_study_day group by user_id, res_id) d
        on d.user_id = s.user_id and d.res_id = s.res_id`);
    const [r] =
      'rows' in rows
        ? (rows.rows as { n: number; bad_sum: number; over: number }[])
        : (rows as unknown as { n: number; bad_sum: number; over: number }[]);
    expect(r.n).toBeGreaterThan(8);
    expect(r).toMatchObject({ bad_sum: 0, over: 0 });
  });
});

describe('home page sections', () => {
  const hot = async (token?: string, body: Record<string, unknown> = {}) =>
    (await t.post<CourseCardView[]>(`${R}/IndexHotRes`, { dCode: '', top: 50, ...body }, token)).data;

  it('bad input: the message', async () => {
    expect((await t.post(`${R}/IndexRecommendRes`, { cate: 4 })).msg).toBe('推荐类别应为 1（HOT）、2（NEW）或 3（GOOD）');
    expect((await t.post(`${R}/IndexRecommendResNoCache`, {})).msg).toBe('推荐类别应为 1（HOT）、2（NEW）或 3（GOOD）');
    expect((await t.post(`${R}/GetRankingList`, { limit: 0 })).msg).toBe('数量应在 1 到 50 之间');
    expect((await t.post(`${R}/IndexHotRes`, { top: 'x' })).msg).toBe('数量应在 1 到 50 之间');
    expect((await t.post(`${R}/GetStudyStarList`, { limit: 99 })).msg).toBe('数量应在 1 到 50 之间');
  });

  it('IndexHotRes: signed out platform-wide only, signed in also the own company, never another company; by views', async () => {
    const anon = await hot();
    expect(anon.length).toBeGreaterThan(0);
    const owners = await companyOf(anon.map((c) => c.resCode));
    expect([...owners.values()].every((c) => c === null)).toBe(true);
    expect(anon.map((c) => c.viewCnt)).toEqual([...anon.map((c) => c.viewCnt)].sort((a, b) => b - a));
    expect(anon.map((c) => c.rank)).toEqual(anon.map((_, i) => i + 1));
    // the card carries plain text, not the stored html
    expect(anon.every((c) => !c.introduce.includes('<'))).toBe(true);

    const mine = await hot(star);
    const mineOwners = await companyOf(mine.map((c) => c.resCode));
    expect([...mineOwners.values()]).toContain(DEMO_COMPANY.companySysCode);
    expect([...mineOwners.values()].every((c) => c === null || c === DEMO_COMPANY.companySysCode)).toBe(true);
    const theirs = await companyOf((await hot(other)).map((c) => c.resCode));
    expect([...theirs.values()]).not.toContain(DEMO_COMPANY.companySysCode);
    // pending / rejected versions never show
    expect(mine.map((c) => c.resName)).not.toContain('消防演练实操');
    // top (default 10) and the directory tab (with its sub-directories)
    expect((await t.post<CourseCardView[]>(`${R}/IndexHotRes`, { dCode: '', top: 2 }, star)).data).toHaveLength(2);
    const [general] = await t.ctx.db.select().from(resDirs).where(eq(resDirs.dName, '通用课程'));
    const inGeneral = await hot(undefined, { dCode: general.dCode });
    expect(inGeneral.length).toBe(anon.length);
    expect(await hot(undefined, { dCode: 'RD-NOPE' })).toEqual([]);
    const [onboard] = await t.ctx.db.select().from(resDirs).where(eq(resDirs.dName, '新员工入职'));
    // another company's directory: nothing, for a signed-out visitor too
    expect(await hot(other, { dCode: onboard.dCode })).toEqual([]);
    expect(await hot(undefined, { dCode: onboard.dCode })).toEqual([]);
    expect((await hot(corp, { dCode: onboard.dCode })).length).toBeGreaterThan(0);
  });

  it('IndexRecommendRes(NoCache): the category in the administrator order, with rank', async () => {
    for (const cate of [1, 2, 3]) {
      const list = (await t.post<CourseCardView[]>(`${R}/IndexRecommendRes`, { cate }, star)).data;
      expect((await t.post<CourseCardView[]>(`${R}/IndexRecommendResNoCache`, { cate }, star)).data).toEqual(list);
      const rows = await t.ctx.db
        .select({ c: resources.resCode, cate: resources.recommendCate })
        .from(resources)
        .where(
          inArray(
            resources.resCode,
            list.map((x) => x.resCode),
          ),
        );
      expect(rows.every((r) => r.cate === cate)).toBe(true);
      expect(list.map((x) => x.rank)).toEqual(list.map((_, i) => i + 1));
    }
    expect((await t.post<CourseCardView[]>(`${R}/IndexRecommendRes`, { cate: 1 }, star)).data.length).toBeGreaterThan(0);
  });

  it('GetRankingList: courses by credited minutes of the last 30 days, visible ones only', async () => {
    const list = (await t.post<RankingItem[]>(`${R}/GetRankingList`, { limit: 5 }, star)).data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(5);
    expect(list.map((r) => r.studyMinutes)).toEqual([...list.map((r) => r.studyMinutes)].sort((a, b) => b - a));
    const top = list[0];
    const [{ s, n }] = await t.ctx.db
      .select({ s: sql<number>`sum(d.seconds)::int`, n: sql<number>`count(distinct d.user_id)::int` })
      .from(sql`res_study_day d join train_res r on r.id = d.res_id`)
      .where(sql`r.res_code = ${top.resCode} and d.day > current_date - 30`);
    expect(top).toMatchObject({ studyMinutes: Math.round(s / 60), studySeconds: s, learnerCnt: n, rank: 1 });
    const anon = (await t.post<RankingItem[]>(`${R}/GetRankingList`, { limit: 5 })).data;
    expect([...(await companyOf(anon.map((c) => c.resCode))).values()].every((c) => c === null)).toBe(true);
  });

  it('GetStudyStarList: the own company’s learners by study time; nobody else’s', async () => {
    const stars = (await t.post<StudyStarView[]>(`${R}/GetStudyStarList`, {}, corp)).data;
    expect(stars).toHaveLength(5);
    // written as every page writes study time (one function), not floored to whole minutes
    expect(stars[0]).toMatchObject({ rank: 1, chnName: expect.any(String), studyHoursStr: studyTimeText(stars[0].studySeconds) });
    expect(stars.map((x) => x.studySeconds)).toEqual([...stars.map((x) => x.studySeconds)].sort((a, b) => b - a));
    const names = new Set(
      (await t.ctx.db.select({ n: users.chnName }).from(users).where(eq(users.companySysCode, DEMO_COMPANY.companySysCode))).map(
        (u) => u.n,
      ),
    );
    expect(stars.every((x) => names.has(x.chnName))).toBe(true);
    expect((await t.post<StudyStarView[]>(`${R}/GetStudyStarList`, {}, other)).data).toEqual([]);
    // signed out: study of platform-wide courses
    expect((await t.post<StudyStarView[]>(`${R}/GetStudyStarList`, { limit: 3 })).data).toHaveLength(3);
  });

  it('answers are cached, and approving, revoking, deleting or recommending a resource clears them', async () => {
    const before = await hot();
    const first = before[0];
    // a direct write (no service) is not seen: the answer is cached
    await t.ctx.db
      .update(resources)
      .set({ viewCnt: 99999 })
      .where(eq(resources.resCode, before.at(-1)!.resCode));
    expect((await hot())[0].resCode).toBe(first.resCode);

    // approving a new platform course clears the cache (and shows it)
    const [safety] = await t.ctx.db.select().from(resDirs).where(eq(resDirs.dName, '安全生产'));
    const add = await t.post<{ resCode: string }>(
      `${R}/AddData`,
      { resName: '缓存测试课', resType: 4, content: '<p>正文</p>', dCode: safety.dCode, recommendCate: 3 },
      admin,
    );
    expect(add.success, add.msg).toBe(true);
    const code = add.data.resCode;
    expect((await t.post(`${R}/PostCheck`, { rescode: code }, admin)).success).toBe(true);
    expect((await hot()).map((c) => c.resCode)).not.toContain(code);
    expect((await t.post(`${R}/Audit`, { rescode: code, pass: true }, admin)).success).toBe(true);
    const after = await hot();
    expect(after.map((c) => c.resCode)).toContain(code);
    expect(after[0].resCode).toBe(before.at(-1)!.resCode);
    const good = async () => (await t.post<CourseCardView[]>(`${R}/IndexRecommendRes`, { cate: 3, top: 50 })).data.map((c) => c.resCode);
    expect(await good()).toContain(code);

    // recommendation changes
    expect((await t.post(`${R}/EditRecommendRes`, { rescode: code, recommendCate: 0 }, admin)).success).toBe(true);
    expect(await good()).not.toContain(code);

    // revoke
    expect((await t.post(`${R}/Revoke`, { rescode: code }, admin)).success).toBe(true);
    expect((await hot()).map((c) => c.resCode)).not.toContain(code);

    // delete
    const victim = after.find((c) => c.resCode !== code)!;
    expect((await t.post(`${R}/Delete`, { rescode: victim.resCode }, admin)).success).toBe(true);
    expect((await hot()).map((c) => c.resCode)).not.toContain(victim.resCode);
  });
});
