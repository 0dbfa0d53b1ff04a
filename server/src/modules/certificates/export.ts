import { PassThrough, type Readable } from 'node:stream';
import { type CertIssuedListInput, formatDateTime } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import { recordAudit } from '../../platform/audit.ts';
import type { Caller } from '../../platform/caller.ts';
import { presentIssued } from './certificates.presenter.ts';
import * as repo from './certificates.repository.ts';
import { issuedFilter, sourceNames } from './certificates.service.ts';

const BATCH = 1000;

const COLUMNS = [
  { header: '证书编号', key: 'number', width: 20 },
  { header: '证书名称', key: 'certName', width: 24 },
  { header: '持证人', key: 'holderName', width: 12 },
  { header: '账号', key: 'accountCode', width: 20 },
  { header: '部门', key: 'orgName', width: 18 },
  { header: '公司', key: 'companyName', width: 24 },
  { header: '发证日期', key: 'issuedAt', width: 12 },
  { header: '有效期至', key: 'expiresAt', width: 12 },
  { header: '状态', key: 'statusText', width: 8 },
  { header: '来源', key: 'source', width: 28 },
  { header: '成绩', key: 'score', width: 8 },
  { header: '撤销原因', key: 'revokeReason', width: 30 },
];

/**
 * The issued list as it is filtered, as a real .xlsx written while it is read: keyset batches into
 * exceljs's streaming writer (as the user export does), so a large list never sits in memory.
 */
export async function exportIssued(caller: Caller, input: CertIssuedListInput): Promise<{ name: string; stream: Readable }> {
  const db = caller.ctx.db;
  const filter = await issuedFilter(caller, input);
  await recordAudit(db, caller, { action: 'certificate.export', target: input.companySysCode, detail: { ...input } });
  const out = new PassThrough();
  const name = `证书发放记录-${formatDateTime(caller.now).replace(/[-: ]/g, '')}.xlsx`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('证书');
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    let before = 0;
    while (filter) {
      const rows = await repo.issuedBatch(db, caller.scope, filter, before, BATCH);
      const names = await sourceNames(
        db,
        rows.map((r) => r.issued.source),
      );
      for (const r of rows) {
        const v = presentIssued(r, caller.now, names);
        sheet.addRow({ ...v, expiresAt: v.expiresAt || '长期有效', score: v.score ?? '' }).commit();
      }
      if (rows.length < BATCH) break;
      before = rows[rows.length - 1]!.issued.id;
      await new Promise((r) => setImmediate(r));
    }
    await sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    caller.log.error({ err }, 'certificate export failed');
    out.destroy(err as Error);
  });
  return { name, stream: out };
}
