import { formatDateTime, ITEM_FLAG_TEXT, type ItemAnalysis } from '@xuetu/contract';
import { inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM as X } from '../../../../test/api-paths.ts';
import { publishExam } from '../../../../test/exam-kit.ts';
import { appSignedIn, type TestApp } from '../../../../test/helper.ts';
import { exams as examTable, userPaperQuestions, userPapers, users } from '../../../db/schema/index.ts';
import { OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { itemFlag } from './item-analysis.service.ts';

// Item analysis (issue 26 item 4, ADR 0041) on a known data set: five learners, one of them with
// two attempts (the higher counts), four questions; every index below is computed by hand.
let t: TestApp;
let corp: string;
let learner: string;
let examCode = '';
let emptyExam = '';
let otherExam = '';
const MIN = 60_000;
const LEARNERS = ['learner01', 'learner02', 'learner03', 'learner04', 'learner05'];

const at = (offsetMs: number) => formatDateTime(new Date(Date.now() + offsetMs));

const addExam = (examName: string, paperCode: string, token: string, accounts: string[], extra: Record<string, unknown> = {}) =>
  publishExam(t, token, { examName, paperCode, people: accounts, examEndTime: at(24 * 60 * MIN), passScore: 30, ...extra });

// question: [qType, score, options, key]
const QUESTIONS = [
  ['Q1', 1, 10, ['110', '119', '120', '122'], 'B'],
  ['Q2', 2, 20, ['安全帽', '手套', '椅子', '护目镜'], 'AB'],
  ['Q3', 3, 10, ['正确', '错误'], 'B'],
  ['Q4', 1, 10, ['甲', '乙', '丙', '丁'], 'A'],
] as const;
// learner → attempts, each [Q1..Q4] answer and score got (partial credit on Q2)
const ATTEMPTS: [string, [string, number][]][] = [
  [
    'learner01',
    [
      ['B', 10],
      ['AB', 20],
      ['B', 10],
      ['D', 0],
    ],
  ], // 40, counted
  [
    'learner01',
    [
      ['A', 0],
      ['', 0],
      ['B', 10],
      ['A', 10],
    ],
  ], // 20, not counted
  [
    'learner02',
    [
      ['B', 10],
      ['A', 10],
      ['A', 0],
      ['A', 10],
    ],
  ], // 30
  [
    'learner03',
    [
      ['C', 0],
      ['AB', 20],
      ['B', 10],
      ['', 0],
    ],
  ], // 30
  [
    'learner04',
    [
      ['B', 10],
      ['AC', 0],
      ['A', 0],
      ['A', 10],
    ],
  ], // 20
  [
    'learner05',
    [
      ['A', 0],
      ['', 0],
      ['A', 0],
      ['A', 10],
    ],
  ], // 10
];

beforeAll(async () => {
  [t, corp, learner] = await appSignedIn('corpadmin', 'learner01');
  const admin = await t.login('admin');
  const Q = '/Api/Exam_Manage/ex_question';
  const codes: string[] = [];
  for (const [, qType, , options, answer] of QUESTIONS) {
    const body: Record<string, unknown> = { qType, qName: `<p>题 ${codes.length + 1}</p>`, answer };
    if (qType !== 3) Object.assign(body, { a: options[0], b: options[1], c: options[2], d: options[3] });
    codes.push((await t.ok<{ qCode: string }>(`${Q}/AddData`, body, corp)).qCode);
  }
  const paper = await t.ok<{ paperCode: string }>(
    '/Api/Exam_Manage/ex_paper/AddData',
    { paperName: '试题分析卷', paperType: 1, questions: codes.map((qCode, i) => ({ qCode, score: QUESTIONS[i][2] })) },
    corp,
  );
  examCode = await addExam('试题分析考试', paper.paperCode, corp, LEARNERS, { isPartialCredit: 1 });
  emptyExam = await addExam('无人交卷考试', paper.paperCode, corp, ['learner01']);
  const oq = await t.ok<{ qCode: string }>(
    `${Q}/AddData`,
    { qType: 3, qName: '叉车可以载人。', answer: 'B', companySysCode: OTHER_COMPANY.companySysCode },
    admin,
  );
  const op = await t.ok<{ paperCode: string }>(
    '/Api/Exam_Manage/ex_paper/AddData',
    { paperName: '他司卷', paperType: 1, questions: [{ qCode: oq.qCode, score: 100 }], companySysCode: OTHER_COMPANY.companySysCode },
    admin,
  );
  otherExam = await addExam('他司考试', op.paperCode, admin, ['other01'], { companySysCode: OTHER_COMPANY.companySysCode });

  const [exam] = await t.ctx.db.select().from(examTable).where(sql`${examTable.examCode} = ${examCode}`);
  const people = await t.ctx.db
    .select({ id: users.id, accountCode: users.accountCode })
    .from(users)
    .where(inArray(users.accountCode, LEARNERS));
  const idOf = new Map(people.map((p) => [p.accountCode, p.id]));
  const tries = new Map<string, number>();
  const now = new Date();
  for (const [who, answers] of ATTEMPTS) {
    const attemptNo = (tries.get(who) ?? 0) + 1;
    tries.set(who, attemptNo);
    const score = answers.reduce((s, [, got]) => s + got, 0);
    const [row] = await t.ctx.db
      .insert(userPapers)
      .values({
        examId: exam.id,
        userId: idOf.get(who)!,
        companySysCode: exam.companySysCode,
        attemptNo,
        status: 30,
        seed: 1,
        startTime: now,
        deadline: now,
        endTime: now,
        score,
        isPass: score >= 30 ? 1 : 0,
      })
      .returning({ id: userPapers.id });
    await t.ctx.db.insert(userPaperQuestions).values(
      QUESTIONS.map(([, qType, qScore, options, key], i) => ({
        userpaperId: row.id,
        qCode: codes[i],
        qVersion: 1,
        sortOrder: i + 1,
        qType,
        qName: `<p>题 ${i + 1}</p>`,
        options: JSON.stringify(options),
        answer: key,
        score: qScore,
        answerStr: answers[i][0],
        scoreGot: answers[i][1],
        isPass: answers[i][1] === qScore ? 1 : 0,
        marked: 1,
      })),
    );
  }
  // an attempt still being answered is not counted
  await t.ctx.db.insert(userPapers).values({
    examId: exam.id,
    userId: idOf.get('learner05')!,
    companySysCode: exam.companySysCode,
    attemptNo: 2,
    status: 20,
    seed: 1,
    startTime: now,
    deadline: now,
  });
});
afterAll(() => t.close());

describe('GetItemAnalysis', () => {
  it('computes the hand-computed summary, histogram and indices of the known data set', async () => {
    const a = await t.ok<ItemAnalysis>(`${X}/GetItemAnalysis`, { examCode }, corp);
    // counted scores 40, 30, 30, 20, 10 (learner01's 20 is not counted, nor the open attempt)
    expect(a).toMatchObject({ totlescore: 50, passScore: 30, counted: 5, submittedAttempts: 6, passed: 3, passRate: 0.6, groupSize: 1 });
    expect(a.mean).toBe(26);
    expect(a.median).toBe(30);
    // sqrt((14² + 4² + 4² + 6² + 16²) / 5) = sqrt(104)
    expect(a.stdDev).toBe(10.2);
    expect(a.histogram.map((h) => h.count)).toEqual([0, 0, 1, 0, 1, 0, 2, 0, 1, 0]);
    expect(a.histogram[9]).toMatchObject({ label: '90%-100%', from: 45, to: 50 });
    // upper group (27 % of 5 → 1): learner01 (40); lower group: learner05 (10)
    const byOrder = a.questions.map((q) => [
      q.order,
      q.attempts,
      q.answered,
      q.facility,
      q.upperFacility,
      q.lowerFacility,
      q.discrimination,
      q.flag,
    ]);
    expect(byOrder).toEqual([
      [1, 5, 5, 0.6, 1, 0, 1, null],
      [2, 5, 4, 0.5, 1, 0, 1, null], // partial credit: learner02's A is half of AB
      [3, 5, 5, 0.4, 1, 0, 1, null],
      [4, 5, 4, 0.6, 0, 1, -1, 'negative'],
    ]);
    const opts = (i: number) => a.questions[i].options.map((o) => [o.key, o.text, o.count, o.correct]);
    expect(opts(0)).toEqual([
      ['A', '110', 1, false],
      ['B', '119', 3, true],
      ['C', '120', 1, false],
      ['D', '122', 0, false],
    ]);
    expect(opts(1)).toEqual([
      ['A', '安全帽', 4, true],
      ['B', '手套', 2, true],
      ['C', '椅子', 1, false],
      ['D', '护目镜', 0, false],
    ]);
    expect(opts(2)).toEqual([
      ['A', '正确', 3, false],
      ['B', '错误', 2, true],
    ]);
    expect(opts(3).map((o) => o[2])).toEqual([3, 0, 0, 1]);
  });

  it('answers zeros for an exam nobody submitted', async () => {
    const a = await t.ok<ItemAnalysis>(`${X}/GetItemAnalysis`, { examCode: emptyExam }, corp);
    expect(a).toMatchObject({ counted: 0, mean: 0, median: 0, stdDev: 0, passRate: 0, groupSize: 0, questions: [] });
    expect(a.histogram.every((h) => h.count === 0)).toBe(true);
  });

  it('flags negative and near-zero discrimination', () => {
    expect([itemFlag(0.5, -0.2), itemFlag(0.5, 0), itemFlag(0.5, 0.09), itemFlag(0.5, 0.1), itemFlag(0.5, null)]).toEqual([
      'negative',
      'nearZero',
      'nearZero',
      null,
      null,
    ]);
  });

  it('calls a question everyone got right 过易 (and everyone wrong 过难), not near-zero discrimination (issue 38 item 14)', () => {
    expect([itemFlag(1, 0), itemFlag(0, 0), itemFlag(0.98, 0.02), itemFlag(1, null)]).toEqual(['tooEasy', 'tooHard', 'nearZero', null]);
    expect(ITEM_FLAG_TEXT.tooEasy).toBe('过易');
  });

  it('refuses another company, a learner, no session and bad input', async () => {
    expect((await t.post(`${X}/GetItemAnalysis`, { examCode: otherExam }, corp)).code).toBe('EXAM_NOT_FOUND');
    expect((await t.post(`${X}/GetItemAnalysis`, { examCode }, learner)).errorCode).toBe(403);
    expect((await t.post(`${X}/ExportItemAnalysis`, { examCode }, learner)).errorCode).toBe(403);
    expect((await t.post(`${X}/GetItemAnalysis`, { examCode })).errorCode).toBe(401);
    expect((await t.post(`${X}/GetItemAnalysis`, {}, corp)).msg).toBe('请指定考试');
    expect((await t.post(`${X}/GetItemAnalysis`, { examCode: 42 }, corp)).success).toBe(false);
    expect((await t.post(`${X}/GetItemAnalysis`, { examCode: 'x'.repeat(500) }, corp)).success).toBe(false);
    expect((await t.post(`${X}/GetItemAnalysis`, { examCode: 'NO_SUCH_EXAM' }, corp)).code).toBe('EXAM_NOT_FOUND');
    expect((await t.post(`${X}/ExportItemAnalysis`, { examCode: otherExam }, corp)).code).toBe('EXAM_NOT_FOUND');
  });
});

describe('ExportItemAnalysis', () => {
  it('gives an xlsx of the summary and the per-question indices', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `/prod-api${X}/ExportItemAnalysis`,
      payload: { examCode },
      headers: { ydAuthorization: `Bearer ${corp}` },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const summary = wb.getWorksheet('概况')!;
    expect(summary.getRow(7).values).toEqual([undefined, '平均分', 26]);
    const qs = wb.getWorksheet('试题分析')!;
    expect(qs.rowCount).toBe(5);
    expect(qs.getRow(5).getCell(3).value).toBe('题 4');
    expect(qs.getRow(5).getCell(9).value).toBe(-1);
    expect(qs.getRow(5).getCell(10).value).toBe('负区分度');
    expect(String(qs.getRow(2).getCell(11).value)).toContain('B✓ 119: 3');
  });
});
