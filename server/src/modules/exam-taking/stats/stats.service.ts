import { type ExamStatistics, ExamUserStatus, passResultText } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import type { Caller } from '../../../platform/caller.ts';
import * as repo from '../exam-taking.repository.ts';
import { examInScope } from '../marking/marking.service.ts';
import { listExamResults } from '../results/results.service.ts';
import * as roster from '../roster/roster.repository.ts';
import { addSheet, bandLabel, questionCells, questionColumns, round2, workbookFile } from './statistics.ts';

/**
 * GetStatistics: people assigned and submitted, pass rate, average / highest / lowest of each
 * person's best submitted attempt, a ten-bucket distribution of those best scores over the
 * paper's total, and per question how many answered it and got full marks.
 */
export async function examStatistics(caller: Caller, examCode: string): Promise<ExamStatistics> {
  const { exam, paper } = await examInScope(caller, examCode);
  const [attempts, participants, questions] = await Promise.all([
    repo.examAttempts(caller.ctx.db, caller.scope, exam.id),
    roster.countExamUsers(caller.ctx.db, caller.scope, exam.id),
    repo.submittedQuestions(caller.ctx.db, caller.scope, exam.id),
  ]);
  const submitted = attempts.filter((a) => a.status === ExamUserStatus.Done);
  const best = new Map<number, repo.AttemptRow>();
  for (const a of submitted) {
    const b = best.get(a.userId);
    if (!b || (a.score ?? 0) > (b.score ?? 0)) best.set(a.userId, a);
  }
  const bestScores = [...best.values()].map((a) => a.score ?? 0);
  const passed = [...best.values()].filter((a) => a.isPass === 1).length;
  const total = paper.totlescore || 1;
  const distribution = Array.from({ length: 10 }, (_, i) => ({ label: bandLabel(i), count: 0 }));
  for (const s of bestScores) distribution[Math.min(9, Math.floor((s / total) * 10))].count++;
  const perQuestion = new Map<string, ExamStatistics['questions'][number]>();
  for (const q of questions) {
    const row = perQuestion.get(q.qCode) ?? {
      qCode: q.qCode,
      order: q.order,
      qName: q.qName,
      qType: q.qType,
      answered: 0,
      correct: 0,
      correctRate: 0,
    };
    if (q.answered) row.answered++;
    if (q.isPass === 1) row.correct++;
    perQuestion.set(q.qCode, row);
  }
  const attemptsPerQuestion = new Map<string, number>();
  for (const q of questions) attemptsPerQuestion.set(q.qCode, (attemptsPerQuestion.get(q.qCode) ?? 0) + 1);
  return {
    examCode: exam.examCode,
    examName: exam.examName,
    totlescore: paper.totlescore,
    passScore: exam.passScore,
    participants,
    submitted: best.size,
    attempts: attempts.length,
    awaitingMarking: submitted.filter((a) => a.delayMarkingPapers > 0).length,
    passed,
    passRate: best.size ? round2(passed / best.size) : 0,
    averageScore: bestScores.length ? round2(bestScores.reduce((s, n) => s + n, 0) / bestScores.length) : 0,
    highestScore: bestScores.length ? Math.max(...bestScores) : 0,
    lowestScore: bestScores.length ? Math.min(...bestScores) : 0,
    distribution,
    questions: [...perQuestion.values()]
      .map((r) => ({ ...r, correctRate: round2(r.correct / (attemptsPerQuestion.get(r.qCode) || 1)) }))
      .sort((a, b) => a.order - b.order || a.qCode.localeCompare(b.qCode)),
  };
}

const STATUS_TEXT: Record<number, string> = { [ExamUserStatus.InProgress]: '作答中', [ExamUserStatus.Done]: '已交卷' };

/** ExportResults: every attempt as an .xlsx sheet, plus the per-question correct rates. */
export async function exportResults(caller: Caller, examCode: string): Promise<{ buffer: Buffer; name: string }> {
  const stats = await examStatistics(caller, examCode);
  const rows = await listExamResults(caller, examCode);
  const wb = new ExcelJS.Workbook();
  addSheet(
    wb,
    '考试成绩',
    [
      { header: '姓名', key: 'chnName', width: 14 },
      { header: '账号', key: 'accountCode', width: 16 },
      { header: '部门', key: 'orgName', width: 20 },
      { header: '第几次', key: 'attemptNo', width: 8 },
      { header: '开始时间', key: 'startTime', width: 20 },
      { header: '交卷时间', key: 'endTime', width: 20 },
      { header: '状态', key: 'status', width: 10 },
      { header: '得分', key: 'score', width: 10 },
      { header: '结果', key: 'result', width: 12 },
      // leave monitoring (ADR 0040): how often the page was left, and when
      { header: '离开页面次数', key: 'leaveCount', width: 12 },
      { header: '离开时间', key: 'leaveTimes', width: 40 },
    ],
    rows.map((r) => ({
      ...r,
      status: STATUS_TEXT[r.status] ?? '',
      // an attempt still being answered has no hand-in time (the wire's 1900-01-01 placeholder stays off the sheet)
      endTime: r.status === ExamUserStatus.Done && r.endTime && !r.endTime.startsWith('1900') ? r.endTime : '',
      score: r.score ?? '',
      leaveTimes: r.leaveTimes.join('\n'),
      result:
        r.status !== ExamUserStatus.Done
          ? ''
          : r.delayMarkingPapers > 0
            ? '待阅卷'
            : // the page's wording (issue 38 item 14)
              passResultText(r.isPass === 1 || (r.isPass === -2 && (r.score ?? 0) >= stats.passScore)),
    })),
  );
  addSheet(
    wb,
    '试题正确率',
    [
      ...questionColumns(60),
      { header: '作答人次', key: 'answered', width: 10 },
      { header: '全对人次', key: 'correct', width: 10 },
      { header: '正确率', key: 'rate', width: 10 },
    ],
    stats.questions.map((q) => ({ ...q, ...questionCells(q), rate: `${Math.round(q.correctRate * 100)}%` })),
  );
  return workbookFile(wb, `${stats.examName}-考试成绩.xlsx`);
}
