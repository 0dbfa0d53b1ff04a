import { AdminMsg, IMPORT_LIMITS } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { readAll } from '../../platform/storage.ts';
import { checkContent } from '../../platform/uploads.ts';
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
  if (!/^(tmp|upload)\/[A-Za-z0-9/_.-]+$/.test(key) || key.includes('..')) throw fail(AdminMsg.chooseFile);
  return key;
}

export async function loadUploadedWorkbook(ctx: AppContext, urls: string[]): Promise<Buffer> {
  if (urls.length === 0 || !urls[0]) throw fail(AdminMsg.chooseFile);
  const key = keyFromUrl(urls[0]);
  const obj = await ctx.storage.get(key).catch(() => null);
  if (!obj) throw fail('文件不存在或已过期，请重新上传');
  if (obj.size > IMPORT_LIMITS.maxFileBytes) throw fail('文件过大，请拆分后分批导入');
  return readAll(obj.body);
}

const cellText = (cell: ExcelJS.Cell): string => {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    // dates are stored as UTC midnight of the calendar day
    return v.toISOString().slice(0, 10);
  }
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v)
      return v.result === undefined || v.result === null
        ? ''
        : String(v.result instanceof Date ? v.result.toISOString().slice(0, 10) : v.result);
    if ('text' in v) return String(v.text);
    return cell.text ?? '';
  }
  return String(v);
};

/**
 * Reads the first sheet of an untrusted workbook: real xlsx content (by bytes), zip-bomb guard,
 * row limit; row 1 is the header. Legacy .xls is recognised and refused with a clear message.
 */
export async function readSheet(buffer: Buffer, filename = 'import.xlsx'): Promise<{ headers: string[]; rows: SheetRow[] }> {
  if (buffer.length > IMPORT_LIMITS.maxFileBytes) throw fail('文件过大，请拆分后分批导入');
  const content = await checkContent(buffer, filename.toLowerCase().endsWith('.xls') ? filename : 'import.xlsx', {
    kinds: ['spreadsheet'],
    typeMessage: AdminMsg.importFileType,
  });
  if (content.mime === 'application/x-cfb') throw fail(AdminMsg.xlsUnsupported);
  assertSafeXlsx(buffer);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw fail('文件内容无法识别，请使用导入模板重新填写');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw fail('文件中没有工作表');
  if (sheet.rowCount > IMPORT_LIMITS.maxRows + 1) throw fail(`单次最多导入 ${IMPORT_LIMITS.maxRows} 行，请拆分后分批导入`);
  const headerRow = sheet.getRow(1);
  const headers: string[] = [];
  headerRow.eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cellText(cell).replace(/[*＊\s]/g, '');
  });
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = new Map<string, string>();
    let any = false;
    headers.forEach((h, i) => {
      if (!h) return;
      const t = cellText(row.getCell(i + 1)).trim();
      if (t) any = true;
      cells.set(h, t);
    });
    if (any) rows.push({ rowNumber, cells });
  });
  return { headers: headers.filter(Boolean), rows };
}
