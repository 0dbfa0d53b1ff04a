import { ExamLimits, ExamMsg, normalizeEntities, QUESTION_FORMAT_LABELS, type QuestionImportFormat } from '@xuetu/contract';
import { AppError, appError, appErrorMsg } from '../../../../platform/errors.ts';
import { assertSafeXlsx, type ZipPart } from '../../../../platform/workbook/index.ts';
import { looksLikeAiken, parseAiken } from './aiken.ts';
import { parseGift } from './gift.ts';
import { type InterchangeQuestion, type ParsedBank, RefuseReason } from './model.ts';
import { parseMoodleXml } from './moodle-xml.ts';
import { parseQtiItem, parseQtiPackage } from './qti21.ts';
import { parseXml } from './xml.ts';

export { writeGift } from './gift.ts';
export type { BankQuestion, InterchangeQuestion, NarrowedQuestion, ParsedBank, RefusedQuestion } from './model.ts';
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

/** The parser's error when the text is not well-formed XML, else undefined. */
function wellFormedError(text: string): unknown {
  try {
    parseXml(text);
    return undefined;
  } catch (err) {
    return err;
  }
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
  // entities decoded once here: the bank keeps "他说“是”" and `"`, not `&quot;` (issue 38 item 14)
  for (const q of bank.questions) {
    q.qName = normalizeEntities(q.qName);
    q.analysis = normalizeEntities(q.analysis);
  }
  // far over the bank's limits: refused here, so megabytes never travel back to the event loop
  // (just over them, the check lists the question's error as for a workbook row)
  const over = (q: InterchangeQuestion) =>
    q.qName.length > 2 * ExamLimits.stemMax ||
    q.analysis.length > 2 * ExamLimits.analysisMax ||
    q.answer.length > 2 * ExamLimits.answerMax ||
    q.options.some((o) => o.length > 2 * ExamLimits.optionMax);
  for (const q of bank.questions.filter(over))
    bank.refused.push({ index: q.index, name: q.name, reason: RefuseReason.overLimits, unreadable: true });
  bank.questions = bank.questions.filter((q) => !over(q));
  bank.refused.sort((a, b) => a.index - b.index);
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
  const text = utf8(buf);
  const start = text.trimStart();
  // a QTI item on its own reads like the same item in a package (issue 38 item 13)
  if (named === 'qti21' || (!named && start.startsWith('<') && /<(\w+:)?assessmentItem[\s>]/.test(text) && !/<quiz[\s>]/.test(text))) {
    if (!start.startsWith('<')) throw appError('QUESTION_FILE_UNKNOWN');
    return parsed('qti21', () => parseQtiItem(text));
  }
  if (named === 'moodlexml' || (!named && start.startsWith('<'))) {
    // an XML file that is neither: its own error where it is broken, not a guess at the format
    if (!named && !/<quiz[\s>]/.test(text)) {
      const broken = wellFormedError(text);
      if (broken) throw appErrorMsg('QUESTION_FILE_UNREADABLE', ExamMsg.bankUnreadable('XML', where(broken)));
      throw appError('QUESTION_FILE_UNKNOWN');
    }
    return parsed('moodlexml', () => parseMoodleXml(text));
  }
  if (named === 'aiken' || (!named && looksLikeAiken(text))) return parsed('aiken', () => parseAiken(text));
  return parsed('gift', () => parseGift(text));
}
