import {
  type BeginExamResult,
  type ExamResultView,
  formatDateTime,
  type MyPracticeCard,
  type PracticeExamOverlap,
  type PracticeFeedback,
  type WrongBookView,
} from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE as L, PRACTICE_ADMIN as P, USER_EXAM as U, WRONGBOOK as W, EXAM as X } from '../../../../test/api-paths.ts';
import { publishExam } from '../../../../test/exam-kit.ts';
import { type BuiltUser, buildCompanyWithPeople, type CompanyRow } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { statementsDuring } from '../../../../test/statements.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { type LearnerExams, learnerExams } from '../roster/learner-exams.ts';

// Issue 38 items 2 and 9: one rule (answer-review.ts questionHolds) hides a question's key and
// marks from a learner while they can still answer it — in an attempt still open, or on the fixed
// paper of an exam they can still sit — in a result, the 错题本 and practice alike; nothing else
// (a random paper's pool, an ended exam's confidential score) hides it.
const clock = new ManualClock(Date.now());
let t: TestApp;
let company: CompanyRow;
let boss: string;
let otherBoss: string;
let people: Record<string, BuiltUser>;
let tok: Record<string, string>;
const q: Record<string, string> = {};
const dir: Record<string, string> = {};
const practice: Record<string, string> = {};

const at = (offsetMs: number) => formatDateTime(new Date(clock.now().getTime() + offsetMs));
const DAY = 24 * 3600_000;

async function fixedPaper(name: string, codes: string[]) {
  const body = { paperName: name, paperType: 1, questions: codes.map((qCode) => ({ qCode, score: 10 })) };
  return (await t.ok<{ paperCode: string }>('/Api/Exam_Manage/ex_paper/AddData', body, boss)).paperCode;
}
const exam = (examName: string, paperCode: string, who: BuiltUser[], extra: Record<string, unknown> = {}) =>
  publishExam(t, boss, {
    examName,
    paperCode,
    examStartTime: at(-60_000),
    examEndTime: at(DAY),
    passScore: 1,
    people: who.map((p) => p.id),
    ...extra,
  });
const answer = (who: string, practiceCode: string, qCode: string, given: string) =>
  t.ok<PracticeFeedback>(`${L}/AnswerQuestion`, { practiceCode, qCode, answer: given }, tok[who]);
const book = (who: string) => t.ok<WrongBookView>(`${W}/GetWrongBook`, {}, tok[who]);
const bookCodes = async (who: string, kind: string) =>
  (await book(who)).groups.filter((g) => g.sourceKind === kind).flatMap((g) => g.questions.map((x) => x.qCode));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ({ company, boss, otherBoss, people, tok } = await buildCompanyWithPeople(t, ['ann', 'bob', 'cat']));
  const newDir = async (dirName: string) =>
    (await t.ok<{ dirCode: string }>('/Api/Exam_Manage/ex_questiondir/SaveData', { dirName }, boss)).dirCode;
  dir.main = await newDir('安全练习');
  dir.drawn = await newDir('随机抽题目录');
  dir.overlap = await newDir('重叠目录');
  const add = async (dirCode: string, body: Record<string, unknown>) =>
    (await t.ok<{ qCode: string }>('/Api/Exam_Manage/ex_question/AddData', { dirCode, ...body }, boss)).qCode;
  q.judge = await add(dir.main, { qType: 3, qName: '电气火灾可以用水扑灭。', answer: 'B', analysis: '会触电' });
  q.single = await add(dir.main, { qType: 1, qName: '火警电话是？', a: '110', b: '119', answer: 'B', analysis: '119' });
  q.other = await add(dir.main, { qType: 1, qName: '灭火器压力表指针应在？', a: '红区', b: '绿区', answer: 'B', analysis: '绿区' });
  q.drawn = await add(dir.drawn, { qType: 3, qName: '安全出口可以堆放物品。', answer: 'B', analysis: '必须畅通' });
  for (const n of [1, 2, 3]) q[`o${n}`] = await add(dir.overlap, { qType: 3, qName: `重叠题 ${n}`, answer: 'A', analysis: '' });
  const open = async (name: string, dirCode: string) =>
    (
      await t.ok<{ practiceCode: string }>(
        `${P}/AddData`,
        { practiceName: name, sourceKind: 1, sourceCode: dirCode, participants: { users: [people.ann.id, people.bob.id, people.cat.id] } },
        boss,
      )
    ).practiceCode;
  practice.main = await open('消防练习', dir.main);
  practice.drawn = await open('随机目录练习', dir.drawn);
});
afterAll(() => t.close());

describe('practice feedback (item 9)', () => {
  it('a random rule over a directory hides nothing; the question an open attempt drew is hidden till it is submitted', async () => {
    const { paperCode } = await t.ok<{ paperCode: string }>(
      '/Api/Exam_Manage/ex_paper/AddData',
      { paperName: '随机卷', paperType: 2, rules: [{ qType: 3, dirCode: dir.drawn, count: 1, score: 100 }] },
      boss,
    );
    const examCode = await exam('随机抽题考试', paperCode, [people.ann]);
    // the exam can still be taken and its rule can draw the question: it is not secret for that
    expect(await answer('ann', practice.drawn, q.drawn, 'A')).toMatchObject({ isRight: false, rightAnswer: 'B', hidden: '' });
    const { userpaperId } = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode }, tok.ann);
    expect(await answer('ann', practice.drawn, q.drawn, 'B')).toMatchObject({ isRight: null, rightAnswer: null, hidden: 'attemptOpen' });
    await t.ok(`${U}/SubmitExam`, { userpaperId }, tok.ann);
    expect(await answer('ann', practice.drawn, q.drawn, 'B')).toMatchObject({ isRight: true, hidden: '' });
  });

  it('a fixed paper of an exam the learner can sit hides its questions (待公布 on the card); a confidential exam once ended does not', async () => {
    const examCode = await exam('保密考试', await fixedPaper('保密卷', [q.judge]), [people.bob], { isConfidential: 1 });
    expect(await answer('bob', practice.main, q.judge, 'A')).toMatchObject({ isRight: null, analysis: null, hidden: 'otherExam' });
    expect(await answer('bob', practice.main, q.single, 'B')).toMatchObject({ isRight: true, hidden: '' });
    const card = async () =>
      (await t.ok<MyPracticeCard[]>(`${L}/GetMyPracticeList`, {}, tok.bob)).find((c) => c.practiceCode === practice.main);
    expect(await card()).toMatchObject({ answeredCount: 2, rightCount: 1, pendingCount: 1 });
    expect(await bookCodes('bob', 'practice')).toEqual([]);
    await t.ok(`${X}/Close`, { examCode }, boss);
    // the held answer is marked now: wrong, so it goes into the 错题本 as it would have then
    expect(await card()).toMatchObject({ answeredCount: 2, rightCount: 1, pendingCount: 0 });
    expect(await bookCodes('bob', 'practice')).toEqual([q.judge]);
    expect(await answer('bob', practice.main, q.judge, 'B')).toMatchObject({ isRight: true, rightAnswer: 'B', hidden: '' });
  });
});

describe('the 错题本 follows the result (item 2)', () => {
  it('a wrong answer to a question the learner can still answer in another exam waits till they cannot, then enters once', async () => {
    const first = await exam('上月考试', await fixedPaper('上月卷', [q.single, q.other]), [people.cat]);
    // opens tomorrow: still to be sat
    const later = await exam('补考', await fixedPaper('补考卷', [q.single]), [people.cat], {
      examStartTime: at(DAY),
      examEndTime: at(2 * DAY),
    });
    const { userpaperId } = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode: first }, tok.cat);
    await t.ok(`${U}/SaveAnswer`, { userpaperId, qCode: q.single, answer: 'A', seq: 1 }, tok.cat);
    await t.ok(`${U}/SaveAnswer`, { userpaperId, qCode: q.other, answer: 'A', seq: 2 }, tok.cat);
    await t.ok(`${U}/SubmitExam`, { userpaperId }, tok.cat);
    const result = await t.ok<ExamResultView>(`${U}/GetExamResult`, { userpaperId }, tok.cat);
    const shown = Object.fromEntries(result.exampaperquestionlist.map((x) => [x.qCode, x.answer]));
    expect(shown).toEqual({ [q.single]: '', [q.other]: 'B' });
    expect(await bookCodes('cat', 'exam')).toEqual([q.other]);
    // the entry it holds keeps its streak across reads
    const [entry] = (await book('cat')).groups[0].questions;
    expect(await t.ok<PracticeFeedback>(`${W}/AnswerWrong`, { wrongId: entry.wrongId, answer: 'B' }, tok.cat)).toMatchObject({
      isRight: true,
      rightStreak: 1,
    });
    expect(await bookCodes('cat', 'exam')).toEqual([q.other]);
    await t.ok(`${X}/Close`, { examCode: later }, boss);
    const after = await book('cat');
    const items = after.groups.filter((g) => g.sourceKind === 'exam').flatMap((g) => g.questions);
    expect(items.map((x) => [x.qCode, x.lastAnswer, x.rightStreak]).sort()).toEqual(
      [
        [q.other, 'B', 1],
        [q.single, 'A', 0],
      ].sort(),
    );
    expect((await book('cat')).total).toBe(after.total);
  });
});

describe('GetExamOverlap (the practice editor’s notice)', () => {
  const body = () => ({ sourceKind: 1, sourceCode: dir.overlap });

  it('lists the open exams whose fixed paper holds the source’s questions, with how many and until when', async () => {
    const end = at(2 * DAY);
    await exam('重叠考试', await fixedPaper('重叠卷', [q.o1, q.o2]), [people.ann], { examEndTime: end });
    const closed = await exam('已结束考试', await fixedPaper('结束卷', [q.o3]), [people.ann]);
    await t.ok(`${X}/Close`, { examCode: closed }, boss);
    const random = await t.ok<{ paperCode: string }>(
      '/Api/Exam_Manage/ex_paper/AddData',
      { paperName: '重叠随机卷', paperType: 2, rules: [{ qType: 3, dirCode: dir.overlap, count: 1, score: 100 }] },
      boss,
    );
    await exam('随机重叠考试', random.paperCode, [people.ann]);
    expect(await t.ok<PracticeExamOverlap>(`${P}/GetExamOverlap`, body(), boss)).toEqual({
      questionCount: 3,
      heldCount: 2,
      exams: [{ examCode: expect.any(String), examName: '重叠考试', examEndTime: end, questionCount: 2 }],
    });
  });

  it('refuses no session, a learner, another company and bad input', async () => {
    expect((await t.post(`${P}/GetExamOverlap`, body())).errorCode).toBe(401);
    expect((await t.post(`${P}/GetExamOverlap`, body(), tok.ann)).errorCode).toBe(403);
    expect((await t.post(`${P}/GetExamOverlap`, body(), otherBoss)).code).toBe('PRACTICE_SOURCE_NOT_FOUND');
    expect((await t.post(`${P}/GetExamOverlap`, { ...body(), companySysCode: company.companySysCode }, otherBoss)).code).toBe('NOT_FOUND');
    const bad = await t.post(`${P}/GetExamOverlap`, { sourceKind: 3, sourceCode: dir.overlap }, boss);
    expect(bad).toMatchObject({ success: false, code: 'BAD_INPUT' });
    expect((await t.post(`${P}/GetExamOverlap`, { sourceKind: 1, sourceCode: '' }, boss)).msg).toContain('请选择题库目录或试卷');
    expect((await t.post(`${P}/GetExamOverlap`, { sourceKind: 2, sourceCode: dir.overlap }, boss)).code).toBe('PRACTICE_SOURCE_NOT_FOUND');
  });
});

describe('learners answering at once (issue 39 item 1)', () => {
  it('reads their exams together in the statements one learner costs, each answer judged by their own exams', async () => {
    const body = { dirCode: dir.main, qType: 3, qName: '同时作答的题', answer: 'A', analysis: '同时' };
    const qz = (await t.ok<{ qCode: string }>('/Api/Exam_Manage/ex_question/AddData', body, boss)).qCode;
    await exam('同时考试', await fixedPaper('同时卷', [qz]), [people.ann]);
    const asker = { ctx: t.ctx, now: clock.now() };
    const ids = [people.ann.id, people.bob.id, people.cat.id];
    const lone = await statementsDuring(() => learnerExams(asker, people.bob.id));
    let together: LearnerExams[] = [];
    const all = await statementsDuring(async () => {
      together = await Promise.all(ids.map((id) => learnerExams(asker, id)));
    });
    expect(all).toBe(lone);
    for (const [i, id] of ids.entries()) expect(together[i]).toEqual(await learnerExams(asker, id));
    expect(together[0].exams.map((e) => e.examName)).toContain('同时考试');
    expect(together[1].exams.map((e) => e.examName)).not.toContain('同时考试');
    // through the API at once: the key is hidden from the one learner who can still sit the exam
    const fb = await Promise.all(['ann', 'bob', 'cat'].map((who) => answer(who, practice.main, qz, 'B')));
    expect(fb.map((f) => [f.hidden, f.isRight, f.rightAnswer])).toEqual([
      ['otherExam', null, null],
      ['', false, 'A'],
      ['', false, 'A'],
    ]);
  });
});
