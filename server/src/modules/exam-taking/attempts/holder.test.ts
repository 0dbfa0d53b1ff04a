import type { ExamPaperView, SaveAnswerResult } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_EXAM as U } from '../../../../test/api-paths.ts';
import { publishExam } from '../../../../test/exam-kit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { userPapers, users } from '../../../db/schema/index.ts';
import { OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { ManualClock } from '../../../platform/clock.ts';
import * as repo from './attempts.repository.ts';

// One attempt open in two tabs or devices (issue 23 item 3): the page that opened the attempt last
// (or took it over) holds it; a save from another page is refused with ATTEMPT_TAKEN_OVER and
// changes nothing, so the paper never holds an answer the answering page did not show.
const clock = new ManualClock(Date.now());
let t: TestApp;
let corp: string;
const tok: Record<string, string> = {};
const q: Record<string, string> = {};
const exams: Record<string, string> = {};
const A = 'pageA-0000000001';
const B = 'pageB-0000000002';

const addExam = (examName: string, accounts: string[], token: string, paperCode: string, extra: Record<string, unknown> = {}) =>
  publishExam(t, token, { examName, paperCode, people: accounts, ...extra });

const begin = async (examCode: string, who: string) =>
  (await t.ok<{ userpaperId: number }>(`${U}/BeginExam`, { examCode }, tok[who])).userpaperId;
const open = (userpaperId: number, who: string, extra: Record<string, unknown> = {}) =>
  t.ok<ExamPaperView>(`${U}/GetExamPaper`, { userpaperId, ...extra }, tok[who]);
const save = (userpaperId: number, who: string, qCode: string, answer: string, seq: number, holder?: string) =>
  t.post<SaveAnswerResult>(`${U}/SaveAnswer`, { userpaperId, qCode, answer, seq, holder }, tok[who]);
const holderOf = async (id: number) =>
  (await t.ctx.db.select({ holder: userPapers.holder }).from(userPapers).where(eq(userPapers.id, id)))[0]?.holder;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const admin = await t.login('admin');
  corp = await t.login('corpadmin');
  for (const a of ['learner01', 'learner02', 'other01']) tok[a] = await t.login(a);
  const Q = '/Api/Exam_Manage/ex_question';
  const add = async (body: Record<string, unknown>, token = corp) => (await t.ok<{ qCode: string }>(`${Q}/AddData`, body, token)).qCode;
  q.single = await add({ qType: 1, qName: '灭火器压力表指针应在？', a: '红区', b: '绿区', c: '黄区', answer: 'B' });
  q.judge = await add({ qType: 3, qName: '电梯可以用于火灾逃生。', answer: 'B' });
  const paper = await t.ok<{ paperCode: string }>(
    '/Api/Exam_Manage/ex_paper/AddData',
    {
      paperName: '双窗口测试卷',
      paperType: 1,
      questions: [
        { qCode: q.single, score: 50 },
        { qCode: q.judge, score: 50 },
      ],
    },
    corp,
  );
  exams.main = await addExam('双窗口考试', ['learner01', 'learner02'], corp, paper.paperCode);
  const oq = await add({ qType: 3, qName: '叉车可以载人。', answer: 'B', companySysCode: OTHER_COMPANY.companySysCode }, admin);
  const op = await t.ok<{ paperCode: string }>(
    '/Api/Exam_Manage/ex_paper/AddData',
    { paperName: '他司双窗口卷', paperType: 1, questions: [{ qCode: oq, score: 100 }], companySysCode: OTHER_COMPANY.companySysCode },
    admin,
  );
  exams.other = await addExam('他司双窗口考试', ['other01'], admin, op.paperCode, { companySysCode: OTHER_COMPANY.companySysCode });
  q.other = oq;
});
afterAll(() => t.close());

describe('two pages on one attempt', () => {
  let id = 0;
  beforeAll(async () => {
    id = await begin(exams.main, 'learner01');
  });

  it('the page that opened last holds the attempt; the older page’s save is refused and changes nothing', async () => {
    expect((await open(id, 'learner01', { holder: A })).heldHere).toBe(true);
    expect((await save(id, 'learner01', q.single, 'A', 10, A)).data?.applied).toBe(true);

    const b = await open(id, 'learner01', { holder: B });
    expect(b).toMatchObject({ heldHere: true, answers: { [q.single]: 'A' }, seqs: { [q.single]: 10 } });
    expect(await holderOf(id)).toBe(B);

    const refused = await save(id, 'learner01', q.single, 'C', 11, A);
    expect(refused).toMatchObject({ success: false, code: 'ATTEMPT_TAKEN_OVER', msg: '本场考试已在其他窗口或设备上作答' });
    const flagOnly = await t.post(`${U}/SaveAnswer`, { userpaperId: id, qCode: q.judge, flag: 1, seq: 12, holder: A }, tok.learner01);
    expect(flagOnly.code).toBe('ATTEMPT_TAKEN_OVER');
    const after = await open(id, 'learner01');
    expect(after).toMatchObject({ answers: { [q.single]: 'A' }, seqs: { [q.single]: 10 }, flags: [], heldHere: false });

    expect((await save(id, 'learner01', q.single, 'B', 13, B)).data?.applied).toBe(true);
  });

  it('takeOver 0 only looks; taking over flips the holder and the other page is refused in turn', async () => {
    const look = await open(id, 'learner01', { holder: A, takeOver: 0 });
    expect(look).toMatchObject({ heldHere: false, answers: { [q.single]: 'B' } });
    expect(await holderOf(id)).toBe(B);

    const took = await open(id, 'learner01', { holder: A, takeOver: 1 });
    expect(took).toMatchObject({ heldHere: true, answers: { [q.single]: 'B' } });
    expect(await holderOf(id)).toBe(A);
    expect((await save(id, 'learner01', q.judge, 'A', 20, B)).code).toBe('ATTEMPT_TAKEN_OVER');
    expect((await save(id, 'learner01', q.judge, 'B', 21, A)).data?.applied).toBe(true);
    expect((await open(id, 'learner01')).answers).toEqual({ [q.single]: 'B', [q.judge]: 'B' });
  });

  it('a client that sends no holder saves and reads as before, without moving the holder', async () => {
    expect((await save(id, 'learner01', q.judge, 'A', 30)).data?.applied).toBe(true);
    expect((await open(id, 'learner01')).heldHere).toBe(false);
    expect(await holderOf(id)).toBe(A);
  });

  it('the batch statement applies the same rule item by item', async () => {
    const cutoff = new Date(clock.now().getTime() - 5_000);
    const [{ id: userId }] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.accountCode, 'learner01'));
    const out = await repo.saveGivenBatch(t.ctx.db, [
      { userpaperId: id, userId, qCode: q.single, seq: 40, answerStr: 'C', cutoff, holder: B },
      { userpaperId: id, userId, qCode: q.judge, seq: 41, answerStr: 'B', cutoff, holder: A },
    ]);
    expect(out).toMatchObject([
      { applied: false, takenOver: true },
      { applied: true, takenOver: false },
    ]);
    expect((await open(id, 'learner01')).answers).toEqual({ [q.single]: 'B', [q.judge]: 'B' });
  });

  it('other learners and other companies can neither move nor use the holder', async () => {
    for (const who of ['learner02', 'other01']) {
      expect((await t.post(`${U}/GetExamPaper`, { userpaperId: id, holder: B, takeOver: 1 }, tok[who])).code).toBe('ATTEMPT_NOT_FOUND');
      expect((await save(id, who, q.single, 'C', 50, A)).code).toBe('ATTEMPT_NOT_FOUND');
    }
    expect(await holderOf(id)).toBe(A);
    // their own attempts keep their own holders, the same page id or not
    const mine = await begin(exams.main, 'learner02');
    expect((await open(mine, 'learner02', { holder: B })).heldHere).toBe(true);
    expect((await save(mine, 'learner02', q.single, 'B', 1, B)).data?.applied).toBe(true);
    const theirs = await begin(exams.other, 'other01');
    expect((await open(theirs, 'other01', { holder: A })).heldHere).toBe(true);
    expect((await save(theirs, 'other01', q.other, 'B', 1, A)).data?.applied).toBe(true);
    expect(await holderOf(id)).toBe(A);
    expect((await save(id, 'learner01', q.single, 'A', 51, A)).data?.applied).toBe(true);
  });

  it('bad holder or takeOver values are refused with a message', async () => {
    for (const holder of ['short', 'x'.repeat(65), '页面标识很长很长很长', 'a b c d e f g h', 42])
      expect((await t.post(`${U}/GetExamPaper`, { userpaperId: id, holder }, tok.learner01)).msg).toBe('页面标识不正确');
    expect(
      (await t.post(`${U}/SaveAnswer`, { userpaperId: id, qCode: q.single, answer: 'A', seq: 60, holder: '<script>' }, tok.learner01)).msg,
    ).toBe('页面标识不正确');
    expect((await t.post(`${U}/GetExamPaper`, { userpaperId: id, holder: B, takeOver: 2 }, tok.learner01)).success).toBe(false);
    expect(await holderOf(id)).toBe(A);
  });

  it('a page that no longer holds the attempt cannot submit it; the holder can', async () => {
    const refused = await t.post(`${U}/SubmitExam`, { userpaperId: id, holder: B }, tok.learner01);
    expect(refused.code).toBe('ATTEMPT_TAKEN_OVER');
    expect((await open(id, 'learner01')).status).toBe(20);
    expect((await t.post(`${U}/SubmitExam`, { userpaperId: id, holder: 'bad' }, tok.learner01)).msg).toBe('页面标识不正确');
    await t.ok(`${U}/SubmitExam`, { userpaperId: id, holder: A }, tok.learner01);
    expect((await open(id, 'learner01')).status).toBe(30);
    // a repeated submit from any page answers the same result
    expect((await t.post(`${U}/SubmitExam`, { userpaperId: id, holder: B }, tok.learner01)).success).toBe(true);
  });

  it('a submitted attempt is not taken over: its saves answer ATTEMPT_SUBMITTED whoever sends them', async () => {
    expect((await open(id, 'learner01', { holder: B })).heldHere).toBe(false);
    expect(await holderOf(id)).toBe(A);
    expect((await save(id, 'learner01', q.single, 'C', 70, B)).code).toBe('ATTEMPT_SUBMITTED');
    expect((await save(id, 'learner01', q.single, 'C', 71, A)).code).toBe('ATTEMPT_SUBMITTED');
  });
});
