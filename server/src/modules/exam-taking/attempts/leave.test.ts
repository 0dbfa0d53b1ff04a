import type { BeginExamResult, ExamPaperView, ExamResultRow, ExamResultView, MyExamCard, ReportLeaveResult } from '@xuetu/contract';
import { formatDateTime, LeaveText } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_EXAM as U, EXAM as X } from '../../../../test/api-paths.ts';
import { publishExam } from '../../../../test/exam-kit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { ManualClock } from '../../../platform/clock.ts';
import * as repo from '../exam-taking.repository.ts';

// Issue 26 item 3 (ADR 0040): leaves of the exam page are counted by the server, once per client
// event id, and past the exam's limit the server submits the attempt.
const clock = new ManualClock(Date.now());
let t: TestApp;
let corp: string;
const tok: Record<string, string> = {};
const exams: Record<string, string> = {};

const at = (offsetMs: number) => formatDateTime(new Date(clock.now().getTime() + offsetMs));
const leave = (userpaperId: number, who: string, eventId: string, extra: Record<string, unknown> = {}) =>
  t.post<ReportLeaveResult>(`${U}/ReportLeave`, { userpaperId, eventId, kind: 'hidden', ...extra }, tok[who]);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  corp = await t.login('corpadmin');
  for (const a of ['learner12', 'learner13', 'learner14']) tok[a] = await t.login(a);
  const qCode = (await t.ok<{ qCode: string }>('/Api/Exam_Manage/ex_question/AddData', { qType: 3, qName: '离开判断', answer: 'A' }, corp))
    .qCode;
  const { paperCode } = await t.ok<{ paperCode: string }>(
    '/Api/Exam_Manage/ex_paper/AddData',
    { paperName: '离开卷', paperType: 1, questions: [{ qCode, score: 100 }] },
    corp,
  );
  const add = (examName: string, extra: Record<string, unknown>) =>
    publishExam(t, corp, {
      examName,
      paperCode,
      examStartTime: at(-60_000),
      examEndTime: at(24 * 3600_000),
      passScore: 60,
      people: ['learner12', 'learner13', 'learner14'],
      ...extra,
    });
  exams.limited = await add('离开受限考试', { leaveLimit: 2, requireFullScreen: 1 });
  exams.free = await add('不监控离开考试', {});
});
afterAll(() => t.close());

describe('leaving the exam page', () => {
  it('the exam keeps its settings; the page learns the limit, the count and what is left', async () => {
    const detail = await t.ok<{ leaveLimit: number; requireFullScreen: number }>(`${X}/GetData`, { examCode: exams.limited }, corp);
    expect(detail).toMatchObject({ leaveLimit: 2, requireFullScreen: 1 });
    expect((await t.post(`${X}/AddData`, { leaveLimit: 100 }, corp)).success).toBe(false);
    const { userpaperId } = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode: exams.limited }, tok.learner12);
    const paper = await t.ok<ExamPaperView>(`${U}/GetExamPaper`, { userpaperId }, tok.learner12);
    expect(paper).toMatchObject({ leaveLimit: 2, leaveCount: 0, leavesLeft: 2, requireFullScreen: 1 });
  });

  it('counts each event once (an offline retry is not counted again) and submits past the limit', async () => {
    const { userpaperId } = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode: exams.limited }, tok.learner13);
    await t.ok(
      `${U}/SaveAnswer`,
      { userpaperId, qCode: (await repo.attemptQuestions(t.ctx.db, userpaperId))[0].qCode, answer: 'A', seq: 1 },
      tok.learner13,
    );
    clock.advance(60_000);
    const first = await leave(userpaperId, 'learner13', 'event-0001', { leftAtMs: clock.now().getTime() - 30_000 });
    expect(first.data).toMatchObject({ leaveCount: 1, leavesLeft: 1, submitted: false, duplicate: false });
    // the same event sent again (the page was offline and retried): counted once
    const again = await leave(userpaperId, 'learner13', 'event-0001');
    expect(again.data).toMatchObject({ leaveCount: 1, leavesLeft: 1, submitted: false, duplicate: true });
    const second = await leave(userpaperId, 'learner13', 'event-0002', { kind: 'fullscreen' });
    expect(second.data).toMatchObject({ leaveCount: 2, leavesLeft: 0, submitted: false });
    expect((await repo.findAttempt(t.ctx.db, userpaperId))?.status).toBe(20);
    // one more than allowed: the server submits, scoring what was saved
    const third = await leave(userpaperId, 'learner13', 'event-0003', { kind: 'blur' });
    expect(third.data).toMatchObject({ leaveCount: 3, leavesLeft: 0, submitted: true });
    const closed = (await repo.findAttempt(t.ctx.db, userpaperId))!;
    expect(closed).toMatchObject({ status: 30, score: 100, leaveCount: 3 });
    // after the submit nothing more is counted, and answers are refused
    expect((await leave(userpaperId, 'learner13', 'event-0004')).data).toMatchObject({ leaveCount: 3, submitted: true });
    expect((await t.post(`${U}/SaveAnswer`, { userpaperId, qCode: 'x', answer: 'A', seq: 2 }, tok.learner13)).success).toBe(false);
    // the results list and the attempt detail show the count and the times
    const rows = await t.ok<ExamResultRow[]>(`${U}/GetExamResultList`, { examCode: exams.limited }, corp);
    const row = rows.find((r) => r.id === userpaperId)!;
    expect(row.leaveCount).toBe(3);
    expect(row.leaveTimes).toHaveLength(3);
    expect(row.leaveTimes[0]).toBe(formatDateTime(new Date(clock.now().getTime() - 30_000)));
    const detail = await t.ok<ExamResultView>(`${U}/GetExamResult`, { userpaperId }, corp);
    expect(detail.paper.leaveCount).toBe(3);
    // the result says why it was submitted (issue 38 item 11), to the learner too
    expect(detail.paper).toMatchObject({ leaveLimit: 2, submittedByLeaves: true });
    const own = await t.ok<ExamResultView>(`${U}/GetExamResult`, { userpaperId }, tok.learner13);
    expect(own.paper).toMatchObject({ leaveLimit: 2, submittedByLeaves: true });
    // and the result PDF
    const pdf = await t.inject({
      method: 'GET',
      url: `/prod-api${U}/ExportResultPdf?userpaperId=${userpaperId}`,
      headers: { ydAuthorization: `Bearer ${tok.learner13}` },
    });
    expect(pdfText(pdf.rawPayload)).toContain(LeaveText.result(2));
    expect(detail.paper.leaves.map((l) => l.kind)).toEqual(['hidden', 'fullscreen', 'blur']);
    // and so does the results workbook: the count and each time, on the attempt's row
    const res = await t.inject({
      method: 'POST',
      url: `/prod-api${X}/ExportResults`,
      payload: { examCode: exams.limited },
      headers: { ydAuthorization: `Bearer ${corp}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('考试成绩')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(col('离开页面次数')).toBeGreaterThan(0);
    const byAccount = new Map<string, ExcelJS.Row>();
    sheet.eachRow((r, n) => n > 1 && byAccount.set(String(r.getCell(col('账号')).value), r));
    expect(byAccount.get('learner13')!.getCell(col('离开页面次数')).value).toBe(3);
    expect(String(byAccount.get('learner13')!.getCell(col('离开时间')).value).split('\n')).toEqual(row.leaveTimes);
    expect(byAccount.get('learner12')!.getCell(col('离开页面次数')).value).toBe(0);
  });

  it('the notice tells the limit before 开始考试; an attempt handed in by the learner was not submitted by leaves', async () => {
    const cards = await t.ok<{ models: MyExamCard[] }>(`${U}/GetMyExamList`, { pageIndex: 1, pageSize: 50 }, tok.learner12);
    expect(cards.models.find((c) => c.examCode === exams.limited)).toMatchObject({ leaveLimit: 2, requireFullScreen: 1 });
    expect(cards.models.find((c) => c.examCode === exams.free)).toMatchObject({ leaveLimit: 0 });
    const { userpaperId } = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode: exams.limited }, tok.learner12);
    expect((await leave(userpaperId, 'learner12', 'event-own-1')).data).toMatchObject({ leaveCount: 1, submitted: false });
    await t.ok(`${U}/SubmitExam`, { userpaperId }, tok.learner12);
    const own = await t.ok<ExamResultView>(`${U}/GetExamResult`, { userpaperId }, tok.learner12);
    expect(own.paper).toMatchObject({ leaveCount: 1, submittedByLeaves: false });
  });

  it('an exam without a limit is not monitored; another learner and bad input are refused', async () => {
    const { userpaperId } = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode: exams.free }, tok.learner14);
    for (let i = 0; i < 5; i++)
      expect((await leave(userpaperId, 'learner14', `event-free-${i}`)).data).toMatchObject({ leaveCount: 0, submitted: false });
    expect((await repo.findAttempt(t.ctx.db, userpaperId))?.status).toBe(20);
    expect((await leave(userpaperId, 'learner12', 'event-strange')).code).toBe('ATTEMPT_NOT_FOUND');
    expect((await leave(userpaperId, 'learner14', 'x')).success).toBe(false);
    expect((await leave(userpaperId, 'learner14', 'event-kind-1', { kind: 'reboot' })).success).toBe(false);
  });
});
