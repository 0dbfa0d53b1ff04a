import type { BeginExamResult, ExamPaperView, ExamResultView, SubmitExamResult } from '@xuetu/contract';
import { formatDateTime, OPTION_KEYS, OPTION_LETTERS } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_EXAM as U } from '../../../../test/api-paths.ts';
import { publishExam } from '../../../../test/exam-kit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { userPaperQuestions } from '../../../db/schema/index.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { toPaperLetters, toShownLetters } from './shown.ts';

// Issue 26 item 2 (ADR 0040): each attempt of a shuffled exam draws its own question and option
// order once and shows it again on a reload and in the result; answers are stored and scored in
// the paper's letters.
const clock = new ManualClock(Date.now());
let t: TestApp;
let corp: string;
const tok: Record<string, string> = {};
const LEARNERS = ['learner06', 'learner07', 'learner08', 'learner09', 'learner10', 'learner11'];
const q: Record<string, string> = {};
let examCode = '';

const at = (offsetMs: number) => formatDateTime(new Date(clock.now().getTime() + offsetMs));
const optionTexts = (x: ExamPaperView['questions'][number]) => OPTION_KEYS.map((k) => x[k]).filter(Boolean);
/** the letters the page shows for these option texts */
const lettersOf = (x: ExamPaperView['questions'][number], texts: string[]) =>
  optionTexts(x)
    .map((text, i) => (texts.includes(text) ? OPTION_LETTERS[i] : ''))
    .join('');

beforeAll(async () => {
  t = await buildTestApp({ clock });
  corp = await t.login('corpadmin');
  for (const a of LEARNERS) tok[a] = await t.login(a);
  const Q = '/Api/Exam_Manage/ex_question';
  const add = async (body: Record<string, unknown>) => (await t.ok<{ qCode: string }>(`${Q}/AddData`, body, corp)).qCode;
  q.single = await add({ qType: 1, qName: '乱序单选', a: '110', b: '119', c: '120', d: '122', e: '999', answer: 'B' });
  q.multi = await add({ qType: 2, qName: '乱序多选', a: '安全帽', b: '手套', c: '椅子', d: '护目镜', answer: 'ABD' });
  q.judge = await add({ qType: 3, qName: '乱序判断', answer: 'B' });
  q.blank = await add({ qType: 4, qName: '乱序填空（）', answer: ['北京'] });
  q.essay = await add({ qType: 5, qName: '乱序简答', answer: '略' });
  // more of a type, so a shuffle within the type groups has orders to choose from
  q.single2 = await add({ qType: 1, qName: '乱序单选二', a: '甲', b: '乙', answer: 'A' });
  q.single3 = await add({ qType: 1, qName: '乱序单选三', a: '丙', b: '丁', answer: 'B' });
  q.judge2 = await add({ qType: 3, qName: '乱序判断二', answer: 'A' });
  const paper = await t.ok<{ paperCode: string }>(
    '/Api/Exam_Manage/ex_paper/AddData',
    {
      paperName: '乱序卷',
      paperType: 1,
      // the paper mixes the types: the page groups them all the same
      questions: [q.judge2, q.single, q.multi, q.single2, q.judge, q.blank, q.essay, q.single3].map((qCode) => ({ qCode, score: 20 })),
    },
    corp,
  );
  examCode = await publishExam(t, corp, {
    examName: '乱序考试',
    paperCode: paper.paperCode,
    examStartTime: at(-60_000),
    examEndTime: at(24 * 3600_000),
    passScore: 60,
    isShuffleQuestion: 1,
    isShuffleOption: 1,
    people: LEARNERS,
  });
});
afterAll(() => t.close());

describe('the page letters and the paper letters', () => {
  it('map both ways; no order, true/false and fill-in pass through', () => {
    const order = [2, 0, 3, 1]; // shows the paper's C, A, D, B as A, B, C, D
    expect(toPaperLetters(1, order, 'A')).toBe('C');
    expect(toPaperLetters(2, order, 'BCD')).toBe('ABD');
    expect(toShownLetters(2, order, 'ABD')).toBe('BCD');
    expect(toShownLetters(1, order, toPaperLetters(1, order, 'D'))).toBe('D');
    expect(toPaperLetters(1, [], 'A')).toBe('A');
    expect(toPaperLetters(3, order, 'A')).toBe('A');
    expect(toPaperLetters(4, order, '["A"]')).toBe('["A"]');
  });
});

describe('a shuffled exam', () => {
  const views: Record<string, ExamPaperView> = {};

  it('each attempt has its own order, the same after a reload and on another device', async () => {
    for (const who of LEARNERS) {
      const { userpaperId } = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode }, tok[who]);
      const first = await t.ok<ExamPaperView>(`${U}/GetExamPaper`, { userpaperId }, tok[who]);
      // a reload, then "another device" (a begin again resumes the same attempt)
      const again = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode }, tok[who]);
      expect(again.userpaperId).toBe(userpaperId);
      const reloaded = await t.ok<ExamPaperView>(`${U}/GetExamPaper`, { userpaperId, holder: 'other-device' }, tok[who]);
      expect(reloaded.questions).toEqual(first.questions);
      // issue 38 item 12: numbered 1, 2, 3 … in the order shown, the types in groups (单选题 first)
      expect(first.questions.map((x) => x.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(first.questions.map((x) => x.qType)).toEqual([1, 1, 1, 2, 3, 3, 4, 5]);
      // the same options, perhaps in another order; true/false keeps 正确/错误
      const single = first.questions.find((x) => x.qCode === q.single)!;
      expect(optionTexts(single).sort()).toEqual(['110', '119', '120', '122', '999']);
      expect(first.questions.find((x) => x.qCode === q.judge)).toMatchObject({ a: '正确', b: '错误' });
      views[who] = first;
    }
    const orders = new Set(LEARNERS.map((w) => views[w].questions.map((x) => x.qCode).join()));
    const singles = new Set(LEARNERS.map((w) => optionTexts(views[w].questions.find((x) => x.qCode === q.single)!).join()));
    expect(orders.size).toBeGreaterThan(1);
    expect(singles.size).toBeGreaterThan(1);
  });

  it('answers are stored in the paper letters, shown back in the page letters, and scored right', async () => {
    for (const who of LEARNERS) {
      const view = views[who];
      const id = view.userpaperId;
      const single = view.questions.find((x) => x.qCode === q.single)!;
      const multi = view.questions.find((x) => x.qCode === q.multi)!;
      const shownSingle = lettersOf(single, ['119']);
      const shownMulti = lettersOf(multi, ['安全帽', '手套', '护目镜']);
      await t.ok(`${U}/SaveAnswer`, { userpaperId: id, qCode: q.single, answer: shownSingle, seq: 1 }, tok[who]);
      await t.ok(`${U}/SaveAnswer`, { userpaperId: id, qCode: q.multi, answer: shownMulti, seq: 1 }, tok[who]);
      await t.ok(`${U}/SaveAnswer`, { userpaperId: id, qCode: q.judge, answer: 'B', seq: 1 }, tok[who]);
      const rows = await t.ctx.db.select().from(userPaperQuestions).where(eq(userPaperQuestions.userpaperId, id));
      const stored = Object.fromEntries(rows.map((r) => [r.qCode, r]));
      // the stored copy is the paper's: its options, its key, its order, the answer in its letters
      expect(stored[q.single]).toMatchObject({ answerStr: 'B', answer: 'B', sortOrder: 2 });
      expect(JSON.parse(stored[q.single].options)).toEqual(['110', '119', '120', '122', '999']);
      expect(stored[q.multi]).toMatchObject({ answerStr: 'ABD', answer: 'ABD', sortOrder: 3 });
      expect(stored[q.judge]).toMatchObject({ answerStr: 'B', optionOrder: '' });
      // a reload shows the answers in the page's letters
      const reloaded = await t.ok<ExamPaperView>(`${U}/GetExamPaper`, { userpaperId: id }, tok[who]);
      expect(reloaded.answers[q.single]).toBe(shownSingle);
      expect(reloaded.answers[q.multi]).toBe(shownMulti);
      const done = await t.ok<SubmitExamResult>(`${U}/SubmitExam`, { userpaperId: id }, tok[who]);
      expect(done.submittedNow).toBe(true);
      const scored = await t.ctx.db.select().from(userPaperQuestions).where(eq(userPaperQuestions.userpaperId, id));
      for (const code of [q.single, q.multi, q.judge]) expect(scored.find((r) => r.qCode === code)?.scoreGot).toBe(20);
    }
  });

  it('the result shows the attempt as it was shown, key and answers in its letters', async () => {
    // answers may be reviewed once the exam ends; the administrator reads every attempt
    for (const who of LEARNERS) {
      const view = views[who];
      const result = await t.ok<ExamResultView>(`${U}/GetExamResult`, { userpaperId: view.userpaperId }, corp);
      // the learner's order and numbers, type by type, as the page showed them (issue 38 item 12)
      expect(result.exampaperquestionlist.map((x) => [x.order, x.qCode])).toEqual(view.questions.map((x) => [x.order, x.qCode]));
      expect(result.exampaperquestionlist.map((x) => x.qType)).toEqual([1, 1, 1, 2, 3, 3, 4, 5]);
      const single = result.exampaperquestionlist.find((x) => x.qCode === q.single)!;
      const shownSingle = view.questions.find((x) => x.qCode === q.single)!;
      expect(OPTION_KEYS.map((k) => single[k])).toEqual(OPTION_KEYS.map((k) => shownSingle[k]));
      expect(single.answerStr).toBe(lettersOf(shownSingle, ['119']));
      expect(single.answer).toBe(single.answerStr);
      const multi = result.exampaperquestionlist.find((x) => x.qCode === q.multi)!;
      expect(multi.answer).toBe(multi.answerStr);
    }
  });
});
