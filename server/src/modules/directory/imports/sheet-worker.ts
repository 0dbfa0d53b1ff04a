import { isMainThread } from 'node:worker_threads';
import { serveOffLoop } from '../../../platform/off-loop.ts';
import { readSheet } from '../../../platform/workbook/index.ts';

// The worker thread that reads the user import's uploaded workbooks (sheet.ts hands them over).

export interface SheetRequest {
  bytes: Uint8Array;
}

/** Reads the workbook's first sheet as the worker does. */
export function readSheetBytes({ bytes }: SheetRequest): ReturnType<typeof readSheet> {
  return readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

// only as a worker's module: imported elsewhere (for the types) it serves nothing
if (!isMainThread) serveOffLoop(readSheetBytes);
