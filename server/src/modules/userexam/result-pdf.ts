import { existsSync } from 'node:fs';
import { type ExamResultView, Q_TYPE_LABELS } from '@xuetu/contract';
import PDFDocument from 'pdfkit';
import type { Caller } from '../../platform/caller.ts';
import { fail } from '../../platform/errors.ts';
import { readExamResult } from './result-service.ts';

const OPTION_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function answerText(q: ExamResultView['exampaperquestionlist'][number], value: string): string {
  if (!value) return '未作答';
  if (q.qType === 3) return value === 'A' ? '正确' : value === 'B' ? '错误' : value;
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
  if (r.paper.isPass === -2) return '成绩保密';
  if (r.delayMarkingPapers > 0) return '试卷已提交，等待阅卷';
  return `得分 ${r.paper.score ?? '—'} / ${r.examinfo.totlescore}（${r.paper.isPass === 1 ? '及格' : '不及格'}）`;
}

/**
 * The result as a PDF with real (selectable) Chinese text, made on the server so the browser
 * downloads no font: PDFKit embeds only the glyphs used from a CJK font (Noto Sans CJK, SIL OFL
 * 1.1, installed with the system; PDF_CJK_FONT). Same visibility as GetExamResult.
 */
export async function renderResultPdf(caller: Caller, userpaperId: number): Promise<{ buffer: Buffer; name: string }> {
  const r = await readExamResult(caller, userpaperId);
  const font = caller.ctx.env.PDF_CJK_FONT;
  if (!existsSync(font)) throw fail('服务器未安装 PDF 中文字体，暂不能导出');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${r.examinfo.examName} 考试结果`, Author: '学途' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', font, font.toLowerCase().endsWith('.ttc') ? caller.ctx.env.PDF_CJK_FONT_NAME : undefined);
  doc.font('cjk');
  doc.fontSize(18).text(r.examinfo.examName, { align: 'center' });
  doc.moveDown(0.5).fontSize(11);
  doc.text(`考生：${r.paper.chnName}    部门：${r.paper.orgName || '—'}`);
  doc.text(`开始：${r.paper.startTime}    交卷：${r.paper.endTime}`);
  doc.text(`总分 ${r.examinfo.totlescore}，共 ${r.examinfo.totleq} 题，时长 ${r.examinfo.time} 分钟。${resultLine(r)}`);
  doc.moveDown();
  for (const q of r.exampaperquestionlist) {
    doc.fontSize(12).text(`${q.order}. [${Q_TYPE_LABELS[q.qType] ?? ''}] ${plain(q.qName)}（${q.score} 分）`);
    doc.fontSize(10);
    OPTION_KEYS.forEach((k) => {
      if (q[k] && (q.qType === 1 || q.qType === 2)) doc.text(`    ${k.toUpperCase()}. ${q[k]}`);
    });
    doc.text(`    考生答案：${answerText(q, q.answerStr)}`);
    if (q.answer) doc.text(`    参考答案：${answerText(q, q.answer)}`);
    if (q.scoreStr) doc.text(`    得分：${q.scoreStr}`);
    if (q.analysis) doc.text(`    解析：${plain(q.analysis)}`);
    if (q.comment) doc.text(`    评语：${q.comment}`);
    doc.moveDown(0.6);
  }
  doc.end();
  await done;
  return { buffer: Buffer.concat(chunks), name: `${r.examinfo.examName}-${r.paper.chnName}-考试结果.pdf` };
}
