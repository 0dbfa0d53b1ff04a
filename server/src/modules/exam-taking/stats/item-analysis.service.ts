import {
  DISCRIMINATION_GROUP_SHARE,
  ITEM_FLAG_TEXT,
  type ItemAnalysis,
  type ItemAnalysisQuestion,
  type ItemFlag,
  type ItemOptionCount,
  NEAR_ZERO_DISCRIMINATION,
  OPTION_LETTERS,
} from '@xuetu/contract';
import ExcelJS from 'exceljs';
import type { Caller } from '../../../platform/caller.ts';
import { htmlText } from '../../../platform/html-text.ts';
import { examInScope } from '../marking/marking.service.ts';
import * as repo from './item-analysis.repository.ts';
import { addSheet, bandLabel, questionCells, questionColumns, round2, workbookFile } from './statistics.ts';

const round3 = (n: number | null) => (n == null ? null : Math.round(n * 1000) / 1000);

/**
 * The flag of a question from its facility and discrimination (null: too few attempts to judge).
 * Everyone right (facility 1) or everyone wrong (0) is named for that: its discrimination is 0
 * because nobody differed, not because the question is poor at telling learners apart (issue 38
 * item 14). Otherwise negative: the weaker learners did better on it; near zero: it does not tell
 * them apart.
 */
export function itemFlag(facility: number | null, d: number | null): ItemFlag {
  if (d == null) return null;
  if (facility === 1) return 'tooEasy';
  if (facility === 0) return 'tooHard';
  if (d < 0) return 'negative';
  return d < NEAR_ZERO_DISCRIMINATION ? 'nearZero' : null;
}

/** Letters → option texts, summed over the frozen copies (several when options are shuffled). */
function tallyOptions(rows: repo.OptionTally[]): Map<string, ItemOptionCount[]> {
  const byQuestion = new Map<string, Map<string, ItemOptionCount>>();
  for (const row of rows) {
    let options: string[] = [];
    try {
      const parsed = JSON.parse(row.options);
      if (Array.isArray(parsed)) options = parsed.map(String);
    } catch {
      options = [];
    }
    const tally = byQuestion.get(row.qCode) ?? new Map<string, ItemOptionCount>();
    byQuestion.set(row.qCode, tally);
    options.forEach((text, i) => {
      const key = OPTION_LETTERS[i];
      const id = text || key;
      const seen = tally.get(id);
      const correct = row.answer.includes(key);
      if (!seen) tally.set(id, { key, text, count: 0, correct });
      else if (key < seen.key) seen.key = key;
    });
    for (const letter of new Set(row.given)) {
      const i = OPTION_LETTERS.indexOf(letter);
      const text = options[i] ?? '';
      const id = text || letter;
      const seen = tally.get(id) ?? { key: letter, text, count: 0, correct: row.answer.includes(letter) };
      seen.count += row.n;
      tally.set(id, seen);
    }
  }
  return new Map([...byQuestion].map(([q, t]) => [q, [...t.values()].sort((a, b) => a.key.localeCompare(b.key))]));
}

/**
 * GetItemAnalysis: the counted attempt per learner (highest submitted score, ADR 0041), its
 * histogram, mean, median, standard deviation and pass rate, and per question the facility and
 * discrimination indices and the option counts. The numbers come from three SQL statements.
 */
export async function itemAnalysis(caller: Caller, examCode: string): Promise<ItemAnalysis> {
  const { exam, paper } = await examInScope(caller, examCode);
  const db = caller.ctx.db;
  const total = paper.totlescore > 0 ? paper.totlescore : 1;
  const [summary, indices, tallies] = await Promise.all([
    repo.scoreSummary(db, caller.scope, exam.id, total),
    repo.questionIndices(db, caller.scope, exam.id, DISCRIMINATION_GROUP_SHARE),
    repo.optionTallies(db, caller.scope, exam.id),
  ]);
  const options = tallyOptions(tallies);
  const groupSize = Math.round(summary.counted * DISCRIMINATION_GROUP_SHARE);
  const questions: ItemAnalysisQuestion[] = indices
    .map((q) => {
      const discrimination = groupSize > 0 && q.upper != null && q.lower != null ? round3(q.upper - q.lower) : null;
      const facility = round3(q.facility);
      return {
        qCode: q.qCode,
        order: q.order,
        qName: q.qName,
        qType: q.qType,
        attempts: q.attempts,
        answered: q.answered,
        facility,
        discrimination,
        upperFacility: groupSize > 0 ? round3(q.upper) : null,
        lowerFacility: groupSize > 0 ? round3(q.lower) : null,
        flag: itemFlag(facility, discrimination),
        options: options.get(q.qCode) ?? [],
      };
    })
    .sort((a, b) => a.order - b.order || a.qCode.localeCompare(b.qCode));
  const histogram = Array.from({ length: 10 }, (_, i) => ({
    label: bandLabel(i),
    from: round2((paper.totlescore * i) / 10),
    to: round2((paper.totlescore * (i + 1)) / 10),
    count: summary.buckets.get(i) ?? 0,
  }));
  return {
    examCode: exam.examCode,
    examName: exam.examName,
    totlescore: paper.totlescore,
    passScore: exam.passScore,
    counted: summary.counted,
    submittedAttempts: summary.submittedAttempts,
    mean: round2(summary.mean),
    median: round2(summary.median),
    stdDev: round2(summary.stdDev),
    passed: summary.passed,
    passRate: summary.counted ? (round3(summary.passed / summary.counted) ?? 0) : 0,
    groupSize,
    histogram,
    questions,
  };
}

const pct = (n: number | null) => (n == null ? '' : `${Math.round(n * 1000) / 10}%`);

/** ExportItemAnalysis: the summary, the histogram and the per-question indices and option counts as an .xlsx workbook. */
export async function exportItemAnalysis(caller: Caller, examCode: string): Promise<{ buffer: Buffer; name: string }> {
  const a = await itemAnalysis(caller, examCode);
  const wb = new ExcelJS.Workbook();
  const summary = addSheet(
    wb,
    '概况',
    [
      { header: '指标', key: 'k', width: 22 },
      { header: '数值', key: 'v', width: 16 },
    ],
    (
      [
        ['考试', a.examName],
        ['总分', a.totlescore],
        ['及格分', a.passScore],
        ['计入人数（每人最高分）', a.counted],
        ['已交卷人次', a.submittedAttempts],
        ['平均分', a.mean],
        ['中位数', a.median],
        ['标准差', a.stdDev],
        ['及格人数', a.passed],
        ['及格率', pct(a.passRate)],
        ['高分组/低分组人数（各 27%）', a.groupSize],
      ] as const
    ).map(([k, v]) => ({ k, v })),
  );
  summary.addRow({});
  summary.addRow({ k: '分数段', v: '人数' }).font = { bold: true };
  for (const h of a.histogram) summary.addRow({ k: `${h.label}（${h.from}–${h.to}）`, v: h.count });

  addSheet(
    wb,
    '试题分析',
    [
      ...questionColumns(50),
      { header: '作答人次', key: 'attempts', width: 10 },
      { header: '已答', key: 'answered', width: 8 },
      { header: '难度（得分率）', key: 'facility', width: 14 },
      { header: '高分组得分率', key: 'upper', width: 14 },
      { header: '低分组得分率', key: 'lower', width: 14 },
      { header: '区分度', key: 'discrimination', width: 10 },
      { header: '提示', key: 'flag', width: 14 },
      { header: '选项选择次数', key: 'options', width: 50 },
    ],
    a.questions.map((q) => ({
      ...questionCells(q),
      attempts: q.attempts,
      answered: q.answered,
      facility: q.facility ?? '',
      upper: q.upperFacility ?? '',
      lower: q.lowerFacility ?? '',
      discrimination: q.discrimination ?? '',
      flag: q.flag ? ITEM_FLAG_TEXT[q.flag] : '',
      options: q.options.map((o) => `${o.key}${o.correct ? '✓' : ''} ${htmlText(o.text).trim()}: ${o.count}`).join('；'),
    })),
  );
  return workbookFile(wb, `${a.examName}-试题分析.xlsx`);
}
