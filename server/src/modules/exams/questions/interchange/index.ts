import { ExamMsg, QUESTION_FORMAT_LABELS, type QuestionImportFormat } from '@xuetu/contract';
import { AppError, appError, appErrorMsg } from '../../../../platform/errors.ts';
import { assertSafeXlsx, type ZipPart } from '../../../../platform/workbook/index.ts';
import { looksLikeAiken, parseAiken } from './aiken.ts';
import { parseGift } from './gift.ts';
import type { ParsedBank } from './model.ts';
import { parseMoodleXml } from './moodle-xml.ts';
import { parseQtiPackage } from './qti21.ts';

export { writeGift } from './gift.ts';
export type { BankQuestion, InterchangeQuestion, ParsedBank, RefusedQuestion } from './model.ts';
export { writeMoodleXml } from './moodle-xml.ts';
export { writeQtiPackage } from './qti21.ts';

const ZIP = 0x04034b50;
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** A file the import read: the workbook path goes on as before; the others as a parsed bank. */
export type ReadFile = { format: 'xlsx' } | { format: Exclude<QuestionImportFormat, 'xlsx'>; bank: ParsedBank };

function utf8(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    throw appError('QUESTION_FILE_ENCODING');
  }
}

/** "3:14: unexpected close tag" (saxes) → 第 3 行第 14 列 */
function where(err: unknown): string {
  const m = /^(\d+):(\d+):/.exec(err instanceof Error ? err.message : '');
  return m ? `第 ${m[1]} 行第 ${m[2]} 列附近` : '';
}

async function parsed(format: Exclude<QuestionImportFormat, 'xlsx'>, read: () => ParsedBank | Promise<ParsedBank>): Promise<ReadFile> {
  let bank: ParsedBank;
  try {
    bank = await read();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw appErrorMsg('QUESTION_FILE_UNREADABLE', ExamMsg.bankUnreadable(QUESTION_FORMAT_LABELS[format], where(err)));
  }
  if (!bank.questions.length && !bank.refused.length) throw appError('QUESTION_FILE_NO_QUESTIONS');
  return { format, bank };
}

/**
 * Reads an uploaded question file: the format named, or the one its content shows — a zip with
 * imsmanifest.xml is QTI, one with xl/ parts (or an old .xls) the workbook, XML with <quiz> Moodle
 * XML, text with "ANSWER: X" lines and no braces Aiken, other text GIFT. Zips pass the xlsx zip guard.
 */
export async function readQuestionFile(buf: Buffer, named?: QuestionImportFormat): Promise<ReadFile> {
  const isZip = buf.length >= 4 && buf.readUInt32LE(0) === ZIP;
  if (named === 'xlsx' || buf.subarray(0, 4).equals(CFB)) return { format: 'xlsx' };
  if (isZip) {
    const parts: Map<string, ZipPart> = await assertSafeXlsx(buf);
    if (parts.has('imsmanifest.xml') && (!named || named === 'qti21')) return parsed('qti21', () => parseQtiPackage(parts));
    if (!named && [...parts.keys()].some((k) => k.startsWith('xl/'))) return { format: 'xlsx' };
    throw appError('QUESTION_FILE_UNKNOWN');
  }
  if (named === 'qti21') throw appError('QUESTION_FILE_UNKNOWN');
  const text = utf8(buf);
  const start = text.trimStart();
  if (named === 'moodlexml' || (!named && start.startsWith('<'))) {
    if (!named && !/<quiz[\s>]/.test(text)) throw appError('QUESTION_FILE_UNKNOWN');
    return parsed('moodlexml', () => parseMoodleXml(text));
  }
  if (named === 'aiken' || (!named && looksLikeAiken(text))) return parsed('aiken', () => parseAiken(text));
  return parsed('gift', () => parseGift(text));
}
