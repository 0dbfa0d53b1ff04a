// The public surface of platform/workbook: reading an untrusted uploaded .xlsx (the user import
// and the question import both read workbooks through it).
export { loadUploadedWorkbook, readSheet, type SheetRow } from './read.ts';
export { assertSafeXlsx, type ZipPart } from './zip-guard.ts';
