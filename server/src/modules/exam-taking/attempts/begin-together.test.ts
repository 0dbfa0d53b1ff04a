import { type BeginExamResult, ExamUserStatus, formatDateTime, SAVE_GRACE_MS } from '@xuetu/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_EXAM as U } from '../../../../test/api-paths.ts';
import { publishExam } from '../../../../test/exam-kit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { examUsers, jobs, userPaperQuestions, userPapers, users } from '../../../db/schema/index.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { drawAttemptQuestions } from '../../exams/papers/draw.ts';
import * as paperRepo from '../../exams/papers/papers.repository.ts';
import { findVisibleExam } from '../../exams/public.ts';
import { begins } from './attempts.service.ts';

// The begins of many learners at once written together (ADR 0048): each learner gets exactly the
// attempt a begin alone would have given (one attempt, its own draw from the seed, a close job at
// its deadline), resumes and strangers in the same burst get their own answers, and a batch that
// fails as a whole sends every begin the single way, where only the bad one fails.
const clock = new ManualClock(Date.now());
let t: TestApp;
let corp: string;
const tok: Record<string, string> = {};
const MIN = 60_000;
const learners = Array.from({ length: 12 }, (_, i) => `learner${String(i + 1).padStart(2, '0')}`);
const codes: string[] = [];
let dir = '';

const ok = <T>(path: string, body: unknown, token = corp) => t.ok<T>(path, body, token);
const idsOf = async (accounts: string[]) =>
  new Map(
    (await t.ctx.db.select({ id: users.id, a: users.accountCode }).from(users).where(inArray(users.accountCode, accounts))).map((r) => [
      r.a,
      r.id,
    ]),
  );
const at = (offsetMs: number) => formatDateTime(new Date(clock.now().getTime() + offsetMs));
const begin = (exam: string, who: string) => t.post<BeginExamResult>(`${U}/BeginExam`, { examCode: exam }, tok[who]);

const addExam = (examName: string, paperCode: string, accounts: string[], extra: Record<string, unknown> = {}) =>
  publishExam(t, corp, { examName, paperCode, examEndTime: at(24 * 60 * MIN), people: accounts, ...extra });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  corp = await t.login('corpadmin');
  for (const a of [...learners, 'learner13', 'other01']) tok[a] = await t.login(a);
  dir = (await ok<{ dirCode: string }>('/Api/Exam_Manage/ex_questiondir/SaveData', { dirName: '并发开考' })).dirCode;
  for (let i = 0; i < 8; i++)
    codes.push(
      (
        await ok<{ qCode: string }>('/Api/Exam_Manage/ex_question/AddData', {
          qType: 1,
          qName: `并发开考单选${i}`,
          a: `甲${i}`,
          b: `乙${i}`,
          c: `丙${i}`,
          d: `丁${i}`,
          answer: 'A',
          dirCode: dir,
        })
      ).qCode,
    );
});
afterAll(() => t.close());

describe('begins of many learners at once (ADR 0048)', () => {
  it('each learner gets one attempt drawn from its own seed, its exam-user row and its close job; a double resumes', async () => {
    const { paperCode } = await ok<{ paperCode: string }>('/Api/Exam_Manage/ex_paper/AddData', {
      paperName: '并发随机卷',
      paperType: 2,
      rules: [{ qType: 1, dirCode: dir, count: 5, score: 20 }],
    });
    const exam = await addExam('并发开考', paperCode, learners, { isShuffleQuestion: 1, isShuffleOption: 1 });
    const before = begins(t.ctx).stats();
    const burst = await Promise.all([
      ...learners.map((w) => begin(exam, w)),
      // the same learners again, in the same burst: the same attempt
      begin(exam, learners[0]!),
      begin(exam, learners[5]!),
      // not assigned, another company, an exam that does not exist
      begin(exam, 'learner13'),
      begin(exam, 'other01'),
      begin('nosuchexam', learners[1]!),
    ]);
    const after = begins(t.ctx).stats();
    expect(after.largest, 'a batch held several begins').toBeGreaterThan(1);
    expect(after.batches - before.batches).toBeLessThan(after.items - before.items);

    const mine = burst.slice(0, learners.length);
    for (const r of mine) {
      expect(r.success, r.msg).toBe(true);
      expect(r.data).toMatchObject({ isSubExam: false, examCode: exam, remainingSeconds: 30 * 60, deadline: at(30 * MIN) });
    }
    expect(burst[learners.length]!.data.userpaperId).toBe(mine[0]!.data.userpaperId);
    expect(burst[learners.length + 1]!.data.userpaperId).toBe(mine[5]!.data.userpaperId);
    expect(burst.slice(-3).map((r) => r.code)).toEqual(['EXAM_NOT_FOUND', 'EXAM_NOT_FOUND', 'EXAM_NOT_FOUND']);

    const ids = await idsOf(learners);
    const found = (await findVisibleExam(t.ctx.db, exam))!;
    const attempts = await t.ctx.db.select().from(userPapers).where(eq(userPapers.examId, found.exam.id)).orderBy(asc(userPapers.userId));
    expect(attempts.map((a) => a.userId).sort()).toEqual([...ids.values()].sort());
    expect(new Set(attempts.map((a) => a.id))).toEqual(new Set(mine.map((r) => r.data.userpaperId)));
    expect(attempts.every((a) => a.attemptNo === 1 && a.status === ExamUserStatus.InProgress)).toBe(true);

    // each attempt holds exactly what a begin alone draws from its seed (questions, order, option order)
    const paper = (await paperRepo.findPaper(t.ctx.db, { all: true }, paperCode))!;
    const shown = new Set<string>();
    for (const a of attempts) {
      const alone = await drawAttemptQuestions(t.ctx.db, paper, a.seed, { shuffleQuestions: true, shuffleOptions: true });
      const stored = await t.ctx.db
        .select()
        .from(userPaperQuestions)
        .where(eq(userPaperQuestions.userpaperId, a.id))
        .orderBy(asc(userPaperQuestions.sortOrder));
      expect(
        stored.map((q) => [q.qCode, q.sortOrder, q.showOrder, q.optionOrder, q.score]),
        `attempt ${a.id}`,
      ).toEqual(alone.map((q) => [q.qCode, q.order, q.showOrder, q.optionOrder.join(','), q.score]));
      shown.add(stored.map((q) => q.qCode).join());
    }
    expect(shown.size, 'the seeds drew different papers').toBeGreaterThan(1);

    const rows = await t.ctx.db.select().from(examUsers).where(eq(examUsers.examId, found.exam.id));
    expect(rows.every((r) => r.status === ExamUserStatus.InProgress && r.attempts === 1)).toBe(true);
    const closeJobs = await t.ctx.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'userexam.close-attempt'),
          sql`(${jobs.payload}->>'userpaperId')::int = any(${`{${attempts.map((a) => a.id).join(',')}}`}::int[])`,
        ),
      );
    expect(closeJobs.length).toBe(attempts.length);
    for (const j of closeJobs) {
      const a = attempts.find((x) => x.id === (j.payload as { userpaperId: number }).userpaperId)!;
      expect(j.runAt?.getTime()).toBe(a.deadline.getTime() + SAVE_GRACE_MS);
    }
  });

  it('a batch that fails as a whole sends each begin the single way: only the exam that cannot draw fails', async () => {
    const { paperCode: short } = await ok<{ paperCode: string }>('/Api/Exam_Manage/ex_paper/AddData', {
      paperName: '将被删空的随机卷',
      paperType: 2,
      rules: [{ qType: 1, dirCode: dir, count: 8, score: 10 }],
    });
    const { paperCode: fixed } = await ok<{ paperCode: string }>('/Api/Exam_Manage/ex_paper/AddData', {
      paperName: '固定卷',
      paperType: 1,
      questions: [{ qCode: codes[0], score: 100 }],
    });
    const bad = await addExam('抽不出题的考试', short, ['learner01']);
    const good = await addExam('好考试', fixed, ['learner02', 'learner03']);
    // a question of the random rule's directory is deleted after the paper was made: 7 left for 8
    await ok('/Api/Exam_Manage/ex_question/Delete', { qCode: codes[7] });
    const ids = await idsOf(['learner01', 'learner02', 'learner03']);
    const now = clock.now();
    // submitted in one turn: one batch; its draw fails, so every item is handed back (null)
    const together = await Promise.all([
      begins(t.ctx).submit({ examCode: bad, userId: ids.get('learner01')!, now }),
      begins(t.ctx).submit({ examCode: good, userId: ids.get('learner02')!, now }),
      begins(t.ctx).submit({ examCode: good, userId: ids.get('learner03')!, now }),
    ]);
    expect(together).toEqual([null, null, null]);
    // nothing of the failed batch was kept
    const goodExam = (await findVisibleExam(t.ctx.db, good))!.exam;
    expect(await t.ctx.db.select().from(userPapers).where(eq(userPapers.examId, goodExam.id))).toEqual([]);
    // through the API each goes its own way: the good exam's learners begin, the bad one is told why
    const [b1, b2, b3] = await Promise.all([begin(bad, 'learner01'), begin(good, 'learner02'), begin(good, 'learner03')]);
    expect(b1.code).toBe('PAPER_RULE_SHORT');
    expect(b2.success && b3.success, `${b2.msg} ${b3.msg}`).toBe(true);
    expect(b2.data.userpaperId).not.toBe(b3.data.userpaperId);
  });
});
