import { posix } from 'node:path';
import { ContentLimits, formatDateTime, OPTION_KEYS, type QuestionExportFormat } from '@xuetu/contract';
import { recordAudit } from '../../../platform/audit.ts';
import { fileAccess } from '../../../platform/files/index.ts';
import { readAll } from '../../../platform/storage.ts';
import type { Caller } from '../exams.policy.ts';
import { type BankQuestion, writeGift, writeMoodleXml, writeQtiPackage } from './interchange/index.ts';
import { exportSelection } from './questions.service.ts';

// Export in a question bank format (issue 27, ADR 0042): the same selection as the xlsx export,
// each question with its directory path as the category; Moodle XML and QTI carry the images.

const FILE: Record<Exclude<QuestionExportFormat, 'xlsx'>, { ext: string; type: string }> = {
  moodlexml: { ext: 'xml', type: 'application/xml; charset=utf-8' },
  gift: { ext: 'gift.txt', type: 'text/plain; charset=utf-8' },
  qti21: { ext: 'qti21.zip', type: 'application/zip' },
};

export async function exportBank(
  caller: Caller,
  q: { dirCode: string; qType?: number; difficulty?: number; keyword: string; companySysCode: string },
  format: Exclude<QuestionExportFormat, 'xlsx'>,
): Promise<{ buffer: Buffer; name: string; type: string }> {
  const { db, storage } = caller.ctx;
  const { rows, pathOf } = await exportSelection(caller, q);
  const questions: BankQuestion[] = rows.map((r) => ({
    qCode: r.qCode,
    qType: r.qType,
    qName: r.qName,
    options: r.qType === 3 ? [] : OPTION_KEYS.map((k) => r[k] ?? '').filter(Boolean),
    answer: r.answer,
    analysis: r.analysis ?? '',
    difficulty: r.difficulty,
    score: Number(r.score),
    category: pathOf(r.dirCode),
  }));
  // Only this site's stored files the exporter may read by the one file-access rule (issue 38
  // item 3). Any other picture is skipped: the question keeps its link as the bank has it (as GIFT
  // keeps every picture), so the export never carries bytes its maker could not open; the audit
  // counts the skipped ones.
  let skipped = 0;
  const image = async (url: string) => {
    const m = /^\/prod-api\/files\/([^?#]{1,400})$/.exec(url);
    if (!m) return undefined;
    const key = m[1];
    const access = await fileAccess(caller, key);
    // a picture a question shows is an image upload's size at most; anything larger is not read
    const obj = access.ok && (access.row?.size ?? 0) <= ContentLimits.imageMaxBytes ? await storage.get(key).catch(() => null) : null;
    if (!obj || obj.size > ContentLimits.imageMaxBytes) {
      obj?.body.destroy();
      skipped += 1;
      return undefined;
    }
    return { name: posix.basename(key), data: await readAll(obj.body) };
  };
  const buffer =
    format === 'moodlexml'
      ? Buffer.from(await writeMoodleXml(questions, image), 'utf8')
      : format === 'gift'
        ? Buffer.from(writeGift(questions), 'utf8')
        : await writeQtiPackage(questions, image);
  await recordAudit(db, caller, {
    action: 'question.export',
    target: q.dirCode,
    detail: { count: rows.length, format, skippedFiles: skipped },
  });
  const stamp = formatDateTime(caller.now).replace(/[-: ]/g, '');
  return { buffer, name: `试题-${stamp}.${FILE[format].ext}`, type: FILE[format].type };
}
