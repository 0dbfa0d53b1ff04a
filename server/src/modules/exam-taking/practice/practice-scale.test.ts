import type { PracticeFeedback, PracticeNext, WrongBookView } from '@xuetu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE as L, PRACTICE_ADMIN as P, QUESTION as Q, WRONGBOOK as W } from '../../../../test/api-paths.ts';
import { type BuiltUser, buildCompany, buildUser } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { statementsDuring } from '../../../../test/statements.ts';
import { inTransaction } from '../../../platform/tx.ts';
import {
  saveAnswers,
  saveAnswersLockingWrongs,
  updateWrongs,
  upsertWrongs,
  writeWrongs,
  wrongOfQuestions,
} from './answer-writes.repository.ts';
import { answersOfMany } from './practice.repository.ts';
import { forgetPractice } from './practice-cache.ts';

// Issue 39 item 1: a company practising at once. The practice's settings and picks and its
// source's questions come from the shared cache; an administrator's edit reaches the learners at
// once, and each call runs a fixed, small number of statements.
let t: TestApp;
let boss: string;
const people: Record<string, BuiltUser> = {};
const tok: Record<string, string> = {};
let dirCode: string;
let judge: string;
let practiceCode: string;

const practice = (users: number[]) => ({ practiceName: '规模练习', sourceKind: 1, sourceCode: dirCode, participants: { users } });

beforeAll(async () => {
  t = await buildTestApp();
  const company = await buildCompany(t);
  boss = await (await buildUser(t, { company, roles: ['corpadmin'] })).signIn();
  for (const name of ['fay', 'gus']) {
    people[name] = await buildUser(t, { company });
    tok[name] = await people[name].signIn();
  }
  dirCode = (await t.ok<{ dirCode: string }>('/Api/Exam_Manage/ex_questiondir/SaveData', { dirName: '规模练习' }, boss)).dirCode;
  judge = (
    await t.ok<{ qCode: string }>(`${Q}/AddData`, { dirCode, qType: 3, qName: '叉车可以载人。', answer: 'B', analysis: '禁止' }, boss)
  ).qCode;
  practiceCode = (await t.ok<{ practiceCode: string }>(`${P}/AddData`, practice([people.fay.id, people.gus.id]), boss)).practiceCode;
});
afterAll(() => t.close());

describe('practice at exam scale', () => {
  it('runs 1 statement for the next question, 4 for a lone wrong answer with feedback, 2 for the 错题本 (a learner with no exam)', async () => {
    const next = () => t.ok<PracticeNext>(`${L}/GetNextQuestion`, { practiceCode }, tok.fay);
    const answer = () => t.ok<PracticeFeedback>(`${L}/AnswerQuestion`, { practiceCode, qCode: judge, answer: 'A' }, tok.fay);
    const book = () => t.ok<WrongBookView>(`${W}/GetWrongBook`, {}, tok.fay);
    await next();
    // before issue 39: 6 (the practice, its picks, the directories and the questions read each
    // time); then 2 (the person's place for the picks, now decided once a minute; the answers)
    expect(await statementsDuring(next)).toBe(1);
    await answer();
    // before: 11 (and the person's company read apart from their open exams, their exams apart
    // from their attempts); then 6, then 5 (the writes in 3: the answer, the 错题本's entries of
    // the question, the entry). Now the held-keys check (2: no exam) and the writes in 2 (the
    // answer stored with the entries read locked; the entry) — a lone answer's batch; answers
    // given together are written together, the writes of a batch costing what a lone one does
    expect(await statementsDuring(answer)).toBe(4);
    await book();
    // before: 3 (the questions of its entries read each time, now kept under the bank's generation)
    expect(await statementsDuring(book)).toBe(2);
  });

  it('restarts a practice no call has read yet (a cold cache) and answers an unknown one, on the embedded database too', async () => {
    // the practice read inside Restart's transaction on the app's connection froze PGlite
    await forgetPractice(t.ctx, practiceCode);
    expect(await t.post(`${L}/Restart`, { practiceCode }, tok.fay)).toMatchObject({ success: true });
    expect(await t.post(`${L}/Restart`, { practiceCode: 'NO-SUCH-PRACTICE' }, tok.fay)).toMatchObject({ code: 'PRACTICE_NOT_FOUND' });
  });

  it('an edited question, new picks and a deleted practice reach the learners at once', async () => {
    expect((await t.ok<PracticeNext>(`${L}/GetNextQuestion`, { practiceCode }, tok.gus)).question?.qName).toBe('叉车可以载人。');
    await t.ok(`${L}/AnswerQuestion`, { practiceCode, qCode: judge, answer: 'A' }, tok.gus);
    const bookText = async () => (await t.ok<WrongBookView>(`${W}/GetWrongBook`, {}, tok.gus)).groups[0]?.questions[0]?.qName;
    expect(await bookText()).toBe('叉车可以载人。');
    await t.ok(`${L}/Restart`, { practiceCode }, tok.gus);
    await t.ok(`${Q}/UpdateData`, { qCode: judge, dirCode, qType: 3, qName: '叉车严禁载人。', answer: 'A', analysis: '正确' }, boss);
    expect((await t.ok<PracticeNext>(`${L}/GetNextQuestion`, { practiceCode }, tok.gus)).question?.qName).toBe('叉车严禁载人。');
    expect(await bookText()).toBe('叉车严禁载人。');
    expect(await t.ok<PracticeFeedback>(`${L}/AnswerQuestion`, { practiceCode, qCode: judge, answer: 'A' }, tok.gus)).toMatchObject({
      isRight: true,
      rightAnswer: 'A',
      analysis: '正确',
    });
    await t.ok(`${P}/UpdateData`, { practiceCode, ...practice([people.fay.id]) }, boss);
    expect((await t.post(`${L}/GetNextQuestion`, { practiceCode }, tok.gus)).code).toBe('PRACTICE_NOT_FOUND');
    await t.ok(`${P}/Delete`, { practiceCode }, boss);
    expect((await t.post(`${L}/GetNextQuestion`, { practiceCode }, tok.fay)).code).toBe('PRACTICE_NOT_FOUND');
  });
});

describe('the batch writes (one statement for any number of rows)', () => {
  it('store and read back any text, nulls and times as given, for several learners at once', async () => {
    const code = (await t.ok<{ practiceCode: string }>(`${P}/AddData`, practice([people.fay.id, people.gus.id]), boss)).practiceCode;
    const [{ id: practiceId }] = (await t.ctx.db.execute<{ id: number }>(sql`select id from ex_practice where practice_code = ${code}`))
      .rows;
    const at = new Date('2026-03-04T05:06:07.890Z');
    const odd = ['"引号",逗号', 'back\\slash {花括号}', 'NULL', '["１１９","消防"]'];
    const rows = odd.map((answer, i) => ({
      practiceId,
      userId: i % 2 ? people.gus.id : people.fay.id,
      qCode: `ODD${i}`,
      answer,
      isRight: i === 2 ? null : i % 2,
      answeredAt: at,
    }));
    await saveAnswers(t.ctx.db, rows);
    const read = await answersOfMany(t.ctx.db, [
      { practiceId, userId: people.fay.id },
      { practiceId, userId: people.gus.id },
    ]);
    for (const r of rows) expect(read.get(`${practiceId}:${r.userId}`)?.get(r.qCode)).toEqual({ answer: r.answer, isRight: r.isRight });
    const company = people.fay.companySysCode!;
    const entry = (r: (typeof rows)[number]) => ({
      userId: r.userId,
      companySysCode: company,
      qCode: r.qCode,
      sourceKind: 'practice',
      sourceCode: code,
      sourceName: r.answer,
      lastAnswer: r.answer,
      rightStreak: 0,
      clearStreak: 2,
      addedAt: at,
      updatedAt: at,
    });
    await upsertWrongs(t.ctx.db, rows.map(entry));
    const pairs = rows.map((r) => ({ userId: r.userId, qCode: r.qCode }));
    const stored = await wrongOfQuestions(t.ctx.db, pairs);
    expect(stored.map((w) => [w.userId, w.qCode, w.sourceName, w.lastAnswer, w.updatedAt.toISOString()])).toEqual(
      rows.map((r) => [r.userId, r.qCode, r.answer, r.answer, at.toISOString()]),
    );
    const later = new Date(at.getTime() + 60_000);
    await updateWrongs(
      t.ctx.db,
      stored.map((w, i) => ({ id: w.id, lastAnswer: odd[(i + 1) % odd.length]!, rightStreak: i, updatedAt: later })),
    );
    expect((await wrongOfQuestions(t.ctx.db, pairs)).map((w) => [w.lastAnswer, w.rightStreak, w.updatedAt.getTime()])).toEqual(
      stored.map((_, i) => [odd[(i + 1) % odd.length], i, later.getTime()]),
    );

    // the answer stored and the entries read locked in one statement; then taking out, changing
    // and putting in entries in one statement (the parts on different rows, as a plan makes them)
    const again = rows.map((r) => ({ ...r, answer: `再答${r.qCode}`, answeredAt: later }));
    const locked = await inTransaction(t.ctx, (tx) => saveAnswersLockingWrongs(tx, again));
    expect(locked.map((w) => [w.id, w.qCode, w.rightStreak, w.updatedAt.getTime()])).toEqual(
      stored.map((w, i) => [w.id, w.qCode, i, later.getTime()]),
    );
    const reread = await answersOfMany(t.ctx.db, [{ practiceId, userId: people.fay.id }]);
    expect(reread.get(`${practiceId}:${people.fay.id}`)?.get('ODD0')).toEqual({ answer: '再答ODD0', isRight: 0 });
    const [gone, changed, ...rest] = locked;
    await writeWrongs(t.ctx.db, {
      deletes: [gone!.id],
      updates: [{ id: changed!.id, lastAnswer: '改', rightStreak: 1, updatedAt: later }],
      upserts: [{ ...entry(rows[0]!), sourceCode: 'OTHER' }],
    });
    const after = await wrongOfQuestions(t.ctx.db, pairs);
    expect(after.map((w) => [w.qCode, w.sourceCode, w.lastAnswer])).toEqual([
      [changed!.qCode, code, '改'],
      ...rest.map((w) => [w.qCode, code, w.lastAnswer]),
      ['ODD0', 'OTHER', odd[0]],
    ]);
  });
});
