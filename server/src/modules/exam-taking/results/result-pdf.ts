import { ANSWER_HIDDEN_TEXT, type ExamResultView, JUDGE_OPTIONS, LeaveText, Q_TYPE_LABELS, ResultPdfText as T } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { htmlText } from '../../../platform/html-text.ts';
import { cjkPdf } from '../../../platform/pdf.ts';
import { readExamResult } from './results.service.ts';

const OPTION_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;
const plain = (html: string) => htmlText(html, '');

function answerText(q: ExamResultView['exampaperquestionlist'][number], value: string): string {
  if (!value) return T.unanswered;
  if (q.qType === 3) return value === 'A' ? JUDGE_OPTIONS.a : value === 'B' ? JUDGE_OPTIONS.b : value;
  if (q.qType === 4) {
    try {
      return (JSON.parse(value) as string[]).map((v, i) => `（${i + 1}）${v || '—'}`).join('  ');
    } catch {
      return value;
    }
  }
  return value;
}

function resultLine(r: ExamResultView): string {
  if (r.paper.isPass === -2) return T.scoreHidden;
  if (r.delayMarkingPapers > 0) return T.awaitingMarking;
  return T.score(r.paper.score ?? '—', r.examinfo.totlescore, r.paper.isPass === 1);
}

/**
 * The result as a PDF with real (selectable) Chinese text, made on the server so the browser
 * downloads no font: the platform's CJK font setup (platform/pdf.ts cjkPdf). Made from GetExamResult: the same keys hidden (ADR 0036 §5).
 */
export async function renderResultPdf(caller: Caller, userpaperId: number): Promise<{ buffer: Buffer; name: string }> {
  const r = await readExamResult(caller, userpaperId);
  const pdf = cjkPdf(caller.ctx.env, { size: 'A4', margin: 50, info: { Title: T.title(r.examinfo.examName), Author: T.author } });
  if (!pdf) throw appError('RESULT_PDF_FONT_MISSING');
  const { doc } = pdf;
  doc.fontSize(18).text(r.examinfo.examName, { align: 'center' });
  doc.moveDown(0.5).fontSize(11);
  doc.text(T.candidate(r.paper.chnName, r.paper.orgName || '—'));
  doc.text(T.times(r.paper.startTime, r.paper.endTime));
  doc.text(T.summary(r.examinfo.totlescore, r.examinfo.totleq, r.examinfo.time, resultLine(r)));
  // why it was handed in when the learner did not, as the result page says (issue 38 item 11)
  if (r.paper.submittedByLeaves) doc.text(LeaveText.result(r.paper.leaveLimit));
  // the keys it leaves out, and why (the same rule as GetExamResult, which it is made from)
  if (r.answersHidden) doc.text(T.hidden(ANSWER_HIDDEN_TEXT[r.answersHidden]));
  doc.moveDown();
  for (const q of r.exampaperquestionlist) {
    doc.fontSize(12).text(T.question(q.order, Q_TYPE_LABELS[q.qType] ?? '', plain(q.qName), q.score));
    doc.fontSize(10);
    OPTION_KEYS.forEach((k) => {
      if (q[k] && (q.qType === 1 || q.qType === 2)) doc.text(`    ${k.toUpperCase()}. ${q[k]}`);
    });
    doc.text(`    ${T.answer}${answerText(q, q.answerStr)}`);
    if (q.answer) doc.text(`    ${T.reference}${answerText(q, q.answer)}`);
    if (q.scoreStr) doc.text(`    ${T.scored}${q.scoreStr}`);
    if (q.analysis) doc.text(`    ${T.analysis}${plain(q.analysis)}`);
    if (q.comment) doc.text(`    ${T.comment}${q.comment}`);
    doc.moveDown(0.6);
  }
  doc.end();
  return { buffer: await pdf.bytes, name: T.fileName(r.examinfo.examName, r.paper.chnName) };
}
