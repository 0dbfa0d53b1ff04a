import { EnableStatus, type ExamDetail, type PageResult, type PaperDetail, type PaperView } from '@xuetu/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_DIR as D, EXAM as E, PAPER as P, QUESTION as Q } from '../../../../test/api-paths.ts';
import { buildOrg, buildPost, buildUser } from '../../../../test/factories.ts';
import { appSignedIn, type TestApp } from '../../../../test/helper.ts';
import { statementsDuring } from '../../../../test/statements.ts';
import { exams, examUsers, messages, projects, userPaperQuestions, users } from '../../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { storeAttempt } from '../../exam-taking/attempts/attempt-store.repository.ts';
import { joinMatchingExams } from '../../exam-taking/roster/assignment.ts';
import { drawAttemptQuestions } from '../papers/draw.ts';
import * as paperRepo from '../papers/papers.repository.ts';

// Papers and exams: each route's 401 / action / company / bad input / success, random drawing,
// edit rules before and after the first attempt, participants and the publish message.
let t: TestApp;
let admin: string;
let corp: string;
let learner: string;

let dir: string;
let sub: string;
const singles: string[] = [];
let blank: string;
let essay: string;

beforeAll(async () => {
  [t, admin, corp, learner] = await appSignedIn('admin', 'corpadmin', 'learner01');
  dir = (await t.post<{ dirCode: string }>(`${D}/SaveData`, { dirName: '试卷测试' }, corp)).data.dirCode;
  sub = (await t.post<{ dirCode: string }>(`${D}/SaveData`, { dirName: '试卷测试子', pCode: dir }, corp)).data.dirCode;
  for (let i = 0; i < 6; i++) {
    const res = await t.post<{ qCode: string }>(
      `${Q}/AddData`,
      { qType: 1, qName: `试卷单选${i}`, a: 'x', b: 'y', c: 'z', answer: 'A', dirCode: i < 3 ? dir : sub },
      corp,
    );
    singles.push(res.data.qCode);
  }
  blank = (await t.post<{ qCode: string }>(`${Q}/AddData`, { qType: 4, qName: '填（）和（）', answer: ['a', 'b'], dirCode: dir }, corp))
    .data.qCode;
  essay = (await t.post<{ qCode: string }>(`${Q}/AddData`, { qType: 5, qName: '试卷简答', answer: '要点', dirCode: dir }, corp)).data.qCode;
});
afterAll(() => t.close());

const fixedPaper = (extra: Record<string, unknown> = {}) => ({
  paperName: '固定试卷',
  paperType: 1,
  questions: [
    { qCode: singles[0], score: 10 },
    { qCode: blank, score: 20 },
    { qCode: essay, score: 30 },
  ],
  ...extra,
});

async function addPaper(body: Record<string, unknown>, token = corp) {
  const res = await t.post<{ paperCode: string }>(`${P}/AddData`, body, token);
  expect(res.success, res.msg).toBe(true);
  return res.data.paperCode;
}

const ids = async (accounts: string[]) =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(inArray(users.accountCode, accounts))).map((r) => r.id);

describe('papers', () => {
  it('no session, learner, bad input', async () => {
    expect((await t.post(`${P}/GetPageList`, {})).errorCode).toBe(401);
    expect((await t.post(`${P}/AddData`, fixedPaper(), learner)).errorCode).toBe(403);
    expect((await t.post(`${P}/AddData`, fixedPaper({ paperName: '' }), corp)).msg).toBe('请输入试卷名称');
    expect((await t.post(`${P}/AddData`, fixedPaper({ questions: [] }), corp)).msg).toBe('试卷中还没有试题');
    expect(
      (
        await t.post(
          `${P}/AddData`,
          fixedPaper({
            questions: [
              { qCode: singles[0], score: 1 },
              { qCode: singles[0], score: 1 },
            ],
          }),
          corp,
        )
      ).msg,
    ).toBe(`试题 ${singles[0]} 在试卷中重复出现`);
  });

  it('a fixed paper computes its totals and reads back in order', async () => {
    const code = await addPaper(fixedPaper());
    const paper = (await t.post<PaperDetail>(`${P}/GetData`, { paperCode: code }, corp)).data;
    expect(paper).toMatchObject({ totlescore: 60, totleq: 3, type1: 1, type4: 1, type5: 1, paperType: 1 });
    expect(paper.questions.map((q) => [q.qCode, q.order, q.paperScore])).toEqual([
      [singles[0], 1, 10],
      [blank, 2, 20],
      [essay, 3, 30],
    ]);
    const preview = await t.post<{ questions: { qCode: string; answer: string }[] }>(`${P}/Preview`, { paperCode: code }, corp);
    expect(preview.data.questions.map((q) => q.answer)).toEqual(['A', '["a","b"]', '要点']);
  });

  it('a random rule asking for more than the directory holds is refused with the numbers', async () => {
    const res = await t.post(
      `${P}/AddData`,
      { paperName: '随机', paperType: 2, rules: [{ qType: 1, dirCode: sub, count: 4, score: 5 }] },
      corp,
    );
    expect(res).toMatchObject({ code: 'PAPER_RULE_SHORT', msg: '第 1 条规则：目录「试卷测试子」中的单选题只有 3 道，少于要求的 4 道' });
    // overlapping rules cannot use the same question twice
    const twice = await t.post(
      `${P}/AddData`,
      {
        paperName: '随机',
        paperType: 2,
        rules: [
          { qType: 1, dirCode: dir, count: 5, score: 5 },
          { qType: 1, dirCode: sub, count: 2, score: 5 },
        ],
      },
      corp,
    );
    expect(twice.msg).toContain('第 2 条规则');
  });

  it('a random paper draws per attempt: the asked counts, reproducible by seed, within its directory', async () => {
    const code = await addPaper({
      paperName: '随机试卷',
      paperType: 2,
      rules: [
        { qType: 1, dirCode: dir, count: 4, score: 5 },
        { qType: 5, dirCode: '', count: 1, score: 10 },
      ],
    });
    const detail = (await t.post<PaperDetail>(`${P}/GetData`, { paperCode: code }, corp)).data;
    expect(detail).toMatchObject({ totlescore: 30, totleq: 5, type1: 4, type5: 1 });
    // the directory counts its sub-directory's questions; '' is the whole bank (seeded short answers too)
    expect(detail.rules[0]).toMatchObject({ dirName: '试卷测试', available: 6 });
    expect(detail.rules[1].dirName).toBe('全部题库');
    expect(detail.rules[1].available).toBeGreaterThanOrEqual(1);
    const paper = (await paperRepo.findPaper(t.ctx.db, { all: true }, code))!;
    const a = await drawAttemptQuestions(t.ctx.db, paper, 7);
    const b = await drawAttemptQuestions(t.ctx.db, paper, 7);
    expect(a.map((q) => q.qCode)).toEqual(b.map((q) => q.qCode));
    expect(a.filter((q) => q.qType === 1)).toHaveLength(4);
    expect(a.filter((q) => q.qType === 1).every((q) => singles.includes(q.qCode) && q.score === 5)).toBe(true);
    const seeds = new Set<string>();
    for (let s = 0; s < 8; s++) seeds.add((await drawAttemptQuestions(t.ctx.db, paper, s)).map((q) => q.qCode).join());
    expect(seeds.size).toBeGreaterThan(1);
    // the shuffles only say how the attempt shows the paper: options, key and order stay the paper's (ADR 0040)
    const shuffled = await drawAttemptQuestions(t.ctx.db, paper, 3, { shuffleOptions: true, shuffleQuestions: true });
    const plain = await drawAttemptQuestions(t.ctx.db, paper, 3);
    expect(shuffled.map((q) => q.qCode)).toEqual(plain.map((q) => q.qCode));
    expect(shuffled.map((q) => q.order)).toEqual(shuffled.map((_, i) => i + 1));
    expect(shuffled.map((q) => q.showOrder).sort((x, y) => x - y)).toEqual(shuffled.map((_, i) => i + 1));
    for (const q of shuffled.filter((x) => x.qType === 1)) {
      expect(q.options[q.answer.charCodeAt(0) - 65]).toBe('x');
      expect([...q.optionOrder].sort()).toEqual(q.options.map((_, i) => i));
    }
  });

  it("another company's papers cannot be read, used, edited or deleted", async () => {
    const theirQ = (
      await t.post<{ qCode: string }>(
        `${Q}/AddData`,
        { qType: 5, qName: '物流简答', answer: 'x', companySysCode: OTHER_COMPANY.companySysCode },
        admin,
      )
    ).data.qCode;
    // using another company's question in my paper: as if it did not exist
    expect((await t.post(`${P}/AddData`, fixedPaper({ questions: [{ qCode: theirQ, score: 5 }] }), corp)).msg).toContain(theirQ);
    const theirs = await addPaper(
      { paperName: '物流试卷', paperType: 1, questions: [{ qCode: theirQ, score: 5 }], companySysCode: OTHER_COMPANY.companySysCode },
      admin,
    );
    for (const path of ['GetData', 'Delete', 'Preview'])
      expect((await t.post(`${P}/${path}`, { paperCode: theirs }, corp)).msg).toBe('试卷不存在');
    expect((await t.post(`${P}/UpdateData`, fixedPaper({ paperCode: theirs }), corp)).msg).toBe('试卷不存在');
    expect((await t.post<PageResult<PaperView>>(`${P}/GetPageList`, { keyword: '物流试卷' }, corp)).data.totalCount).toBe(0);
    expect((await t.post<PageResult<PaperView>>(`${P}/GetPageList`, { keyword: '物流试卷' }, admin)).data.totalCount).toBe(1);
  });
});

const window = { examStartTime: '2026-01-01 08:00:00', examEndTime: '2099-12-31 18:00:00' };
const examBody = (paperCode: string, extra: Record<string, unknown> = {}) => ({
  examName: '安全考试',
  examIntrduce: '说明',
  paperCode,
  time: 30,
  ...window,
  passScore: 36,
  isAllow: 1,
  isAllowCount: 2,
  participants: { users: [], orgs: [], posts: [] },
  ...extra,
});

async function addExam(body: Record<string, unknown>, token = corp) {
  const res = await t.post<{ examCode: string }>(`${E}/AddData`, body, token);
  expect(res.success, res.msg).toBe(true);
  return res.data.examCode;
}

describe('exams', () => {
  let paperCode: string;
  beforeAll(async () => {
    paperCode = await addPaper(fixedPaper({ paperName: '考试用试卷' }));
  });

  it('no session, learner, bad input', async () => {
    expect((await t.post(`${E}/GetPageList`, {})).errorCode).toBe(401);
    expect((await t.post(`${E}/AddData`, examBody(paperCode), learner)).errorCode).toBe(403);
    expect((await t.post(`${E}/Publish`, { examCode: 'x' }, learner)).errorCode).toBe(403);
    expect((await t.post(`${E}/AddData`, examBody(paperCode, { time: 0 }), corp)).msg).toBe('考试时长应在 1 到 1440 分钟之间');
    expect((await t.post(`${E}/AddData`, examBody(paperCode, { examEndTime: '2025-01-01 00:00:00' }), corp)).msg).toBe(
      '考试结束时间应晚于开始时间',
    );
    expect((await t.post(`${E}/AddData`, examBody(paperCode, { passScore: 61 }), corp)).msg).toBe('及格分应在 0 到试卷总分 60 之间');
    expect((await t.post(`${E}/AddData`, examBody(paperCode, { isAllowCount: 1 }), corp)).msg).toBe(
      '允许重考时，考试次数应在 2 到 100 之间',
    );
    expect((await t.post(`${E}/AddData`, examBody('nope'), corp)).msg).toBe('试卷不存在');
  });

  it('names a training project of its own company only', async () => {
    const [ours] = await t.ctx.db.select().from(projects).where(eq(projects.companySysCode, DEMO_COMPANY.companySysCode)).limit(1);
    expect(ours).toBeDefined();
    const [theirs] = await t.ctx.db
      .insert(projects)
      .values({
        projectCode: 'P-OTHER-EXAM',
        companySysCode: OTHER_COMPANY.companySysCode,
        projectName: '别家项目',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      })
      .returning();
    const refused = await t.post(`${E}/AddData`, examBody(paperCode, { projectCode: theirs.projectCode }), corp);
    expect(refused.msg).toBe('所选培训项目不存在或不属于该公司');
    expect(await t.ctx.db.select().from(exams).where(eq(exams.projectCode, theirs.projectCode))).toHaveLength(0);
    const code = await addExam(examBody(paperCode, { projectCode: ours.projectCode }));
    expect((await t.post<ExamDetail>(`${E}/GetData`, { examCode: code }, corp)).data.projectCode).toBe(ours.projectCode);
  });

  it('publishes to a department (with its sub-departments) and a post; each person gets one message that opens the exam tab', async () => {
    // its own department tree, post and people: the count does not depend on where demo learners sit
    const dept = await buildOrg(t, { orgName: '考试部' });
    const sub = await buildOrg(t, { pId: dept.id });
    const elsewhere = await buildOrg(t);
    const post = await buildPost(t, { postName: '考试专员' });
    const picked = [
      await buildUser(t, { orgId: dept.id }),
      await buildUser(t, { orgId: sub.id }),
      await buildUser(t, { orgId: elsewhere.id, postId: post.id }),
    ];
    const byName = await buildUser(t, { orgId: elsewhere.id });
    const outside = await buildUser(t, { orgId: elsewhere.id });
    const code = await addExam(examBody(paperCode, { participants: { users: [byName.id], orgs: [dept.id], posts: [post.id] } }));
    const detail = (await t.post<ExamDetail>(`${E}/GetData`, { examCode: code }, corp)).data;
    expect(detail).toMatchObject({ status: 0, totlescore: 60, totleq: 3, type1: 1, isAllowCount: 2, userCount: 0 });
    expect(detail.participants.orgs).toEqual([{ id: dept.id, name: '考试部' }]);
    expect(detail.participants.posts).toEqual([{ id: post.id, name: '考试专员' }]);

    const pub = await t.post<{ userCount: number }>(`${E}/Publish`, { examCode: code }, corp);
    // the department, its sub-department, the post and one person by name
    expect(pub.msg).toBe('发布成功，已通知 4 名学员');
    // the messages go out from a durable job once the publish commits
    expect(
      await t.ctx.db
        .select()
        .from(messages)
        .where(like(messages.messageUrl, `%${code}%`)),
    ).toHaveLength(0);
    await t.ctx.jobs.drain();
    const assigned = await t.ctx.db
      .select({ account: users.accountCode })
      .from(examUsers)
      .innerJoin(exams, eq(exams.id, examUsers.examId))
      .innerJoin(users, eq(users.id, examUsers.userId))
      .where(eq(exams.examCode, code));
    expect(assigned.map((a) => a.account).sort()).toEqual([...picked, byName].map((u) => u.accountCode).sort());
    const msgs = await t.ctx.db
      .select()
      .from(messages)
      .where(like(messages.messageUrl, `%${code}%`));
    expect(msgs).toHaveLength(4);
    expect(JSON.parse(msgs[0].messageUrl)).toEqual({
      pc: { type: 'tabin', value: { path: '/dashboard', query: { tab: 'exam', examCode: code } } },
    });
    expect(msgs[0].title).toBe('考试通知：安全考试');
    expect((await t.post(`${E}/Publish`, { examCode: code }, corp)).code).toBe('EXAM_ALREADY_PUBLISHED');
    // a second run of the job finds nobody left to tell
    await t.ctx.jobs.drain();
    expect(
      await t.ctx.db
        .select()
        .from(messages)
        .where(like(messages.messageUrl, `%${code}%`)),
    ).toHaveLength(4);

    // someone moved into a picked department later joins the exam (once) and gets the message
    const l4 = outside.id;
    await t.ctx.db.update(users).set({ orgId: sub.id }).where(eq(users.id, l4));
    expect(await joinMatchingExams(t.ctx, l4)).toContain(code);
    expect(await joinMatchingExams(t.ctx, l4)).not.toContain(code);
    await t.ctx.jobs.drain();
    expect(
      await t.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, l4), like(messages.messageUrl, `%${code}%`))),
    ).toHaveLength(1);

    expect((await t.post(`${E}/Close`, { examCode: code }, corp)).msg).toBe('考试已结束');
    expect((await t.post(`${E}/Close`, { examCode: code }, corp)).code).toBe('EXAM_CLOSED');
    expect((await t.post(`${E}/Publish`, { examCode: code }, corp)).success).toBe(false);
  });

  it('a person is checked against every open department-picked exam in as many statements however many; a disabled one joins none', async () => {
    const dept = await buildOrg(t, { orgName: '抽查部' });
    const person = await buildUser(t, { orgId: (await buildOrg(t)).id });
    const publishToDept = async () => {
      const code = await addExam(examBody(paperCode, { participants: { users: [], orgs: [dept.id], posts: [] } }));
      expect((await t.post(`${E}/Publish`, { examCode: code }, corp)).success).toBe(true);
      return code;
    };
    const codes = [await publishToDept()];
    const withOne = await statementsDuring(() => joinMatchingExams(t.ctx, person.id));
    expect(withOne).toBeGreaterThan(2);
    codes.push(await publishToDept(), await publishToDept());
    expect(await statementsDuring(() => joinMatchingExams(t.ctx, person.id))).toBe(withOne);
    // disabled, then moved into the department: still none; enabled again: all three, once
    await t.ctx.db.update(users).set({ orgId: dept.id, status: EnableStatus.Disabled }).where(eq(users.id, person.id));
    expect(await joinMatchingExams(t.ctx, person.id)).toEqual([]);
    await t.ctx.db.update(users).set({ status: EnableStatus.Enabled }).where(eq(users.id, person.id));
    expect((await joinMatchingExams(t.ctx, person.id)).sort()).toEqual([...codes].sort());
    expect(await joinMatchingExams(t.ctx, person.id)).toEqual([]);
  });

  it('publishing needs participants; participants of another company answer like missing ones', async () => {
    const code = await addExam(examBody(paperCode));
    expect((await t.post(`${E}/Publish`, { examCode: code }, corp)).code).toBe('EXAM_PARTICIPANTS_REQUIRED');
    const [other01] = await ids(['other01']);
    const res = await t.post(`${E}/UpdateData`, examBody(paperCode, { examCode: code, participants: { users: [other01] } }), corp);
    expect(res.success).toBe(false);
    expect(res.msg).toBe('请求的资源不存在');
  });

  it('edits before the first attempt change anything; after it the paper and rules are locked, a taken paper never changes', async () => {
    const [l1] = await ids(['learner01']);
    const code = await addExam(examBody(paperCode, { participants: { users: [l1] } }));
    const otherPaper = await addPaper(fixedPaper({ paperName: '另一份', questions: [{ qCode: singles[1], score: 50 }] }));
    expect(
      (
        await t.post(
          `${E}/UpdateData`,
          examBody(otherPaper, { examCode: code, time: 45, passScore: 30, participants: { users: [l1] } }),
          corp,
        )
      ).success,
    ).toBe(true);
    expect((await t.post(`${E}/UpdateData`, examBody(paperCode, { examCode: code, participants: { users: [l1] } }), corp)).success).toBe(
      true,
    );
    await t.post(`${E}/Publish`, { examCode: code }, corp);

    // the first attempt begins (exam taking stores it with its own copy of the questions)
    const exam = (await t.ctx.db.select().from(exams).where(eq(exams.examCode, code)))[0];
    const up = await storeAttempt(t.ctx.db, exam, {
      userId: l1,
      attemptNo: 1,
      seed: 1,
      startTime: new Date(),
      deadline: new Date(Date.now() + 30 * 60_000),
    });

    expect((await t.post(`${E}/UpdateData`, examBody(otherPaper, { examCode: code, participants: { users: [l1] } }), corp)).msg).toBe(
      '已有学员开始作答，试卷、时长、评分规则和离开页面监控不能再修改',
    );
    expect(
      (await t.post(`${E}/UpdateData`, examBody(paperCode, { examCode: code, time: 60, participants: { users: [l1] } }), corp)).msg,
    ).toBe('已有学员开始作答，试卷、时长、评分规则和离开页面监控不能再修改');
    // the leave monitoring decides when the server submits: the same rule for every attempt
    for (const change of [{ leaveLimit: 3 }, { requireFullScreen: 1 }])
      expect(
        (await t.post(`${E}/UpdateData`, examBody(paperCode, { examCode: code, ...change, participants: { users: [l1] } }), corp)).code,
      ).toBe('EXAM_LOCKED');
    // the name and window may still change
    expect(
      (
        await t.post(
          `${E}/UpdateData`,
          examBody(paperCode, { examCode: code, examName: '改名', examEndTime: '2099-12-31 20:00:00', participants: { users: [l1] } }),
          corp,
        )
      ).success,
    ).toBe(true);
    expect((await t.post(`${P}/UpdateData`, fixedPaper({ paperCode, questions: [{ qCode: singles[0], score: 10 }] }), corp)).msg).toBe(
      '已有学员开始作答，试卷的试题和规则不能再修改',
    );
    expect((await t.post(`${P}/UpdateData`, fixedPaper({ paperCode, paperName: '新名字' }), corp)).success).toBe(true);
    expect((await t.post(`${P}/Delete`, { paperCode }, corp)).msg).toMatch(/该试卷已被 \d+ 场考试使用，不能删除/);
    expect((await t.post(`${E}/Delete`, { examCode: code }, corp)).code).toBe('EXAM_STARTED');

    // editing and deleting bank questions leaves the attempt's copy as it was
    await t.post(`${Q}/UpdateData`, { qCode: singles[0], qType: 1, qName: '改过的题干', a: 'x', b: 'y', answer: 'B' }, corp);
    await t.post(`${Q}/Delete`, { qCode: essay }, corp);
    const copy = await t.ctx.db.select().from(userPaperQuestions).where(eq(userPaperQuestions.userpaperId, up));
    expect(copy.map((c) => [c.qCode, c.qName, c.answer]).sort()).toEqual(
      [
        [singles[0], '试卷单选0', 'A'],
        [blank, '填（）和（）', '["a","b"]'],
        [essay, '试卷简答', '要点'],
      ].sort(),
    );
    // and the paper still lists the deleted question, flagged
    const paper = (await t.post<PaperDetail>(`${P}/GetData`, { paperCode }, corp)).data;
    expect(paper.questions.find((q) => q.qCode === essay)?.deleted).toBe(true);
    expect(paper.totleq).toBe(3);
  });

  it("another company's exams cannot be read, edited, published or deleted", async () => {
    const theirQ = (
      await t.post<{ qCode: string }>(
        `${Q}/AddData`,
        { qType: 5, qName: 'x', answer: 'x', companySysCode: OTHER_COMPANY.companySysCode },
        admin,
      )
    ).data.qCode;
    const theirPaper = await addPaper(
      { paperName: '物流卷', paperType: 1, questions: [{ qCode: theirQ, score: 100 }], companySysCode: OTHER_COMPANY.companySysCode },
      admin,
    );
    // my exam cannot use their paper
    expect((await t.post(`${E}/AddData`, examBody(theirPaper), corp)).msg).toBe('试卷不存在');
    const theirs = await addExam(examBody(theirPaper, { companySysCode: OTHER_COMPANY.companySysCode, examName: '物流考试' }), admin);
    for (const path of ['GetData', 'Publish', 'Close', 'Delete'])
      expect(await t.post(`${E}/${path}`, { examCode: theirs }, corp)).toMatchObject({ success: false, code: 'EXAM_NOT_FOUND' });
    expect((await t.post(`${E}/UpdateData`, examBody(paperCode, { examCode: theirs }), corp)).msg).toBe('考试不存在');
    expect((await t.post<PageResult<unknown>>(`${E}/GetPageList`, { keyword: '物流考试' }, corp)).data.totalCount).toBe(0);
    expect((await t.post<PageResult<unknown>>(`${E}/GetPageList`, { keyword: '物流考试' }, admin)).data.totalCount).toBe(1);
  });
});
