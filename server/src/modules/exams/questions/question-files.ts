import { ExamMsg, type QuestionImportCheck, type QuestionImportFormat } from '@xuetu/contract';
import { appError } from '../../../platform/errors.ts';
import { OffLoop } from '../../../platform/off-loop.ts';
import { loadUploadedWorkbook } from '../../../platform/workbook/index.ts';
import { withImportSlot } from '../../directory/public.ts';
import type { Caller } from '../exams.policy.ts';
import { bankCheckMessage, importBank, planBankImport } from './import-plan.ts';
import type { ReadFile, ReadRequest } from './read-worker.ts';
import { checkMessage, importQuestions, planQuestionImport } from './workbook.ts';

// The import calls for every question file (issue 27): the xlsx template as before, the question
// bank formats through interchange/ and import-plan.ts. One import per company at a time (the slot).

interface ImportInput {
  urls: string[];
  format?: QuestionImportFormat;
  dirCode: string;
  companySysCode: string;
  skipInvalid?: boolean;
}

// two reads at once at most: the machine's other core stays with the requests
const readers = new OffLoop(new URL('./read-worker.ts', import.meta.url), 2);

/**
 * The uploaded file, read in a worker thread within the configured budget (issue 38 item 1): a
 * file no reader gets through in time is refused with a Chinese message and nothing is imported.
 */
async function open(caller: Caller, input: ImportInput): Promise<ReadFile> {
  const buffer = await loadUploadedWorkbook(caller, input.urls);
  const read = await readers.run<ReadFile>({ bytes: buffer, format: input.format } satisfies ReadRequest, {
    budgetMs: caller.ctx.env.IMPORT_PARSE_BUDGET_MS,
    overBudget: () => appError('IMPORT_READ_TIMEOUT'),
    crashed: () => appError('IMPORT_READ_FAILED'),
  });
  // image bytes come back from the worker as plain Uint8Arrays
  if (read.kind === 'bank')
    for (const img of read.file.bank.images.values()) img.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return read;
}

/** ImportCheck: the check and its message; nothing is written. */
export function checkQuestionFile(caller: Caller, input: ImportInput): Promise<{ check: QuestionImportCheck; msg: string }> {
  return withImportSlot(caller, async () => {
    const read = await open(caller, input);
    if (read.kind === 'sheet') {
      const { check } = await planQuestionImport(caller, read.sheet, input);
      return { check: { ...check, format: 'xlsx' as const }, msg: checkMessage(check) };
    }
    const { check } = await planBankImport(caller, read.file, input);
    return { check, msg: bankCheckMessage(check) };
  });
}

/** Import: all the questions that pass or none; a bank file's refused kinds are always left out. */
export function importQuestionFile(caller: Caller, input: ImportInput): Promise<{ count: number; skipped: number; msg: string }> {
  return withImportSlot(caller, async () => {
    const read = await open(caller, input);
    if (read.kind === 'sheet') {
      const plan = await planQuestionImport(caller, read.sheet, input);
      const count = await importQuestions(caller, plan, input);
      const skipped = new Set(plan.check.errors.map((e) => e.row)).size;
      return { count, skipped, msg: ExamMsg.imported(count, skipped) };
    }
    const { count, skipped } = await importBank(caller, await planBankImport(caller, read.file, input), input);
    return { count, skipped, msg: ExamMsg.bankImported(count, skipped) };
  });
}

/** ImportRefused reads workbooks only (a bank file's refusals are listed by the check). */
export async function refusedSheetOf(caller: Caller, input: ImportInput) {
  const read = await open(caller, input);
  if (read.kind !== 'sheet') throw appError('QUESTION_REFUSED_XLSX_ONLY');
  return read.sheet;
}
