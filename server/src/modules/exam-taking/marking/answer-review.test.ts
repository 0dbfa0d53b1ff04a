import { type ExamDetail, type ExamResultView, formatDateTime, type SubmitExamResult } from '@xuetu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_EXAM as U, EXAM as X } from '../../../../test/api-paths.ts';
import { publishExam } from '../../../../test/exam-kit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { examReviewRule } from './answer-review.ts';

// When a learner sees the answer key of their result (issue 22 item 2, ADR 0036 §5): the exam's
// answerReview setting, and never a question that is in another exam they can still take. The
// attack it stops: submit attempt 1 blank, read the key, score full marks on attempt 2.
const clock = new ManualClock(Date.now());
let t: TestApp;
let corp: string;
const tok: Record<string, string> = {};
const MIN = 60_000;
const q: Record<string, string> = {};
const paper: Record<string, string> = {};

const at = (offsetMs: number) => formatDateTime(new Date(clock.now().getTime() + offsetMs));

const addExam = (examName: string, accounts: string[], extra: Record<string, unknown> = {}, paperCode = paper.main) =>
  publishExam(t, corp, { examName, paperCode, people: accounts, ...extra });

/** Begins an attempt, saves the given answers (qCode → answer) and submits it. */
async function takeExam(examCode: string, who: string, answers: Record<string, string> = {}) {
  const begun = await t.ok<{ userpaperId: number; isSubExam: boolean }>(`${U}/BeginExam`, { examCode }, tok[who]);
  expect(begun.isSubExam).toBe(false);
  let seq = 0;
  for (const [qCode, answer] of Object.entries(answers))
    await t.ok(`${U}/SaveAnswer`, { userpaperId: begun.userpaperId, qCode, answer, seq: ++seq }, tok[who]);
  const sub = await t.ok<SubmitExamResult>(`${U}/SubmitExam`, { userpaperId: begun.userpaperId }, tok[who]);
  return { id: begun.userpaperId, score: sub.score };
}
const result = (id: number, who: string) => t.ok<ExamResultView>(`${U}/GetExamResult`, { userpaperId: id }, tok[who]);
const byCode = (r: ExamResultView) => Object.fromEntries(r.exampaperquestionlist.map((x) => [x.qCode, x]));
const keysOf = (r: ExamResultView) => Object.fromEntries(r.exampaperquestionlist.map((x) => [x.qCode, x.answer]));

async function pdfOf(id: number, who: string): Promise<string> {
  const res = await t.inject({
    method: 'GET',
    url: `/prod-api${U}/ExportResultPdf?userpaperId=${id}`,
    headers: { ydAuthorization: `Bearer ${tok[who]}` },
  });
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  // the demo exams (a random paper drawing from the whole bank among them) would hold the
  // questions made here for the demo learners: this file starts from no exams
  await t.ctx.db.execute(
    sql`truncate cert_rule, ex_wrongbook_attempt, ex_userpaper_leave, ex_userpaperquestion, ex_userpaper, ex_examuser, ex_examparticipant, ex_exam restart identity`,
  );
  corp = await t.login('corpadmin');
  for (const a of ['learner01', 'learner02', 'learner03', 'learner04', 'learner05', 'learner06']) tok[a] = await t.login(a);
  const add = async (body: Record<string, unknown>) =>
    (await t.ok<{ qCode: string }>('/Api/Exam_Manage/ex_question/AddData', body, corp)).qCode;
  q.single = await add({ qType: 1, qName: '火警电话是？', a: '110', b: '119', c: '120', d: '122', answer: 'B', analysis: '火警拨打 119' });
  q.judge = await add({ qType: 3, qName: '安全出口可以堆放物品。', answer: 'B', analysis: '安全出口必须保持畅通' });
  q.extra = await add({ qType: 1, qName: '灭火器压力表指针应在？', a: '红区', b: '绿区', answer: 'B', analysis: '绿区为正常' });
  const addPaper = async (name: string, items: [string, number][]) =>
    (
      await t.ok<{ paperCode: string }>(
        '/Api/Exam_Manage/ex_paper/AddData',
        { paperName: name, paperType: 1, questions: items.map(([qCode, score]) => ({ qCode, score })) },
        corp,
      )
    ).paperCode;
  paper.main = await addPaper('消防卷', [
    [q.single, 50],
    [q.judge, 50],
  ]);
  paper.wide = await addPaper('消防扩展卷', [
    [q.single, 40],
    [q.judge, 30],
    [q.extra, 30],
  ]);
});
afterAll(() => t.close());

describe('the setting', () => {
  it('defaults to after the last attempt; the older flag maps to it and back', async () => {
    const get = (examCode: string) => t.ok<ExamDetail>(`${X}/GetData`, { examCode }, corp);
    const safe = await addExam('默认设置', ['learner06']);
    expect(await get(safe)).toMatchObject({ answerReview: 'afterLast', isAllowedViewAnswer: 1 });
    const none = await addExam('旧字段 0', ['learner06'], { isAllowedViewAnswer: 0 });
    expect(await get(none)).toMatchObject({ answerReview: 'never', isAllowedViewAnswer: 0 });
    const closing = await addExam('考试结束后', ['learner06'], { answerReview: 'afterClose' });
    const detail = await get(closing);
    const resend = { ...detail, participants: { users: detail.participants.users.map((u) => u.id), orgs: [], posts: [] } };
    // an older client sending only the flag keeps the chosen moment (1) or turns it off (0)
    await t.ok(`${X}/UpdateData`, { ...resend, answerReview: undefined, isAllowedViewAnswer: 1 }, corp);
    expect(await get(closing)).toMatchObject({ answerReview: 'afterClose', isAllowedViewAnswer: 1 });
    await t.ok(`${X}/UpdateData`, { ...resend, answerReview: undefined, isAllowedViewAnswer: 0 }, corp);
    expect(await get(closing)).toMatchObject({ answerReview: 'never', isAllowedViewAnswer: 0 });
    await t.ok(`${X}/UpdateData`, { ...resend, answerReview: 'afterEach', isAllowedViewAnswer: 0 }, corp);
    expect(await get(closing)).toMatchObject({ answerReview: 'afterEach', isAllowedViewAnswer: 1 });
    expect((await t.post(`${X}/UpdateData`, { ...resend, answerReview: 'always' }, corp)).msg).toBe('请选择何时公布答案');
    for (const code of [safe, none, closing]) await t.ok(`${X}/Close`, { examCode: code }, corp);
  });
});

describe('after the last attempt (the default)', () => {
  let exam = '';
  let first = 0;
  let second = 0;
  beforeAll(async () => {
    exam = await addExam('两次机会', ['learner01'], { isAllow: 1, isAllowCount: 2, isAllowedViewAnswer: 1 });
  });

  it('a blank first attempt reveals no key, no analysis and no right or wrong', async () => {
    first = (await takeExam(exam, 'learner01')).id;
    const r = await result(first, 'learner01');
    expect(r.answersHidden).toBe('attemptsLeft');
    expect(r.examinfo).toMatchObject({ answerReview: 'afterLast', isAllowedViewAnswer: 1 });
    expect(r.exampaperquestionlist).toHaveLength(2);
    for (const x of r.exampaperquestionlist) expect(x).toMatchObject({ answer: '', analysis: '', scoreStr: '', isPass: 0 });
    const pdf = await pdfOf(first, 'learner01');
    expect(pdf).toContain('火警电话是？');
    expect(pdf).toContain('还有考试机会，暂不显示答案');
    expect(pdf).not.toContain('参考答案：B');
    expect(pdf).not.toContain('火警拨打 119');
    // the administrator still reads the key of the learner's attempt
    expect(keysOf(await t.ok<ExamResultView>(`${U}/GetExamResult`, { userpaperId: first }, corp))).toEqual({
      [q.single]: 'B',
      [q.judge]: 'B',
    });
  });

  it('so the second attempt cannot score with the key the first one leaked', async () => {
    const leaked = Object.fromEntries(Object.entries(keysOf(await result(first, 'learner01'))).filter(([, a]) => a !== ''));
    const take = await takeExam(exam, 'learner01', leaked);
    second = take.id;
    expect(take.score).toBe(0);
  });

  it('with no attempt left the key, the analysis and the marks show, in the PDF too', async () => {
    for (const id of [first, second]) {
      const r = await result(id, 'learner01');
      expect(r.answersHidden).toBe('');
      expect(byCode(r)[q.single]).toMatchObject({ answer: 'B', analysis: '火警拨打 119', scoreStr: '0', isPass: 0 });
      expect(byCode(r)[q.judge]).toMatchObject({ answer: 'B', analysis: '安全出口必须保持畅通' });
    }
    const pdf = await pdfOf(second, 'learner01');
    expect(pdf).toContain('参考答案：B');
    expect(pdf).toContain('火警拨打 119');
    expect(pdf).not.toContain('暂不显示答案');
  });
});

describe('never and after each attempt', () => {
  it('never hides the key, even once the exam has ended', async () => {
    const exam = await addExam('不公布答案', ['learner03'], { answerReview: 'never' });
    const { id } = await takeExam(exam, 'learner03', { [q.single]: 'B' });
    const r = await result(id, 'learner03');
    expect(r.answersHidden).toBe('never');
    expect(r.examinfo.isAllowedViewAnswer).toBe(0);
    expect(r.exampaperquestionlist.every((x) => x.answer === '' && x.analysis === '' && x.scoreStr === '')).toBe(true);
    await t.ok(`${X}/Close`, { examCode: exam }, corp);
    expect((await result(id, 'learner03')).answersHidden).toBe('never');
    expect(await pdfOf(id, 'learner03')).not.toContain('参考答案：B');
  });

  it('after each attempt shows this exam’s key while attempts remain, never one of another exam still to take', async () => {
    const exam = await addExam('每次交卷后', ['learner04'], { answerReview: 'afterEach', isAllow: 1, isAllowCount: 3 });
    const { id } = await takeExam(exam, 'learner04');
    const r = await result(id, 'learner04');
    expect(r.answersHidden).toBe('');
    expect(keysOf(r)).toEqual({ [q.single]: 'B', [q.judge]: 'B' });
    // not while the next attempt is being answered
    const next = await t.ok<{ userpaperId: number }>(`${U}/BeginExam`, { examCode: exam }, tok.learner04);
    const during = await result(id, 'learner04');
    expect(during.answersHidden).toBe('attemptOpen');
    expect(keysOf(during)).toEqual({ [q.single]: '', [q.judge]: '' });
    await t.ok(`${U}/SubmitExam`, { userpaperId: next.userpaperId }, tok.learner04);
    expect(keysOf(await result(id, 'learner04'))).toEqual({ [q.single]: 'B', [q.judge]: 'B' });
    // the same paper in an exam that opens tomorrow for the same learner
    await addExam('明日补考', ['learner04'], { examStartTime: at(24 * 60 * MIN), examEndTime: at(48 * 60 * MIN) });
    const later = await result(id, 'learner04');
    expect(later.answersHidden).toBe('otherExam');
    expect(later.exampaperquestionlist.every((x) => x.answer === '' && x.analysis === '')).toBe(true);
    expect(await pdfOf(id, 'learner04')).toContain('部分试题还在您可以参加的其他考试中');
  });
});

describe('an ended exam whose questions are in an exam the learner can still take', () => {
  let ended = 0;
  let open = '';
  it('hides the shared questions’ keys and shows the others', async () => {
    const past = await addExam('上月消防考试', ['learner05'], {}, paper.wide);
    ended = (await takeExam(past, 'learner05', { [q.single]: 'A' })).id;
    await t.ok(`${X}/Close`, { examCode: past }, corp);
    open = await addExam('本月消防考试', ['learner05']);
    const r = await result(ended, 'learner05');
    expect(r.answersHidden).toBe('otherExam');
    expect(byCode(r)[q.single]).toMatchObject({ answer: '', analysis: '', scoreStr: '', isPass: 0 });
    expect(byCode(r)[q.judge]).toMatchObject({ answer: '', analysis: '' });
    expect(byCode(r)[q.extra]).toMatchObject({ answer: 'B', analysis: '绿区为正常', scoreStr: '0' });
    const pdf = await pdfOf(ended, 'learner05');
    expect(pdf).toContain('参考答案：B');
    expect(pdf).toContain('绿区为正常');
    expect(pdf).not.toContain('火警拨打 119');
  });

  // issue 38 item 9: a random rule's pool (often the whole bank) does not hide a question; the
  // copy it drew into an attempt does, while that attempt is open
  it('a random paper hides only the question it drew into an attempt still open', async () => {
    const drawDir = (await t.ok<{ dirCode: string }>('/Api/Exam_Manage/ex_questiondir/SaveData', { dirName: '随机判断题' }, corp)).dirCode;
    const drawn = (
      await t.ok<{ qCode: string }>(
        '/Api/Exam_Manage/ex_question/AddData',
        { dirCode: drawDir, qType: 3, qName: '疏散时应乘坐电梯。', answer: 'B', analysis: '走楼梯' },
        corp,
      )
    ).qCode;
    const { paperCode } = await t.ok<{ paperCode: string }>(
      '/Api/Exam_Manage/ex_paper/AddData',
      { paperName: '判断题随机卷', paperType: 2, rules: [{ qType: 3, dirCode: drawDir, count: 1, score: 100 }] },
      corp,
    );
    const fixed = (
      await t.ok<{ paperCode: string }>(
        '/Api/Exam_Manage/ex_paper/AddData',
        { paperName: '含随机题的卷', paperType: 1, questions: [q.single, drawn].map((qCode) => ({ qCode, score: 50 })) },
        corp,
      )
    ).paperCode;
    const past = await addExam('上季度考试', ['learner02'], {}, fixed);
    const { id } = await takeExam(past, 'learner02');
    await t.ok(`${X}/Close`, { examCode: past }, corp);
    expect(keysOf(await result(id, 'learner02'))).toEqual({ [q.single]: 'B', [drawn]: 'B' });
    const draw = await addExam('随机判断题考试', ['learner02'], {}, paperCode);
    expect(keysOf(await result(id, 'learner02'))).toEqual({ [q.single]: 'B', [drawn]: 'B' });
    const begun = await t.ok<{ userpaperId: number }>(`${U}/BeginExam`, { examCode: draw }, tok.learner02);
    const during = await result(id, 'learner02');
    expect(during.answersHidden).toBe('otherExam');
    expect(keysOf(during)).toEqual({ [q.single]: 'B', [drawn]: '' });
    await t.ok(`${U}/SubmitExam`, { userpaperId: begun.userpaperId }, tok.learner02);
    expect(keysOf(await result(id, 'learner02'))).toEqual({ [q.single]: 'B', [drawn]: 'B' });
  });

  it('once the other exam has no attempt left, both results show every key', async () => {
    const { id } = await takeExam(open, 'learner05');
    expect((await result(ended, 'learner05')).answersHidden).toBe('');
    expect(keysOf(await result(ended, 'learner05'))).toEqual({ [q.single]: 'B', [q.judge]: 'B', [q.extra]: 'B' });
    expect(keysOf(await result(id, 'learner05'))).toEqual({ [q.single]: 'B', [q.judge]: 'B' });
  });
});

describe('after the exam closes', () => {
  it('hides the key until the window has ended, with no attempt left', async () => {
    const exam = await addExam('结束后公布', ['learner06'], { answerReview: 'afterClose', examEndTime: at(3 * 60 * MIN) });
    const { id } = await takeExam(exam, 'learner06', { [q.judge]: 'A' });
    const r = await result(id, 'learner06');
    expect(r.answersHidden).toBe('examOpen');
    // right or wrong on a true/false question is its key
    expect(byCode(r)[q.judge]).toMatchObject({ answerStr: 'A', answer: '', scoreStr: '', isPass: 0 });
    expect(await pdfOf(id, 'learner06')).toContain('考试结束后可查看答案');
    clock.advance(3 * 60 * MIN + 1000);
    // sessions idle out after 120 minutes of the clock
    tok.learner06 = await t.login('learner06');
    const after = await result(id, 'learner06');
    expect(after.answersHidden).toBe('');
    expect(byCode(after)[q.judge]).toMatchObject({ answer: 'B', scoreStr: '0', analysis: '安全出口必须保持畅通' });
  });
});

describe('the exam’s own rule (examReviewRule, no app)', () => {
  const now = new Date('2026-06-01T10:00:00Z');
  const exam = (over: Partial<Parameters<typeof examReviewRule>[0]> = {}) => ({
    answerReview: 'afterLast' as const,
    isConfidential: 0,
    status: 1,
    examEndTime: new Date('2026-06-02T00:00:00Z'),
    isAllow: 1,
    isAllowCount: 2,
    ...over,
  });
  const done = { status: 30, deadline: new Date('2026-06-01T09:00:00Z') };
  const open = { status: 20, deadline: new Date('2026-06-01T10:20:00Z') };
  const overdue = { status: 20, deadline: new Date('2026-06-01T09:30:00Z') };

  it('after the last attempt: hidden while one is open or left, shown when none is or the exam has ended', () => {
    expect(examReviewRule(exam(), [done], now)).toBe('attemptsLeft');
    expect(examReviewRule(exam(), [done, open], now)).toBe('attemptsLeft');
    expect(examReviewRule(exam(), [done, overdue], now)).toBe('');
    expect(examReviewRule(exam(), [done, done], now)).toBe('');
    expect(examReviewRule(exam({ isAllow: 0 }), [done], now)).toBe('');
    expect(examReviewRule(exam({ status: 2 }), [done], now)).toBe('');
    expect(examReviewRule(exam({ examEndTime: now }), [done], now)).toBe('');
  });

  it('after close, never, after each, and confidential first', () => {
    expect(examReviewRule(exam({ answerReview: 'afterClose', isAllow: 0 }), [done], now)).toBe('examOpen');
    expect(examReviewRule(exam({ answerReview: 'afterClose', status: 2 }), [done], now)).toBe('');
    expect(examReviewRule(exam({ answerReview: 'never', status: 2 }), [done, done], now)).toBe('never');
    expect(examReviewRule(exam({ answerReview: 'afterEach' }), [done], now)).toBe('');
    expect(examReviewRule(exam({ answerReview: 'afterEach' }), [done, open], now)).toBe('attemptOpen');
    expect(examReviewRule(exam({ answerReview: 'afterEach' }), [done, overdue], now)).toBe('');
    expect(examReviewRule(exam({ answerReview: 'afterEach', isConfidential: 1 }), [done], now)).toBe('confidential');
  });
});
