import { Q_TYPE_LABELS } from '@xuetu/contract';
import type ExcelJS from 'exceljs';
import { htmlText } from '../../../platform/html-text.ts';

// What the exam's two statistics (统计分析, GetStatistics, and 试题分析, GetItemAnalysis) share:
// rounding, the ten score bands, and how their workbooks are laid out.

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The label of score band `i` of ten, as a share of the paper's total: 0%-10% … 90%-100%. */
export const bandLabel = (i: number) => `${i * 10}%-${i === 9 ? 100 : i * 10 + 10}%`;

/** The first columns of a per-question sheet: 题号, 题型 and the stem as text (`questionCells`). */
export const questionColumns = (stemWidth: number): Partial<ExcelJS.Column>[] => [
  { header: '题号', key: 'order', width: 8 },
  { header: '题型', key: 'type', width: 10 },
  { header: '题干', key: 'qName', width: stemWidth },
];

/** A question's cells under `questionColumns`. */
export const questionCells = (q: { order: number; qType: number; qName: string }) => ({
  order: q.order,
  type: Q_TYPE_LABELS[q.qType] ?? '',
  qName: htmlText(q.qName).trim(),
});

/** A sheet with these columns and rows, its header row bold. */
export function addSheet(wb: ExcelJS.Workbook, name: string, columns: Partial<ExcelJS.Column>[], rows: object[]): ExcelJS.Worksheet {
  const sheet = wb.addWorksheet(name);
  sheet.columns = columns;
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

/** The workbook as the download the export answers. */
export async function workbookFile(wb: ExcelJS.Workbook, name: string): Promise<{ buffer: Buffer; name: string }> {
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), name };
}
