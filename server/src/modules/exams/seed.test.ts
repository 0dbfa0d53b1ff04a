import type { ExamDetail, ExamView, PageResult, PaperView, QuestionView } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileAppSignedIn } from '../../../test/helper.ts';
import { userPapers } from '../../db/schema/index.ts';
import { OTHER_COMPANY } from '../../db/seed/demo.ts';

// Demo exam data (issue 12 "Demo data") as the administration screens read it.
const M = '/Api/Exam_Manage';

const [t, admin, corp] = await fileAppSignedIn('admin', 'corpadmin');

describe('demo exams', () => {
  it('both companies have a bank with every type (a two-blank fill-in, a short answer), a fixed and a random paper', async () => {
    for (const [token, company] of [
      [corp, ''],
      [admin, OTHER_COMPANY.companySysCode],
    ]) {
      const qs = (await t.post<PageResult<QuestionView>>(`${M}/ex_question/GetPageList`, { pageRows: 100, companySysCode: company }, token))
        .data.models;
      expect(new Set(qs.map((q) => q.qType))).toEqual(new Set([1, 2, 3, 4, 5]));
      const papers = (await t.post<PageResult<PaperView>>(`${M}/ex_paper/GetPageList`, { companySysCode: company }, token)).data.models;
      expect(new Set(papers.map((p) => p.paperType))).toEqual(new Set([1, 2]));
      expect(papers.every((p) => p.totlescore === 100)).toBe(true);
    }
    const demoQs = (await t.post<PageResult<QuestionView>>(`${M}/ex_question/GetPageList`, { pageRows: 100, qType: 4 }, corp)).data.models;
    expect(demoQs.some((q) => q.blankCount === 2)).toBe(true);
  });

  it('the demo exam is open for learner01–20 with 2 attempts; a closed one has history; a confidential one; learner20 must finish one first', async () => {
    const exams = (await t.post<PageResult<ExamView>>(`${M}/ex_exam/GetPageList`, { pageRows: 50 }, corp)).data.models;
    const demo = exams.find((e) => e.examName === '2026年度安全生产知识考试')!;
    expect(demo).toMatchObject({ status: 1, isAllow: 1, isAllowCount: 2, userCount: 20, totleq: 12 });
    expect(demo.type1 && demo.type2 && demo.type3 && demo.type4 && demo.type5).toBeTruthy();
    const closed = exams.find((e) => e.status === 2)!;
    expect(closed.attemptCount).toBeGreaterThan(0);
    const history = await t.ctx.db.select().from(userPapers);
    expect(history.every((h) => h.status === 30 && h.score !== null)).toBe(true);
    expect(exams.find((e) => e.isConfidential === 1)?.status).toBe(1);
    const must = exams.find((e) => e.mustCompleteBeforeStudy === 1)!;
    const detail = (await t.post<ExamDetail>(`${M}/ex_exam/GetData`, { examCode: must.examCode }, corp)).data;
    expect(detail.participants.users).toHaveLength(1);
    expect(detail.userCount).toBe(1);
    // the other company's exam is not in the demo company's list
    expect(exams.some((e) => e.examName === '仓储安全考试')).toBe(false);
    expect((await t.ctx.db.select().from(userPapers).where(eq(userPapers.status, 20))).length).toBe(0);
  });
});
