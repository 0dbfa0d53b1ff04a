import { AdminMsg, IMPORT_LIMITS } from '@xuetu/contract';
import { type Caller, requireActor } from '../caller.ts';
import { AppError, appError } from '../errors.ts';
import { fileAccess } from '../files/access.ts';
import { readAll } from '../storage.ts';
import { checkContent } from '../uploads.ts';
import { openFirstSheet } from './xlsx-stream.ts';
import { assertSafeXlsx } from './zip-guard.ts';

export interface SheetRow {
  /** the row number Excel shows */
  rowNumber: number;
  /** cell text by header name */
  cells: Map<string, string>;
}

/** Keys of files the import may read: what the upload calls stored (no path tricks, no other prefixes). */
export function keyFromUrl(url: string): string {
  const key = url
    .split('?')[0]
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/^\/?prod-api\/files\//i, '')
    .replace(/^\//, '');
  if (!/^(tmp|upload)\/[A-Za-z0-9/_.-]+$/.test(key) || key.includes('..')) throw appError('IMPORT_FILE_REQUIRED');
  return key;
}

/**
 * The uploaded workbook an import names, read only by the person who uploaded it: the key must
 * be an upload recorded in platform_file with the caller as its owner. Another person's upload
 * (a key seen in a shared link or a log) answers exactly like a missing one.
 */
export async function loadUploadedWorkbook(caller: Caller, urls: string[]): Promise<Buffer> {
  const { ctx } = caller;
  const actor = requireActor(caller);
  if (urls.length === 0 || !urls[0]) throw appError('IMPORT_FILE_REQUIRED');
  const key = keyFromUrl(urls[0]);
  // the one file-access rule, then the import's own: only the uploader's own upload
  const access = await fileAccess(caller, key);
  if (!access.ok || !access.row || access.row.ownerUserId !== actor.userId) throw appError('IMPORT_FILE_GONE');
  const obj = await ctx.storage.get(key).catch(() => null);
  if (!obj) throw appError('IMPORT_FILE_GONE');
  if (obj.size > IMPORT_LIMITS.maxFileBytes) {
    obj.body.destroy();
    throw appError('IMPORT_FILE_TOO_LARGE');
  }
  return readAll(obj.body);
}

/**
 * Reads the first sheet of an untrusted workbook: real xlsx content (by bytes), zip-bomb guard,
 * row limit; row 1 is the header. Legacy .xls is recognised and refused with a clear message.
 * The sheet is read as a stream (xlsx-stream.ts): rows are parsed chunk by chunk as the parts
 * inflate, never a whole workbook model in memory, and other requests run in between.
 */
export async function readSheet(buffer: Buffer, filename = 'import.xlsx'): Promise<{ headers: string[]; rows: SheetRow[] }> {
  if (buffer.length > IMPORT_LIMITS.maxFileBytes) throw appError('IMPORT_FILE_TOO_LARGE');
  const content = await checkContent(buffer, filename.toLowerCase().endsWith('.xls') ? filename : 'import.xlsx', {
    kinds: ['spreadsheet'],
    typeMessage: AdminMsg.importFileType,
  });
  if (content.mime === 'application/x-cfb') throw appError('IMPORT_XLS_UNSUPPORTED');
  const parts = await assertSafeXlsx(buffer);
  const headers: string[] = [];
  const rows: SheetRow[] = [];
  let tooMany = false;
  let sheet: Awaited<ReturnType<typeof openFirstSheet>>;
  try {
    sheet = await openFirstSheet(parts);
    if (!sheet) throw appError('IMPORT_NO_SHEET');
    for await (const row of sheet) {
      if (row.number === 1) {
        for (const [col, text] of row.cells) headers[col - 1] = text.replace(/[*＊\s]/g, '');
        continue;
      }
      if (row.number > IMPORT_LIMITS.maxRows + 1) {
        // nothing more is kept; the answer is the limit
        tooMany = true;
        break;
      }
      const cells = new Map<string, string>();
      let any = false;
      headers.forEach((h, i) => {
        if (!h) return;
        const t = (row.cells.get(i + 1) ?? '').trim();
        if (t) any = true;
        cells.set(h, t);
      });
      if (any) rows.push({ rowNumber: row.number, cells });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw appError('IMPORT_UNREADABLE');
  }
  if (tooMany) throw appError('IMPORT_TOO_MANY_ROWS');
  return { headers: headers.filter(Boolean), rows };
}
