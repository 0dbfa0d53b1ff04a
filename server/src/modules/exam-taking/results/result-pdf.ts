import { existsSync } from 'node:fs';
import { ANSWER_HIDDEN_TEXT, type ExamResultView, JUDGE_OPTIONS, LeaveText, Q_TYPE_LABELS, ResultPdfText as T } from '@xuetu/contract';
import PDFDocument from 'pdfkit';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { htmlText } from '../../../platform/html-text.ts';
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
 * downloads no font: PDFKit embeds only the glyphs used from a CJK font (Noto Sans CJK, SIL OFL
 * 1.1, installed with the system; PDF_CJK_FONT). Made from GetExamResult: the same keys hidden (ADR 0036 §5).
 */
export async function renderResultPdf(caller: Caller, userpaperId: number): Promise<{ buffer: Buffer; name: string }> {
  const r = await readExamResult(caller, userpaperId);
  const font = caller.ctx.env.PDF_CJK_FONT;
  if (!existsSync(font)) throw appError('RESULT_PDF_FONT_MISSING');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: T.title(r.examinfo.examName), Author: T.author } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', font, font.toLowerCase().endsWith('.ttc') ? caller.ctx.env.PDF_CJK_FONT_NAME : undefined);
  doc.font('cjk');
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
  await done;
  return { buffer: Buffer.concat(chunks), name: T.fileName(r.examinfo.examName, r.paper.chnName) };
}
