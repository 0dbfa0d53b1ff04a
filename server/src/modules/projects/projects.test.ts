import {
  FileStatus,
  type PageResult,
  type ProjectDetail,
  type ProjectDetailData,
  type ProjectEnrolmentView,
  type ProjectView,
  type StudyCard,
  type StudyRules,
} from '@xuetu/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { exams, examUsers, media, messages, orgs, resources, resStudies, resStudyDays, storedFiles, users } from '../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../db/seed/demo.ts';
import { ManualClock } from '../../platform/clock.ts';
import { newCode } from '../../platform/codes.ts';
import { projectStudyRules } from './public.ts';

// Training projects: every route's no session / other company / bad input / success, joining,
// the cards' arithmetic on real study rows with the controlled clock, the publish message, and
// the player rules other modules read.
const P = '/Api/Project_Manage/project_project';
// 2030-03-05 10:00 in Shanghai
const clock = new ManualClock('2030-03-05T02:00:00Z');
let t: TestApp;
let admin: string;
let corp: string;
let learner: string; // learner05: picked in person
let member: string; // learner06: not picked
let other: string; // other01, another company
const ids: Record<string, number> = {};
const res: Record<string, { id: number; code: string }> = {};

/** An approved course: rich text, or (with `mediaId`) a video whose media is ready; 1 学时 unless told. */
async function addRes(name: string, company: string | null, duration = 600, o: { creditHours?: number; video?: boolean } = {}) {
  const resCode = newCode('R');
  let mediaId = '';
  if (o.video) {
    mediaId = newCode('MT');
    await t.ctx.db.insert(media).values({
      mediaCode: mediaId,
      companySysCode: company,
      kind: 'video',
      sourceKey: `media/${mediaId}/source.mp4`,
      ext: '.mp4',
      mime: 'video/mp4',
      size: 1000,
      duration,
      status: 'ready',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
  }
  const resType = o.video ? 1 : 4;
  const live = {
    resName: name,
    introduce: '',
    cover: '',
    lecturerCode: '',
    resType,
    content: o.video ? '' : '<p>x</p>',
    mediaId,
    duration,
    creditHours: o.creditHours ?? 1,
  };
  const [row] = await t.ctx.db
    .insert(resources)
    .values({ resCode, companySysCode: company, dCode: 'x', resType, resName: name, mediaId, duration, auditStatus: 20, live })
    .returning({ id: resources.id });
  res[name] = { id: row.id, code: resCode };
}

const studied = (user: string, resName: string, day: string, seconds: number) =>
  t.ctx.db
    .insert(resStudyDays)
    .values({ userId: ids[user], resId: res[resName].id, day, companySysCode: DEMO_COMPANY.companySysCode, seconds });

const body = (extra: Record<string, unknown> = {}) => ({
  projectName: '测试项目',
  introduce: '说明',
  startDate: '2030-03-01',
  endDate: '2030-03-10',
  checkHrs: 2,
  reachRule: 1,
  allowedSpeeds: [1, 1.5],
  allowSeekAhead: 0,
  ...extra,
});

async function create(extra: Record<string, unknown> = {}, token = corp): Promise<string> {
  const r = await t.post<{ projectCode: string }>(`${P}/SaveData`, body(extra), token);
  expect(r.success, r.msg).toBe(true);
  return r.data.projectCode;
}

async function published(
  extra: Record<string, unknown> = {},
  participants: Record<string, number[]> = { users: [] },
  resNames = ['课程甲', '课程乙'],
) {
  const code = await create(extra);
  expect((await t.post(`${P}/SaveResources`, { projectCode: code, resCodes: resNames.map((n) => res[n].code) }, corp)).success).toBe(true);
  expect((await t.post(`${P}/SaveParticipants`, { projectCode: code, participants }, corp)).success).toBe(true);
  const pub = await t.post(`${P}/Publish`, { projectCode: code }, corp);
  expect(pub.success, pub.msg).toBe(true);
  return code;
}

const cards = async (token: string, filter: Record<string, unknown> = {}) =>
  (await t.post<StudyCard[]>(`${P}/GetFPMyStudyData`, { filter }, token)).data;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  [admin, corp, learner, member, other] = await Promise.all([
    t.login('admin'),
    t.login('corpadmin'),
    t.login('learner05'),
    t.login('learner06'),
    t.login('other01'),
  ]);
  for (const u of await t.ctx.db
    .select({ id: users.id, a: users.accountCode })
    .from(users)
    .where(inArray(users.accountCode, ['learner05', 'learner06', 'learner07', 'learner10', 'learner11', 'learner12', 'other01']))) {
    ids[u.a] = u.id;
  }
  await addRes('课程甲', DEMO_COMPANY.companySysCode);
  await addRes('课程乙', null);
  await addRes('外公司课程', OTHER_COMPANY.companySysCode);
});
afterAll(() => t.close());

describe('administration', () => {
  it('no session, a learner, bad input', async () => {
    for (const call of [
      'GetPageList',
      'GetDetail',
      'SaveData',
      'Delete',
      'SaveResources',
      'SaveParticipants',
      'GetParticipants',
      'GetEnrolments',
      'SavePrjusrattr',
      'Publish',
      'Close',
    ])
      expect((await t.post(`${P}/${call}`, {})).errorCode, call).toBe(401);
    expect((await t.post(`${P}/SaveData`, body(), learner)).errorCode).toBe(403);
    expect((await t.post(`${P}/SaveData`, body({ projectName: ' ' }), corp)).msg).toBe('请输入项目名称');
    expect((await t.post(`${P}/SaveData`, body({ startDate: '' }), corp)).msg).toBe('请设置项目开始和结束日期');
    expect((await t.post(`${P}/SaveData`, body({ startDate: '2030/03/01' }), corp)).msg).toBe('日期格式应为 yyyy-MM-dd');
    expect((await t.post(`${P}/SaveData`, body({ endDate: '2030-02-01' }), corp)).msg).toBe('项目结束日期不能早于开始日期');
    expect((await t.post(`${P}/SaveData`, body({ checkHrs: -1 }), corp)).msg).toBe('考核学时应在 0 到 10000 之间');
    expect((await t.post(`${P}/SaveData`, body({ allowedSpeeds: [3] }), corp)).msg).toBe('播放倍速只能是 0.5、0.75、1、1.25、1.5 或 2');
    expect((await t.post(`${P}/SaveData`, body({ allowedSpeeds: [] }), corp)).msg).toBe('请至少允许一种播放倍速');
    expect((await t.post(`${P}/SaveData`, body({ plans: [{ planName: '一期', startDate: '2030-02-01' }] }), corp)).msg).toBe(
      '培训批次的时间必须在项目周期内，且结束日期不能早于开始日期',
    );
    expect((await t.post(`${P}/SaveData`, body({ plans: [{ planName: '一期' }, { planName: '一期' }] }), corp)).msg).toBe(
      '培训批次名称不能重复',
    );
    expect((await t.post(`${P}/SaveData`, body({ examCodes: ['E-none'] }), corp)).msg).toBe('所选考试不存在');
    // platform staff must name the company
    expect((await t.post(`${P}/SaveData`, body(), admin)).success).toBe(false);
    expect((await t.post(`${P}/GetDetail`, { projectCode: '' }, corp)).msg).toBe('请选择培训项目');
  });

  it('create, edit with plans, resources, participants, detail, list; company isolation', async () => {
    const code = await create({ plans: [{ planName: '一期' }, { planName: '二期', startDate: '2030-03-06' }] });
    const d = (await t.post<ProjectDetail>(`${P}/GetDetail`, { projectCode: code }, corp)).data;
    expect(d).toMatchObject({
      status: 0,
      checkHrs: 2,
      allowedSpeeds: [1, 1.5],
      maxSpeed: 1.5,
      companySysCode: DEMO_COMPANY.companySysCode,
    });
    expect(d.plans.map((p) => p.planName)).toEqual(['一期', '二期']);
    // rename plan 1, drop plan 2
    expect(
      (
        await t.post(
          `${P}/SaveData`,
          body({ projectCode: code, projectName: '改名', plans: [{ planCode: d.plans[0].planCode, planName: '第一期' }] }),
          corp,
        )
      ).success,
    ).toBe(true);
    const d2 = (await t.post<ProjectDetail>(`${P}/GetDetail`, { projectCode: code }, corp)).data;
    expect(d2.projectName).toBe('改名');
    expect(d2.plans).toEqual([{ planCode: d.plans[0].planCode, planName: '第一期', startDate: '', endDate: '' }]);

    // resources: the company's and the platform's approved ones, in order; never another company's
    expect((await t.post(`${P}/SaveResources`, { projectCode: code, resCodes: [res.外公司课程.code] }, corp)).msg).toBe(
      '所选资源不存在或尚未审核通过',
    );
    expect((await t.post(`${P}/SaveResources`, { projectCode: code, resCodes: [res.课程乙.code, res.课程甲.code] }, corp)).success).toBe(
      true,
    );
    expect((await t.post<ProjectDetail>(`${P}/GetDetail`, { projectCode: code }, corp)).data.resources.map((r) => r.resName)).toEqual([
      '课程乙',
      '课程甲',
    ]);

    // participants: another company's person answers as missing
    expect((await t.post(`${P}/SaveParticipants`, { projectCode: code, participants: { users: [ids.other01] } }, corp)).code).toMatch(
      /NOT_FOUND$/,
    );
    expect((await t.post(`${P}/SaveParticipants`, { projectCode: code, participants: { users: [ids.learner05] } }, corp)).success).toBe(
      true,
    );
    expect((await t.post(`${P}/GetParticipants`, { projectCode: code }, corp)).data).toMatchObject({ users: [{ id: ids.learner05 }] });

    const list = (await t.post<PageResult<ProjectView>>(`${P}/GetPageList`, { keyword: '改名', pageIndex: 1, pageRows: 10 }, corp)).data;
    expect(list.models).toHaveLength(1);
    expect(list.models[0]).toMatchObject({ projectCode: code, resCount: 2, userCount: 0 });

    // another company's project: platform staff create it; the demo company's admin cannot see or touch it
    const foreign = (await t.post<{ projectCode: string }>(`${P}/SaveData`, body({ companySysCode: OTHER_COMPANY.companySysCode }), admin))
      .data.projectCode;
    expect((await t.post<PageResult<ProjectView>>(`${P}/GetPageList`, {}, admin)).data.models.some((m) => m.projectCode === foreign)).toBe(
      true,
    );
    expect((await t.post<PageResult<ProjectView>>(`${P}/GetPageList`, {}, corp)).data.models.some((m) => m.projectCode === foreign)).toBe(
      false,
    );
    for (const call of ['GetDetail', 'Delete', 'Publish', 'Close', 'GetParticipants', 'GetEnrolments'])
      expect((await t.post(`${P}/${call}`, { projectCode: foreign }, corp)).code, call).toMatch(/NOT_FOUND$/);
    expect((await t.post(`${P}/SaveData`, body({ projectCode: foreign }), corp)).code).toMatch(/NOT_FOUND$/);
    expect((await t.post(`${P}/SaveResources`, { projectCode: foreign, resCodes: [] }, corp)).code).toMatch(/NOT_FOUND$/);
    expect((await t.post(`${P}/SaveParticipants`, { projectCode: foreign, participants: {} }, corp)).code).toMatch(/NOT_FOUND$/);
    expect((await t.post(`${P}/SavePrjusrattr`, { projectCode: foreign, userId: ids.other01 }, corp)).code).toMatch(/NOT_FOUND$/);
    // the demo admin cannot create in another company
    expect((await t.post(`${P}/SaveData`, body({ companySysCode: OTHER_COMPANY.companySysCode }), corp)).code).toMatch(/NOT_FOUND$/);
    // delete: a draft without enrolments goes
    expect((await t.post(`${P}/Delete`, { projectCode: foreign }, admin)).success).toBe(true);
  });

  it('an uploaded cover is kept: saving the project marks the file attached (the orphan purge leaves it)', async () => {
    const key = `upload/test/${newCode('F')}.png`;
    await t.ctx.db
      .insert(storedFiles)
      .values({ storageKey: key, purpose: 'upload', status: FileStatus.Temp, size: 10, contentType: 'image/png', createdAt: clock.now() });
    const code = await create({ cover: `/prod-api/files/${key}` });
    expect((await t.post<ProjectDetail>(`${P}/GetDetail`, { projectCode: code }, corp)).data.cover).toBe(`/prod-api/files/${key}`);
    expect((await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.storageKey, key)))[0].status).toBe(FileStatus.Attached);
  });

  it('SaveData may carry the courses and participants: one transaction, all or nothing', async () => {
    const code = await create({ resCodes: [res.课程甲.code], participants: { users: [ids.learner05] } });
    const d = (await t.post<ProjectDetail>(`${P}/GetDetail`, { projectCode: code }, corp)).data;
    expect(d.resources.map((r) => r.resCode)).toEqual([res.课程甲.code]);
    expect(d.participants.users.map((u) => u.id)).toEqual([ids.learner05]);
    // a bad course refuses the whole save: the name stays
    const bad = await t.post(`${P}/SaveData`, body({ projectCode: code, projectName: '不应保存', resCodes: [res.外公司课程.code] }), corp);
    expect(bad.msg).toBe('所选资源不存在或尚未审核通过');
    const after = (await t.post<ProjectDetail>(`${P}/GetDetail`, { projectCode: code }, corp)).data;
    expect(after.projectName).toBe('测试项目');
    expect(after.resources).toHaveLength(1);
    // without the optional parts, courses and participants stay as they are
    await t.post(`${P}/SaveData`, body({ projectCode: code, projectName: '只改名' }), corp);
    expect((await t.post<ProjectDetail>(`${P}/GetDetail`, { projectCode: code }, corp)).data).toMatchObject({
      projectName: '只改名',
      resCount: 1,
      participants: { users: [{ id: ids.learner05 }] },
    });
  });

  it('the demo seed: two published projects of the demo company, learner01 enrolled with a certificate', async () => {
    const list = (await t.post<PageResult<ProjectView>>(`${P}/GetPageList`, { status: 1, pageRows: 100 }, corp)).data.models;
    const names = list.map((p) => p.projectName);
    expect(names).toEqual(expect.arrayContaining(['新员工入职培训', '安全生产培训（三类人员）']));
    const l1 = await t.login('learner01');
    const mine = await cards(l1, { joinState: 1 });
    expect(mine.map((c) => c.projectName)).toEqual(expect.arrayContaining(['新员工入职培训', '安全生产培训（三类人员）']));
    const info = (await t.post<{ certNo: string }[]>(`${P}/GetPrjusrattrInfoForThreeSafety`, {}, l1)).data;
    expect(info).toHaveLength(1);
    expect(info[0].certNo).toContain('安C');
  });

  it('publish needs resources and participants; participants get one message; close', async () => {
    const code = await create();
    expect((await t.post(`${P}/Publish`, { projectCode: code }, corp)).msg).toBe('请先为项目选择培训资源');
    await t.post(`${P}/SaveResources`, { projectCode: code, resCodes: [res.课程甲.code] }, corp);
    expect((await t.post(`${P}/Publish`, { projectCode: code }, corp)).msg).toBe('请先选择参训人员，或设置为本公司学员均可参加');
    const dept = (
      await t.ctx.db
        .select({ id: orgs.id })
        .from(orgs)
        .where(and(eq(orgs.orgName, '技术研发部'), eq(orgs.companySysCode, DEMO_COMPANY.companySysCode)))
    )[0].id;
    await t.post(`${P}/SaveParticipants`, { projectCode: code, participants: { users: [ids.learner07], orgs: [dept] } }, corp);
    const pub = await t.post<{ userCount: number }>(`${P}/Publish`, { projectCode: code }, corp);
    expect(pub.success, pub.msg).toBe(true);
    // 技术研发部 with its sub-departments: learners 1-3, 8-10, 15-17; learner07 by name
    expect(pub.data.userCount).toBe(10);
    expect(pub.msg).toBe('发布成功，已通知 10 名参训人员');
    expect((await t.post(`${P}/Publish`, { projectCode: code }, corp)).msg).toBe('项目已发布');
    const sent = () =>
      t.ctx.db
        .select()
        .from(messages)
        .where(like(messages.messageUrl, `%${code}%`));
    expect(await sent()).toHaveLength(0);
    await t.ctx.jobs.drain();
    const msgs = await sent();
    expect(msgs).toHaveLength(10);
    expect(JSON.parse(msgs[0].messageUrl)).toEqual({
      pc: { type: 'tabin', value: { path: '/project/detail', query: { projectCode: code } } },
    });
    // a later edit of the participants tells only the new people
    await t.post(
      `${P}/SaveParticipants`,
      { projectCode: code, participants: { users: [ids.learner07, ids.learner05], orgs: [dept] } },
      corp,
    );
    await t.ctx.jobs.drain();
    expect(await sent()).toHaveLength(11);

    expect((await t.post(`${P}/Close`, { projectCode: code }, corp)).success).toBe(true);
    expect((await t.post(`${P}/Close`, { projectCode: code }, corp)).msg).toBe('项目已结束，不能再修改');
    expect((await t.post(`${P}/SaveData`, body({ projectCode: code }), corp)).msg).toBe('项目已结束，不能再修改');
    const draft = await create();
    expect((await t.post(`${P}/Close`, { projectCode: draft }, corp)).msg).toBe('项目尚未发布');
  });
});

describe('learner', () => {
  it('no session and bad input', async () => {
    for (const call of [
      'GetFPMyStudyData',
      'JoinProject',
      'GetProjectDetailData',
      'GetCheckProjectSettings',
      'GetPrjusrattrInfoForThreeSafety',
    ])
      expect((await t.post(`${P}/${call}`, {})).errorCode, call).toBe(401);
    expect((await t.post(`${P}/JoinProject`, { projectCode: '' }, learner)).msg).toBe('请选择培训项目');
    expect((await t.post(`${P}/GetProjectDetailData`, {}, learner)).msg).toBe('请选择培训项目');
    expect((await t.post(`${P}/JoinProject`, { projectCode: 'P-none' }, learner)).code).toMatch(/NOT_FOUND$/);
  });

  it('cards, joining once, hours within the period on the project resources only, today, detail', async () => {
    const code = await published({ checkHrs: 2 }, { users: [ids.learner05] });
    // not picked: not offered, cannot join or look
    expect((await cards(member)).some((c) => c.projectCode === code)).toBe(false);
    expect((await t.post(`${P}/JoinProject`, { projectCode: code }, member)).msg).toBe('您不在该项目的参训范围内');
    expect((await t.post(`${P}/GetProjectDetailData`, { projectCode: code }, member)).code).toMatch(/NOT_FOUND$/);
    // another company's learner: the project does not exist for them
    expect((await t.post(`${P}/JoinProject`, { projectCode: code }, other)).code).toMatch(/NOT_FOUND$/);
    expect((await t.post(`${P}/GetProjectDetailData`, { projectCode: code }, other)).code).toMatch(/NOT_FOUND$/);

    const offered = (await cards(learner)).find((c) => c.projectCode === code)!;
    expect(offered).toMatchObject({ isJoined: 0, canJoin: 1, leftDays: 6, checkHrs: 2, getHrs: 0, reachState: 0 });
    expect((await cards(learner, { joinState: 1 })).some((c) => c.projectCode === code)).toBe(false);

    const joined = await t.post<StudyCard>(`${P}/JoinProject`, { projectCode: code, planCode: '' }, learner);
    expect(joined.success, joined.msg).toBe(true);
    expect(joined.msg).toBe('加入成功');
    expect(joined.data).toMatchObject({ isJoined: 1, canJoin: 0 });
    expect((await t.post(`${P}/JoinProject`, { projectCode: code }, learner)).msg).toBe('您已加入该项目');

    // study: before the period (not counted), in it on both resources, today, and on another resource (not counted)
    await studied('learner05', '课程甲', '2030-02-28', 3600);
    await studied('learner05', '课程甲', '2030-03-01', 1800);
    await studied('learner05', '课程乙', '2030-03-03', 1800);
    await studied('learner05', '课程甲', '2030-03-05', 900);
    await studied('learner05', '外公司课程', '2030-03-05', 3600);
    const card = (await cards(learner, { joinState: 1 })).find((c) => c.projectCode === code)!;
    // 1.25 h of 2; missing at dawn 1 h over 6 days → 0.17 h; today 0.25 h
    expect(card).toMatchObject({
      getHrs: 1.25,
      reachState: 0,
      reachProgress: 62,
      lastStudyDate: '2030-03-05',
      leftDays: 6,
      todayHrs: 0.25,
      todayTargetHrs: 0.17,
      todayProgress: 100,
    });

    await t.ctx.db.insert(resStudies).values({
      userId: ids.learner05,
      resId: res.课程甲.id,
      creditedSeconds: 300,
      lastPosition: 300,
      firstStudyAt: clock.now(),
      lastStudyAt: clock.now(),
    });
    const detail = (await t.post<ProjectDetailData>(`${P}/GetProjectDetailData`, { projectCode: code }, learner)).data;
    expect(detail.courses.map((c) => [c.resName, c.progress, c.studySeconds])).toEqual([
      ['课程甲', 50, 300],
      ['课程乙', 0, 0],
    ]);
    expect(detail.settings).toEqual({ allowedSpeeds: [1, 1.5], maxSpeed: 1.5, allowSeekAhead: false });

    // the last day: 0.75 h missing is all of today's target
    clock.set('2030-03-10T02:00:00Z');
    // days later the sessions of the 5th have expired (they run on the same clock)
    learner = await t.login('learner05');
    expect((await cards(learner, { joinState: 1 })).find((c) => c.projectCode === code)).toMatchObject({
      leftDays: 1,
      todayTargetHrs: 0.75,
      todayProgress: 0,
    });
    // each course counts at most its 1 declared 学时: 课程乙 1800 + 2700 s gives 1 h, 课程甲 2700 + 900 s another
    await studied('learner05', '课程乙', '2030-03-10', 2700);
    expect((await cards(learner, { joinState: 1 })).find((c) => c.projectCode === code)).toMatchObject({ getHrs: 1.75, reachState: 0 });
    await studied('learner05', '课程甲', '2030-03-10', 900);
    expect((await cards(learner, { joinState: 1 })).find((c) => c.projectCode === code)).toMatchObject({
      getHrs: 2,
      reachState: 1,
      reachProgress: 100,
      todayProgress: 100,
    });
    // after the end: still shown to the enrolled learner, no days left, not joinable for others
    clock.set('2030-03-11T02:00:00Z');
    learner = await t.login('learner05');
    expect((await cards(learner, { joinState: 1 })).find((c) => c.projectCode === code)).toMatchObject({ leftDays: 0, reachState: 1 });
    clock.set('2030-03-05T02:00:00Z');

    // the administrator sees the enrolment with the same hours
    const enrolments = (await t.post<PageResult<ProjectEnrolmentView>>(`${P}/GetEnrolments`, { projectCode: code }, corp)).data;
    expect(enrolments.models).toHaveLength(1);
    expect(enrolments.models[0]).toMatchObject({
      userId: ids.learner05,
      getHrs: 2,
      reachState: 1,
      reachProgress: 100,
      lastStudyDate: '2030-03-10',
    });
    // with enrolments the project cannot be deleted
    expect((await t.post(`${P}/Delete`, { projectCode: code }, corp)).msg).toBe('已有学员加入该项目，不能删除');
  });

  it('a linked exam reads 未参加 until the learner takes it (taken), then passed or not', async () => {
    const [exam] = await t.ctx.db
      .select({ id: exams.id, examCode: exams.examCode, passScore: exams.passScore })
      .from(exams)
      .where(eq(exams.companySysCode, DEMO_COMPANY.companySysCode))
      .limit(1);
    const code = await published({ examCodes: [exam.examCode] }, { users: [ids.learner07] });
    const l7 = await t.login('learner07');
    expect((await t.post(`${P}/JoinProject`, { projectCode: code }, l7)).success).toBe(true);
    const linked = async () =>
      (await t.post<ProjectDetailData>(`${P}/GetProjectDetailData`, { projectCode: code }, l7)).data.exams.find(
        (e) => e.examCode === exam.examCode,
      );
    await t.ctx.db.delete(examUsers).where(and(eq(examUsers.examId, exam.id), eq(examUsers.userId, ids.learner07)));
    expect(await linked()).toMatchObject({ taken: 0, passed: 0 });
    await t.ctx.db.insert(examUsers).values({ examId: exam.id, userId: ids.learner07, attempts: 1, score: 0, status: 30 });
    expect(await linked()).toMatchObject({ taken: 1, passed: 0 });
  });

  it('joining: open projects only, within the period, with a plan where there are plans', async () => {
    const future = await published({ startDate: '2030-04-01', endDate: '2030-04-30', openJoin: 1 }, { users: [] });
    expect((await t.post(`${P}/JoinProject`, { projectCode: future }, member)).msg).toBe('项目不在报名时间内或未发布，不能加入');
    const draft = await create({ openJoin: 1 });
    expect((await t.post(`${P}/JoinProject`, { projectCode: draft }, member)).code).toMatch(/NOT_FOUND$/);
    const planned = await published(
      {
        openJoin: 1,
        plans: [
          { planName: '一期', startDate: '2030-03-01', endDate: '2030-03-05' },
          { planName: '二期', startDate: '2030-03-06', endDate: '2030-03-10' },
        ],
      },
      { users: [] },
    );
    const card = (await cards(member)).find((c) => c.projectCode === planned)!;
    expect(card.canJoin).toBe(1);
    expect((await t.post(`${P}/JoinProject`, { projectCode: planned }, member)).msg).toBe('请选择培训批次');
    expect((await t.post(`${P}/JoinProject`, { projectCode: planned, planCode: card.plans[1].planCode }, member)).msg).toBe(
      '培训批次不存在或不在开放时间内',
    );
    const ok = await t.post<StudyCard>(`${P}/JoinProject`, { projectCode: planned, planCode: card.plans[0].planCode }, member);
    expect(ok.success, ok.msg).toBe(true);
    expect(ok.data.planCode).toBe(card.plans[0].planCode);
    // a plan with an enrolled learner cannot be dropped from the project
    const keepOnlySecond = body({
      projectCode: planned,
      openJoin: 1,
      plans: [{ planCode: card.plans[1].planCode, planName: '二期', startDate: '2030-03-06', endDate: '2030-03-10' }],
    });
    expect(await t.post(`${P}/SaveData`, keepOnlySecond, corp)).toMatchObject({
      code: 'PROJECT_PLAN_HAS_ENROLMENTS',
      msg: '培训批次「一期」已有学员加入，不能删除',
    });
    // the learner got a message that opens the project
    const [msg] = await t.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, ids.learner06), like(messages.messageUrl, `%${planned}%`)));
    expect(msg.title).toContain('已加入培训项目');
    // a closed project takes nobody
    const closing = await published({ openJoin: 1 }, { users: [] });
    await t.post(`${P}/Close`, { projectCode: closing }, corp);
    expect((await t.post(`${P}/JoinProject`, { projectCode: closing }, member)).msg).toBe('项目不在报名时间内或未发布，不能加入');
  });

  it('player rules: the strictest of the enrolled published projects', async () => {
    await addRes('规则课程', DEMO_COMPANY.companySysCode);
    const l7 = await t.login('learner07');
    expect(await projectStudyRules(t.ctx.db, ids.learner07, res.规则课程.id)).toBeNull();
    expect((await t.post<StudyRules>(`${P}/GetCheckProjectSettings`, { rescode: res.规则课程.code }, l7)).data).toMatchObject({
      maxSpeed: 2,
      allowSeekAhead: true,
    });
    const a = await published({ openJoin: 1, allowedSpeeds: [1, 2], allowSeekAhead: 1 }, { users: [] }, ['规则课程']);
    const b = await published({ openJoin: 1, allowedSpeeds: [0.75, 1.25], allowSeekAhead: 0 }, { users: [] }, ['规则课程']);
    await t.post(`${P}/JoinProject`, { projectCode: a }, l7);
    expect(await projectStudyRules(t.ctx.db, ids.learner07, res.规则课程.id)).toEqual({ maxSpeed: 2, allowSeekAhead: true });
    await t.post(`${P}/JoinProject`, { projectCode: b }, l7);
    expect(await projectStudyRules(t.ctx.db, ids.learner07, res.规则课程.id)).toEqual({ maxSpeed: 1.25, allowSeekAhead: false });
    expect((await t.post<StudyRules>(`${P}/GetCheckProjectSettings`, { rescode: res.规则课程.code }, l7)).data).toEqual({
      allowedSpeeds: [0.5, 0.75, 1, 1.25],
      maxSpeed: 1.25,
      allowSeekAhead: false,
    });
    expect((await t.post<StudyRules>(`${P}/GetCheckProjectSettings`, { projectCode: a }, l7)).data).toEqual({
      allowedSpeeds: [1, 2],
      maxSpeed: 2,
      allowSeekAhead: true,
    });
    // a closed project no longer restricts
    await t.post(`${P}/Close`, { projectCode: b }, corp);
    expect(await projectStudyRules(t.ctx.db, ids.learner07, res.规则课程.id)).toEqual({ maxSpeed: 2, allowSeekAhead: true });
    // what the player and the heartbeat use (remembered a minute per process) follows at once
    expect((await t.post<StudyRules>(`${P}/GetCheckProjectSettings`, { rescode: res.规则课程.code }, l7)).data).toMatchObject({
      maxSpeed: 2,
      allowSeekAhead: true,
    });
  });

  it('safety-training certificate attributes: set by the administrator, read by the learner', async () => {
    const plain = await published({ openJoin: 1 }, { users: [] });
    const safety = await published({ openJoin: 1, isThreeSafety: 1 }, { users: [] });
    const l7 = await t.login('learner07');
    await t.post(`${P}/JoinProject`, { projectCode: safety }, l7);
    await t.post(`${P}/JoinProject`, { projectCode: plain }, l7);
    const attr = {
      projectCode: safety,
      userId: ids.learner07,
      certType: '项目负责人（B证）',
      certNo: '安B-001',
      certValidFrom: '2030-01-01',
      certValidTo: '2032-12-31',
    };
    expect(await t.post(`${P}/SavePrjusrattr`, { ...attr, certValidTo: '2029-01-01' }, corp)).toMatchObject({
      code: 'PROJECT_CERT_VALID_INVALID',
      msg: '证书有效期结束日期不能早于开始日期',
    });
    expect((await t.post(`${P}/SavePrjusrattr`, { ...attr, userId: 0 }, corp)).msg).toBe('请选择学员');
    expect((await t.post(`${P}/SavePrjusrattr`, { ...attr, userId: ids.learner06 }, corp)).msg).toBe('该学员未加入此项目');
    expect((await t.post(`${P}/SavePrjusrattr`, { ...attr, projectCode: plain }, corp)).msg).toBe('该项目不是安全培训项目');
    expect((await t.post(`${P}/SavePrjusrattr`, attr, learner)).errorCode).toBe(403);
    expect((await t.post(`${P}/SavePrjusrattr`, attr, corp)).success).toBe(true);
    const info = await t.post<unknown[]>(`${P}/GetPrjusrattrInfoForThreeSafety`, { projectCode: safety }, l7);
    expect(info.data).toEqual([
      expect.objectContaining({
        projectCode: safety,
        certType: '项目负责人（B证）',
        certNo: '安B-001',
        certValidTo: '2032-12-31',
        isValid: 1,
      }),
    ]);
    expect((await t.post(`${P}/GetPrjusrattrInfoForThreeSafety`, { projectCode: safety }, member)).code).toMatch(/NOT_FOUND$/);
    const enrol = (
      await t.post<PageResult<ProjectEnrolmentView>>(`${P}/GetEnrolments`, { projectCode: safety, keyword: 'learner07' }, corp)
    ).data;
    expect(enrol.models[0]).toMatchObject({ certNo: '安B-001', certValidFrom: '2030-01-01' });
  });
});

describe('crediting by rule (ADR 0018 amendment): a completed course gives its declared 学时', () => {
  const T = '/Api/Train_Manage/Train_Res';
  const card = async (token: string, code: string) => (await cards(token, { joinState: 1 })).find((c) => c.projectCode === code)!;
  const detail = async (token: string, code: string) =>
    (await t.post<ProjectDetailData>(`${P}/GetProjectDetailData`, { projectCode: code }, token)).data;
  const enrolment = async (code: string, token = corp) =>
    (await t.post<PageResult<ProjectEnrolmentView>>(`${P}/GetEnrolments`, { projectCode: code }, token)).data;
  const done = (user: string, resName: string, completedAt: string) =>
    t.ctx.db.insert(resStudies).values({
      userId: ids[user],
      resId: res[resName].id,
      creditedSeconds: 0,
      completedAt: new Date(completedAt),
      firstStudyAt: new Date(completedAt),
      lastStudyAt: new Date(completedAt),
    });
  afterAll(() => clock.set('2030-03-05T02:00:00Z'));

  it('20 s of study on a 20-s course of 1 学时, completed: 1.00 学时, a 1-hour project reached (card, detail, administrator)', async () => {
    clock.set('2030-03-05T02:00:00Z');
    await addRes('二十秒课程', DEMO_COMPANY.companySysCode, 20, { video: true, creditHours: 1 });
    const code = await published({ checkHrs: 1 }, { users: [ids.learner10] }, ['二十秒课程']);
    const l10 = await t.login('learner10');
    expect((await t.post(`${P}/JoinProject`, { projectCode: code }, l10)).success).toBe(true);
    const beat = (position: number) =>
      t.post<{ credited: number }>(`${T}/Study`, { rescode: res.二十秒课程.code, guid: 'g-rule-1', speed: 1, position }, l10);
    expect((await beat(0)).success).toBe(true);
    clock.advance(15_000);
    expect((await beat(15)).data.credited).toBe(15);
    clock.advance(15_000);
    expect((await beat(20)).data.credited).toBe(5);
    // studied, not completed: 20 s is 0.00 h (rounded down), today's target 1 h over 6 days
    expect(await card(l10, code)).toMatchObject({ getHrs: 0, reachState: 0, reachProgress: 0, todayTargetHrs: 0.17 });
    const complete = await t.post(`${T}/StudyComplete`, { rescode: res.二十秒课程.code, guid: 'g-rule-1' }, l10);
    expect(complete.success, complete.msg).toBe(true);
    expect(await card(l10, code)).toMatchObject({
      getHrs: 1,
      reachState: 1,
      reachProgress: 100,
      todayHrs: 1,
      todayProgress: 100,
      lastStudyDate: '2030-03-05',
    });
    const d = await detail(l10, code);
    expect(d).toMatchObject({ getHrs: 1, reachState: 1 });
    expect(d.courses).toEqual([expect.objectContaining({ resName: '二十秒课程', completed: 1, studySeconds: 20, creditedHrs: 1 })]);
    expect((await enrolment(code)).models).toEqual([
      expect.objectContaining({ userId: ids.learner10, getHrs: 1, reachState: 1, reachProgress: 100 }),
    ]);
    // the next day the completion is no longer today's
    clock.set('2030-03-06T02:00:00Z');
    expect(await card(await t.login('learner10'), code)).toMatchObject({ getHrs: 1, todayHrs: 0, todayTargetHrs: 0, todayProgress: 100 });
  });

  it('study without completion counts up to the declared 学时; a course without 学时 counts its time', async () => {
    clock.set('2030-03-05T02:00:00Z');
    await addRes('一学时课', DEMO_COMPANY.companySysCode, 7200, { creditHours: 1 });
    await addRes('无学时课', DEMO_COMPANY.companySysCode, 7200, { creditHours: 0 });
    const code = await published({ checkHrs: 3 }, { users: [ids.learner11] }, ['一学时课', '无学时课']);
    const l11 = await t.login('learner11');
    expect((await t.post(`${P}/JoinProject`, { projectCode: code }, l11)).success).toBe(true);
    await studied('learner11', '一学时课', '2030-03-02', 5400);
    await studied('learner11', '无学时课', '2030-03-03', 1800);
    await studied('learner11', '无学时课', '2030-03-05', 900);
    // 1 h (capped from 1.5 h) + 0.75 h; today 0.25 h; missing at dawn 3 − 1.5 = 1.5 h over 6 days
    expect(await card(l11, code)).toMatchObject({
      getHrs: 1.75,
      reachProgress: 58,
      todayHrs: 0.25,
      todayTargetHrs: 0.25,
      todayProgress: 100,
    });
    expect((await detail(l11, code)).courses.map((c) => [c.resName, c.creditHours, c.creditedHrs])).toEqual([
      ['一学时课', 1, 1],
      ['无学时课', 0, 0.75],
    ]);
    expect((await enrolment(code)).models[0]).toMatchObject({ getHrs: 1.75, reachState: 0, reachProgress: 58 });
  });

  it('a completion counts only on a day (Asia/Shanghai) within the period; before or after, the time studied in it counts', async () => {
    clock.set('2030-03-05T02:00:00Z');
    for (const n of ['早完成课', '边界完成课', '晚完成课']) await addRes(n, DEMO_COMPANY.companySysCode, 3600, { creditHours: 1 });
    const code = await published({ checkHrs: 2 }, { users: [ids.learner12] }, ['早完成课', '边界完成课', '晚完成课']);
    const l12 = await t.login('learner12');
    expect((await t.post(`${P}/JoinProject`, { projectCode: code }, l12)).success).toBe(true);
    // completed on 02-28 (18:00 in Shanghai), before the period: only the 600 s studied in it count
    await done('learner12', '早完成课', '2030-02-28T10:00:00Z');
    await studied('learner12', '早完成课', '2030-02-28', 3000);
    await studied('learner12', '早完成课', '2030-03-02', 600);
    // completed at 00:30 on 03-01 in Shanghai (still 02-28 in UTC): the first day of the period, counts in full
    await done('learner12', '边界完成课', '2030-02-28T16:30:00Z');
    await studied('learner12', '边界完成课', '2030-03-01', 60);
    expect(await card(l12, code)).toMatchObject({ getHrs: 1.16, reachState: 0, lastStudyDate: '2030-03-02' });
    // studied on the last day, completed the day after it: the 1200 s count, the completion does not
    await studied('learner12', '晚完成课', '2030-03-10', 1200);
    await done('learner12', '晚完成课', '2030-03-10T16:30:00Z');
    clock.set('2030-03-12T02:00:00Z');
    const later = await t.login('learner12');
    expect(await card(later, code)).toMatchObject({
      getHrs: 1.5,
      reachState: 0,
      reachProgress: 75,
      leftDays: 0,
      lastStudyDate: '2030-03-10',
    });
    expect((await detail(later, code)).courses.map((c) => [c.resName, c.completed, c.creditedHrs])).toEqual([
      ['早完成课', 1, 0.16],
      ['边界完成课', 1, 1],
      ['晚完成课', 1, 0.33],
    ]);
    expect((await enrolment(code, await t.login('corpadmin'))).models[0]).toMatchObject({ getHrs: 1.5, reachState: 0 });
  });

  it("one company's completion credits its learner only: another company's project with the same course and its learner stay at 0", async () => {
    clock.set('2030-03-05T02:00:00Z');
    await addRes('公共课', null, 600, { creditHours: 1 });
    const mine = await published({ checkHrs: 1, openJoin: 1 }, { users: [] }, ['公共课']);
    const r = await t.post<{ projectCode: string }>(
      `${P}/SaveData`,
      body({ checkHrs: 1, openJoin: 1, companySysCode: OTHER_COMPANY.companySysCode, resCodes: [res.公共课.code] }),
      admin,
    );
    expect(r.success, r.msg).toBe(true);
    const theirs = r.data.projectCode;
    expect((await t.post(`${P}/Publish`, { projectCode: theirs }, admin)).success).toBe(true);
    const l10 = await t.login('learner10');
    expect((await t.post(`${P}/JoinProject`, { projectCode: mine }, l10)).success).toBe(true);
    expect((await t.post(`${P}/JoinProject`, { projectCode: theirs }, other)).success).toBe(true);
    // a rich-text course completes when opened
    const complete = await t.post(`${T}/StudyComplete`, { rescode: res.公共课.code }, l10);
    expect(complete.success, complete.msg).toBe(true);
    expect(await card(l10, mine)).toMatchObject({ getHrs: 1, reachState: 1 });
    expect((await cards(l10)).some((c) => c.projectCode === theirs)).toBe(false);
    expect(await card(other, theirs)).toMatchObject({ getHrs: 0, reachState: 0, reachProgress: 0, lastStudyDate: '' });
    expect((await enrolment(theirs, admin)).models).toEqual([expect.objectContaining({ userId: ids.other01, getHrs: 0, reachState: 0 })]);
    expect((await t.post(`${P}/GetEnrolments`, { projectCode: theirs }, corp)).code).toMatch(/NOT_FOUND$/);
  });
});
