import { type Envelope, QUESTION_COLUMNS, type UploadResult } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import type { TestApp } from './helper.ts';

/** The upload a workbook for an import goes through first (stored privately, read back by its key). */
const IMPORT_UPLOAD_URL = '/Api/upload/Upload/UploadZFileByFormTemporarily';

/** A multipart/form-data body with one file part named `file`, as the web app's upload sends it. */
function multipartBody(
  file: Buffer,
  filename: string,
  type = 'application/octet-stream',
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----xuetu-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * POSTs one file to a multipart route (`url` below /prod-api, with its query), signed in with
 * `token` when given; answers the envelope. `type` is the part's declared type (the server judges
 * the bytes, never this).
 */
export async function uploadMultipart<T = unknown>(
  t: TestApp,
  url: string,
  file: Buffer,
  filename: string,
  opts: { token?: string; type?: string } = {},
): Promise<Envelope<T>> {
  const body = multipartBody(file, filename, opts.type);
  const res = await t.inject({
    method: 'POST',
    url: `/prod-api${url}`,
    payload: body.payload,
    headers: { ...body.headers, ...(opts.token ? { ydAuthorization: `Bearer ${opts.token}` } : {}) },
  });
  return res.json();
}

/** An .xlsx workbook of one sheet: the header row, then the data rows. */
export async function buildWorkbook(
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  sheetName = 'Sheet1',
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Uploads a workbook (or anything) through the import upload; `data.url` is what an import reads. */
export function uploadImportFile(t: TestApp, file: Buffer, filename: string, token: string): Promise<Envelope<UploadResult>> {
  return uploadMultipart<UploadResult>(t, IMPORT_UPLOAD_URL, file, filename, { token });
}

/** A row of the question import sheet (题型 题干 A…I 答案 解析 难度 分值 目录): the options given, the other of the nine empty. */
export const questionSheetRow = (type: string, stem: string, options: string[], answer: string, dir = '') => [
  type,
  stem,
  ...options,
  ...Array(9 - options.length).fill(''),
  answer,
  '',
  '',
  '',
  dir,
];

/** The question import workbook (sheet 试题) of these rows, under the template's headers unless others are given. */
export const questionWorkbook = (rows: string[][], headers: readonly string[] = QUESTION_COLUMNS) => buildWorkbook(headers, rows, '试题');
