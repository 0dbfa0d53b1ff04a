import { ExamMsg, type QuestionImportCheck, type QuestionImportFormat } from '@xuetu/contract';
import { appError } from '../../../platform/errors.ts';
import { loadUploadedWorkbook, readSheet } from '../../../platform/workbook/index.ts';
import { withImportSlot } from '../../directory/public.ts';
import type { Caller } from '../exams.policy.ts';
import { bankCheckMessage, importBank, planBankImport } from './import-plan.ts';
import { readQuestionFile } from './interchange/index.ts';
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

async function open(caller: Caller, input: ImportInput) {
  const buffer = await loadUploadedWorkbook(caller, input.urls);
  return { buffer, file: await readQuestionFile(buffer, input.format) };
}

/** ImportCheck: the check and its message; nothing is written. */
export function checkQuestionFile(caller: Caller, input: ImportInput): Promise<{ check: QuestionImportCheck; msg: string }> {
  return withImportSlot(caller, async () => {
    const { buffer, file } = await open(caller, input);
    if (file.format === 'xlsx') {
      const { check } = await planQuestionImport(caller, await readSheet(buffer), input);
      return { check: { ...check, format: 'xlsx' as const }, msg: checkMessage(check) };
    }
    const { check } = await planBankImport(caller, file, input);
    return { check, msg: bankCheckMessage(check) };
  });
}

/** Import: all the questions that pass or none; a bank file's refused kinds are always left out. */
export function importQuestionFile(caller: Caller, input: ImportInput): Promise<{ count: number; skipped: number; msg: string }> {
  return withImportSlot(caller, async () => {
    const { buffer, file } = await open(caller, input);
    if (file.format === 'xlsx') {
      const plan = await planQuestionImport(caller, await readSheet(buffer), input);
      const count = await importQuestions(caller, plan, input);
      const skipped = new Set(plan.check.errors.map((e) => e.row)).size;
      return { count, skipped, msg: ExamMsg.imported(count, skipped) };
    }
    const { count, skipped } = await importBank(caller, await planBankImport(caller, file, input), input);
    return { count, skipped, msg: ExamMsg.bankImported(count, skipped) };
  });
}

/** ImportRefused reads workbooks only (a bank file's refusals are listed by the check). */
export async function refusedSheetOf(caller: Caller, input: ImportInput) {
  const { buffer, file } = await open(caller, input);
  if (file.format !== 'xlsx') throw appError('QUESTION_REFUSED_XLSX_ONLY');
  return readSheet(buffer);
}
