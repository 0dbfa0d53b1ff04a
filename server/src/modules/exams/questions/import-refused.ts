import { QUESTION_COLUMNS, type QuestionImportCheck } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import type { SheetRow } from '../../../platform/workbook/index.ts';

export const REFUSED_ROW_COLUMN = '原行号';
export const REASON_COLUMN = '原因';

/**
 * The rows of an uploaded question workbook that did not pass the check, in the template's columns
 * with where they were (原行号) and why (原因: each column and its problem). The importer ignores
 * the two extra columns, so the administrator fixes the rows in this file and imports it again.
 */
export async function buildRefusedRows(rows: SheetRow[], check: QuestionImportCheck): Promise<Buffer> {
  const reasons = new Map<number, string[]>();
  for (const e of check.errors) reasons.set(e.row, [...(reasons.get(e.row) ?? []), `${e.column}：${e.message}`]);
  const wb = new ExcelJS.Workbook();
  wb.creator = '学途';
  const sheet = wb.addWorksheet('未通过的试题');
  sheet.columns = [
    ...QUESTION_COLUMNS.map((h) => ({ header: h, key: h, width: h === '题干' ? 48 : 14, style: { numFmt: '@' } })),
    { header: REFUSED_ROW_COLUMN, key: REFUSED_ROW_COLUMN, width: 8 },
    { header: REASON_COLUMN, key: REASON_COLUMN, width: 60 },
  ];
  const head = sheet.getRow(1);
  head.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    const why = reasons.get(row.rowNumber);
    if (!why) continue;
    const added = sheet.addRow({
      ...Object.fromEntries(QUESTION_COLUMNS.map((h) => [h, row.cells.get(h) ?? ''])),
      [REFUSED_ROW_COLUMN]: row.rowNumber,
      [REASON_COLUMN]: why.join('；'),
    });
    added.getCell(REASON_COLUMN).font = { color: { argb: 'FFCF1322' } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
