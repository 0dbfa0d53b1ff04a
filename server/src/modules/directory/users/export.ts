import { PassThrough, type Readable } from 'node:stream';
import { EnableStatus, formatDateTime, USER_EXPORT_PREFIX, type UserListBody } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { exportBatch, rolesOfUsers } from './users.repository.ts';
import { buildUserFilter } from './users.service.ts';

const BATCH = 1000;

const COLUMNS = [
  { header: '姓名', key: 'chnName', width: 14 },
  { header: '账号', key: 'accountCode', width: 22 },
  { header: '身份证号', key: 'idCard', width: 22 },
  { header: '手机号', key: 'mobile', width: 15 },
  { header: '公司', key: 'companyName', width: 24 },
  { header: '部门', key: 'orgName', width: 18 },
  { header: '岗位', key: 'postName', width: 16 },
  { header: '兼职岗位', key: 'partTimePostName', width: 16 },
  { header: '角色', key: 'roles', width: 20 },
  { header: '状态', key: 'status', width: 8 },
  { header: '已激活', key: 'activated', width: 8 },
  { header: '有效期', key: 'validDate', width: 20 },
];

/** '员工数据[列表]-yyyyMMddHHmmss.xlsx' in China time (spec §9, ADR 0011). */
export function exportFileName(now: Date): string {
  return `${USER_EXPORT_PREFIX}${formatDateTime(now).replace(/[-: ]/g, '')}.xlsx`;
}

/** A workbook on its way out: the file name and its bytes as they are written. */
export interface UserExport {
  name: string;
  stream: Readable;
}

/**
 * ExportUserList: a real .xlsx, returned as a stream (ADR 0011). Rows are read in keyset batches
 * and written with the streaming writer, so 10,000 users neither sit in memory at once nor hold
 * the event loop.
 */
export async function exportUsers(caller: Caller, input: UserListBody): Promise<UserExport> {
  const actor = requireActor(caller);
  const db = caller.ctx.db;
  // spec §5: system roles 1/2 must pick the company first
  if (caller.scope.all && !input.refCompanyCode) throw appError('USER_EXPORT_PICK_COMPANY');
  const where = await buildUserFilter(caller, input);
  if (!where) throw appError('USER_EXPORT_PICK_COMPANY');
  await recordAudit(db, caller, {
    action: 'user.export',
    target: input.refCompanyCode || (actor.companySysCode ?? ''),
    detail: { ...input, totle: undefined },
  });

  const out = new PassThrough();
  const name = exportFileName(caller.now);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('员工数据');
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const write = async () => {
    let before: number | null = null;
    for (;;) {
      const rows = await exportBatch(db, where, before, BATCH);
      if (rows.length === 0) break;
      const roleMap = await rolesOfUsers(
        db,
        rows.map((r) => r.user.id),
      );
      for (const r of rows) {
        const u = r.user;
        const valid = formatDateTime(u.validDate);
        sheet
          .addRow({
            chnName: u.chnName,
            accountCode: u.accountCode,
            idCard: u.idCard,
            mobile: u.mobile,
            companyName: r.companyName ?? '',
            orgName: r.orgName ?? '',
            postName: r.postName ?? '',
            partTimePostName: r.partTimePostName ?? '',
            roles: (roleMap.get(u.id) ?? []).map((x) => x.roleName).join('、'),
            status: u.status === EnableStatus.Enabled ? '启用' : '停用',
            activated: u.passwordHash ? '是' : '否',
            validDate: valid.startsWith('1900') ? '' : valid,
          })
          .commit();
      }
      before = rows[rows.length - 1].user.id;
      if (rows.length < BATCH) break;
      // let other requests run between batches
      await new Promise((r) => setImmediate(r));
    }
    await sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    caller.log.error({ err }, 'user export failed');
    out.destroy(err as Error);
  });
  return { name, stream: out };
}
