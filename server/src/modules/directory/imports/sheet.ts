import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { OffLoop } from '../../../platform/off-loop.ts';
import { loadUploadedWorkbook, type SheetRow } from '../../../platform/workbook/index.ts';
import type { SheetRequest } from './sheet-worker.ts';

// The user import's workbook is read off the event loop within IMPORT_PARSE_BUDGET_MS, like the
// question files (ADR 0051): a hostile workbook stalls a worker thread, never the server.

// two reads at once at most (an app reads one at a time, gate.ts; several apps may share a process)
const readers = new OffLoop(new URL('./sheet-worker.ts', import.meta.url), 2);

/** The first sheet of the workbook an import names (checkuserinfo, SaveExportIn, its job, UserExportIn). */
export async function readUploadedSheet(caller: Caller, urls: string[]): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const bytes = await loadUploadedWorkbook(caller, urls);
  return readers.run({ bytes } satisfies SheetRequest, {
    budgetMs: caller.ctx.env.IMPORT_PARSE_BUDGET_MS,
    overBudget: () => appError('IMPORT_READ_TIMEOUT'),
    crashed: () => appError('IMPORT_READ_FAILED'),
  });
}
