import { isMainThread } from 'node:worker_threads';
import type { QuestionImportFormat } from '@xuetu/contract';
import { serveOffLoop } from '../../../platform/off-loop.ts';
import { readSheet } from '../../../platform/workbook/index.ts';
import { type ParsedBank, readQuestionFile } from './interchange/index.ts';

// The worker thread that reads uploaded question files (question-files.ts hands them over): the
// bank formats through interchange/, the workbook's first sheet through platform/workbook.

export interface ReadRequest {
  bytes: Uint8Array;
  format?: QuestionImportFormat;
}

/** What a read answers: the workbook's sheet, or a question bank file parsed. */
export type ReadFile =
  | { kind: 'sheet'; sheet: Awaited<ReturnType<typeof readSheet>> }
  | { kind: 'bank'; file: { format: Exclude<QuestionImportFormat, 'xlsx'>; bank: ParsedBank } };

/** Reads a file as the worker does (tests call it in-thread too). */
export async function readUpload({ bytes, format }: ReadRequest): Promise<ReadFile> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const file = await readQuestionFile(buf, format);
  return file.format === 'xlsx' ? { kind: 'sheet', sheet: await readSheet(buf) } : { kind: 'bank', file };
}

// only as a worker's module: imported elsewhere (for the types, or by a test) it serves nothing
if (!isMainThread) serveOffLoop(readUpload);
