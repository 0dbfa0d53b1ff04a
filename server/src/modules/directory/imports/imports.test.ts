import { deflateRawSync } from 'node:zlib';
import { IMPORT_COLUMNS, ImportMsg, idCardCheckChar } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { USER as U } from '../../../../test/api-paths.ts';
import { fileAppSignedIn } from '../../../../test/helper.ts';
import { buildWorkbook, uploadImportFile } from '../../../../test/uploads.ts';
import { roles, userRoles, users } from '../../../db/schema/index.ts';
import { claimOnce, releaseMarker } from '../../../platform/markers.ts';
import { assertSafeXlsx, readSheet } from '../../../platform/workbook/index.ts';
import { IMPORT_LOCK_TTL_S, IMPORT_MAX_WAITING, importLockKey, inProcessTurn } from './gate.ts';
import { buildImportTemplate } from './templates.ts';

const [t, corp, admin] = await fileAppSignedIn('corpadmin', 'admin');

const idCard = (n: number) => {
  const first17 = `110105199${n % 10}0${(n % 9) + 1}1${n % 9}${String(n).padStart(3, '0').slice(-3)}`;
  return first17 + idCardCheckChar(first17);
};

const workbook = (rows: (string | number)[][], headers: readonly string[] = IMPORT_COLUMNS) => buildWorkbook(headers, rows, '学员');
const upload = (buf: Buffer, name = 'users.xlsx', token = corp) => uploadImportFile(t, buf, name, token);

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => [
    `导入学员${from + i}`,
    idCard(from + i),
    `137${String(10000000 + from + i).slice(-8)}`,
    '技术研发部/前端组',
    '前端工程师',
    '',
    '2027-12-31',
  ]);

describe('upload', () => {
  it('accepts a real workbook and refuses other content whatever its name', async () => {
    const ok = await upload(await workbook(rows(1, 1)));
    expect(ok).toMatchObject({ success: true, data: { name: 'users.xlsx' } });
    expect(ok.data.url).toMatch(/^\/prod-api\/files\/tmp\/import\//);
    const fake = await upload(Buffer.from('<html>not a sheet</html>'), 'evil.xlsx');
    expect(fake).toMatchObject({ success: false, msg: '请上传excel文件！格式：xls,xlsx' });
    const noSession = await t.inject({ method: 'POST', url: '/prod-api/Api/upload/Upload/UploadZFileByFormTemporarily' });
    expect(noSession.json().errorCode).toBe(401);
  });
});

describe('check and import', () => {
  it('reports one message per bad cell with row and column, then imports all or nothing', async () => {
    const data = rows(100, 20);
    data[2][1] = '110105199001011234'; // bad check digit → row 4
    data[5][2] = '12345'; // bad phone → row 7
    data[9][3] = '不存在的部门'; // → row 11
    const up = await upload(await workbook(data));
    const check = await t.post<string[]>(`${U}/checkuserinfo`, { urls: [up.data.url] }, corp);
    expect(check.success).toBe(true);
    expect(check.data).toEqual(['第4行，身份证号：格式不正确', '第7行，手机号：格式不正确', '第11行，部门：部门“不存在的部门”不存在']);
    const refused = await t.post(`${U}/SaveExportIn`, { urls: [up.data.url] }, corp);
    expect(refused).toMatchObject({ success: false, code: 'IMPORT_INVALID', data: check.data });
    const none = await t.post<{ totalCount: number }>(`${U}/GetUserList`, { Key: '导入学员' }, corp);
    expect(none.data.totalCount).toBe(0);

    const fixed = rows(100, 20);
    const up2 = await upload(await workbook(fixed));
    expect((await t.post<string[]>(`${U}/checkuserinfo`, { urls: [up2.data.url] }, corp)).data).toEqual([]);
    const done = await t.post(`${U}/SaveExportIn`, { urls: [up2.data.url] }, corp);
    expect(done).toMatchObject({ success: true, data: { added: 20, updated: 0 } });
    expect(done.msg).toBe('导入成功：新增 20 人，更新 0 人');
    // every new person is a learner
    const [one] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.idCard, idCard(100)));
    const held = await t.ctx.db
      .select({ code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, one.id));
    expect(held.map((r) => r.code)).toEqual(['learner']);

    // re-importing updates the same people by ID number
    fixed[0][0] = '改名学员';
    const up3 = await upload(await workbook(fixed));
    expect((await t.post(`${U}/SaveExportIn`, { urls: [up3.data.url] }, corp)).data).toEqual({ added: 0, updated: 20 });
    const after = await t.post<{ totalCount: number; models: { orgCodeName: string; postCodeName: string }[] }>(
      `${U}/GetUserList`,
      { Key: idCard(100) },
      corp,
    );
    expect(after.data.totalCount).toBe(1);
    expect(after.data.models[0]).toMatchObject({ orgCodeName: '前端组', postCodeName: '前端工程师' });
  });

  it('finds duplicates inside the file and phone clashes with other people', async () => {
    const data = rows(300, 3);
    data[1][1] = data[0][1];
    data[2][2] = '13800000002'; // learner02's phone
    const up = await upload(await workbook(data));
    expect((await t.post<string[]>(`${U}/checkuserinfo`, { urls: [up.data.url] }, corp)).data).toEqual([
      '第3行，身份证号：与第2行重复',
      '第4行，手机号：已被本公司其他学员使用',
    ]);
  });

  it('imports into the named company with the company template, inside the caller’s scope only', async () => {
    const withCompany = ['公司编码', ...IMPORT_COLUMNS];
    const up = await upload(
      await workbook([['SLWL', '物流新人', idCard(400), '13712340000', '仓储部', '仓管员', '', '']], withCompany),
      'c.xlsx',
      admin,
    );
    expect((await t.post(`${U}/SaveExportIn`, { urls: [up.data.url] }, admin)).data).toEqual({ added: 1, updated: 0 });
    const up2 = await upload(await workbook([['SLWL', '越权', idCard(401), '13712340001', '', '', '', '']], withCompany));
    expect((await t.post<string[]>(`${U}/checkuserinfo`, { urls: [up2.data.url] }, corp)).data).toEqual([
      '第2行，公司编码：公司 SLWL 不存在',
    ]);
    const plain = await upload(await workbook(rows(402, 1)), 'p.xlsx', admin);
    expect((await t.post(`${U}/checkuserinfo`, { urls: [plain.data.url] }, admin)).code).toBe('COMPANY_PICK_REQUIRED');
  });

  it('checks input, file references and the action', async () => {
    expect((await t.post(`${U}/checkuserinfo`, { urls: [] }, corp)).code).toBe('IMPORT_FILE_REQUIRED');
    expect((await t.post(`${U}/checkuserinfo`, { urls: ['/prod-api/files/../../etc/passwd'] }, corp)).code).toBe('IMPORT_FILE_REQUIRED');
    expect((await t.post(`${U}/checkuserinfo`, { urls: ['tmp/import/none.xlsx'] }, corp)).code).toBe('IMPORT_FILE_GONE');
    const learner = await t.login('learner01');
    expect((await t.post(`${U}/checkuserinfo`, { urls: [] }, learner)).errorCode).toBe(403);
    const noHeader = await upload(await workbook([['a', 'b']], ['名字', '号码']));
    expect(await t.post(`${U}/checkuserinfo`, { urls: [noHeader.data.url] }, corp)).toMatchObject({
      code: 'IMPORT_HEADER_MISSING',
      msg: ImportMsg.headerMissing(['姓名', '身份证号', '手机号'].join('、')),
    });
    expect((await t.post(`${U}/UserExportIn`, { urls: [noHeader.data.url] }, corp)).code).toBe('IMPORT_HEADER_MISSING');
    const noRows = await upload(await workbook([]));
    expect((await t.post(`${U}/checkuserinfo`, { urls: [noRows.data.url] }, corp)).code).toBe('IMPORT_NO_ROWS');
  });

  it('matches listed people for the participant dialog (UserExportIn)', async () => {
    const up = await upload(
      await workbook(
        [
          ['', idCard(100), ''],
          ['某人', idCard(999), ''],
        ],
        ['姓名', '身份证号', '手机号'],
      ),
    );
    const res = await t.post<{ accountCode: string }[]>(`${U}/UserExportIn`, { urls: [up.data.url] }, corp);
    expect(res.data).toHaveLength(1);
    expect(res.msg).toBe('第3行 某人 未找到');
  });
});

describe('untrusted workbooks', () => {
  it('refuses a zip bomb without inflating it', async () => {
    // one entry that inflates to 300 MB from a few hundred KB
    await expect(assertSafeXlsx(bomb(300 * 1024 * 1024))).rejects.toMatchObject({ code: 'IMPORT_UNZIP_TOO_LARGE' });
  });

  // issue 9 item 8: the limit fits what 20,000 rows need, not 200 MB
  it('refuses a part that unzips to 40 MB, far beyond what 20,000 rows need', async () => {
    await expect(assertSafeXlsx(bomb(40 * 1024 * 1024))).rejects.toMatchObject({ code: 'IMPORT_UNZIP_TOO_LARGE' });
    expect((await assertSafeXlsx(bomb(1024 * 1024))).size).toBe(1);
  });

  it('names what is wrong with a file that is no readable workbook', async () => {
    await expect(assertSafeXlsx(Buffer.from('<html>not a workbook at all</html>'))).rejects.toMatchObject({ code: 'IMPORT_FILE_TYPE' });
    // a zip's first part without its central directory
    await expect(assertSafeXlsx(bomb(1024).subarray(0, 60))).rejects.toMatchObject({ code: 'IMPORT_UNREADABLE' });
    const locked = bomb(1024);
    locked.writeUInt16LE(1, locked.readUInt32LE(locked.length - 6) + 8); // the entry's "encrypted" flag
    await expect(assertSafeXlsx(locked)).rejects.toMatchObject({ code: 'IMPORT_ENCRYPTED' });
  });

  it('reads 20,000 rows (streaming) and refuses one more', async () => {
    const many = await workbook(rows(10_000, 20_000));
    const sheet = await readSheet(many);
    expect(sheet.rows).toHaveLength(20_000);
    expect(sheet.rows[19_999]).toMatchObject({ rowNumber: 20_001 });
    expect(sheet.rows[0].cells.get('身份证号')).toBe(idCard(10_000));
    // every Chinese text whole, wherever the inflated chunks happened to split it
    expect(
      sheet.rows.filter((r, i) => r.cells.get('姓名') !== `导入学员${10_000 + i}` || r.cells.get('部门') !== '技术研发部/前端组'),
    ).toEqual([]);
    await expect(readSheet(await workbook(rows(10_000, 20_001)))).rejects.toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS' });
    // two 20,000-row workbooks are built and read: 35 s on a busy 2-core machine
  }, 90_000);
});

/** A zip of one sheet part that inflates to `size` bytes and lies about it. */
function bomb(size: number): Buffer {
  const big = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(big.length, 18);
  local.writeUInt32LE(1000, 22); // lies about the size
  local.writeUInt16LE(name.length, 26);
  const cen = Buffer.alloc(46);
  cen.writeUInt32LE(0x02014b50, 0);
  cen.writeUInt16LE(8, 10);
  cen.writeUInt32LE(big.length, 20);
  cen.writeUInt32LE(1000, 24);
  cen.writeUInt16LE(name.length, 28);
  const cdOffset = 30 + name.length + big.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + name.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, name, big, cen, name, eocd]);
}

describe('the streaming sheet reader', () => {
  it('gives each kind of cell the text the import expects, from the first sheet only', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('学员');
    ws.addRow(['姓名*', '数字', '日期', '布尔', '公式', '富文本']);
    ws.addRow([
      '张三',
      13800000001,
      new Date(Date.UTC(2027, 11, 31)),
      true,
      { formula: 'A2', result: '张三' },
      { richText: [{ text: '技术' }, { text: '研发部', font: { bold: true } }] },
    ]);
    ws.addRow([]);
    ws.addRow(['李四', 2.5]);
    wb.addWorksheet('填写说明').addRow(['不是数据']);
    const sheet = await readSheet(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(sheet.headers).toEqual(['姓名', '数字', '日期', '布尔', '公式', '富文本']);
    expect(sheet.rows.map((r) => ({ row: r.rowNumber, cells: Object.fromEntries(r.cells) }))).toEqual([
      { row: 2, cells: { 姓名: '张三', 数字: '13800000001', 日期: '2027-12-31', 布尔: 'true', 公式: '张三', 富文本: '技术研发部' } },
      { row: 4, cells: { 姓名: '李四', 数字: '2.5', 日期: '', 布尔: '', 公式: '', 富文本: '' } },
    ]);
  });
});

describe('templates', () => {
  it('serves templates that the import itself reads', async () => {
    for (const withCompany of [false, true]) {
      const up = await upload(await buildImportTemplate(withCompany), 't.xlsx', admin);
      const res = await t.post<string[]>(`${U}/checkuserinfo`, { urls: [up.data.url], companySysCode: 'YSKJ' }, admin);
      expect(res.success, res.msg).toBe(true);
    }
  });
});

// issue 9 item 8: an import reads only its uploader's file, and one company runs one import at a time
describe('who may read an upload, and one import at a time', () => {
  it('never reads another person’s upload, even by its exact address', async () => {
    const up = await upload(await workbook(rows(500, 1)));
    for (const token of [admin, await t.login('operator')]) {
      const res = await t.post(`${U}/checkuserinfo`, { urls: [up.data.url], companySysCode: 'YSKJ' }, token);
      expect(res).toMatchObject({ success: false, code: 'IMPORT_FILE_GONE', msg: '文件不存在或已过期，请重新上传' });
      expect((await t.post(`${U}/UserExportIn`, { urls: [up.data.url] }, token)).code).toBe('IMPORT_FILE_GONE');
    }
    // a file put in storage without an upload record (no owner) is not an upload
    await t.ctx.storage.put('tmp/import/planted.xlsx', await workbook(rows(501, 1)), 'application/octet-stream');
    expect((await t.post(`${U}/checkuserinfo`, { urls: ['tmp/import/planted.xlsx'] }, corp)).code).toBe('IMPORT_FILE_GONE');
    // the uploader still can
    expect((await t.post<string[]>(`${U}/checkuserinfo`, { urls: [up.data.url] }, corp)).data).toEqual([]);
  });

  it('answers a clear message while the company already runs an import, on any node', async () => {
    const up = await upload(await workbook(rows(600, 2)));
    const me = await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.accountCode, 'corpadmin') });
    const key = importLockKey({ userId: 0, sysRoles: [3], companySysCode: me?.companySysCode ?? null });
    // what a running import (here or on another node) holds
    expect(await claimOnce(t.ctx, key, IMPORT_LOCK_TTL_S)).toBe(true);
    for (const path of ['checkuserinfo', 'SaveExportIn', 'UserExportIn'])
      expect(await t.post(`${U}/${path}`, { urls: [up.data.url] }, corp)).toMatchObject({
        success: false,
        code: 'IMPORT_BUSY',
        msg: '已有一个导入正在进行，请等待其完成后再试',
      });
    expect((await t.post<{ totalCount: number }>(`${U}/GetUserList`, { Key: idCard(600) }, corp)).data.totalCount).toBe(0);
    // another company is not held up
    const other = await upload(
      await workbook([['SLWL', '物流新人', idCard(602), '13712346000', '', '', '', '']], ['公司编码', ...IMPORT_COLUMNS]),
      'c.xlsx',
      admin,
    );
    expect((await t.post<string[]>(`${U}/checkuserinfo`, { urls: [other.data.url] }, admin)).data).toEqual([]);
    await releaseMarker(t.ctx, key);
    expect(await t.post(`${U}/SaveExportIn`, { urls: [up.data.url] }, corp)).toMatchObject({ success: true, data: { added: 2 } });
    // the finished import let go of the lock
    expect(await claimOnce(t.ctx, key, 1)).toBe(true);
    await releaseMarker(t.ctx, key);
  });

  it('runs one workbook at a time per process, in order, and refuses a queue without end', async () => {
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(`start ${name}`);
        gates.push(() => {
          order.push(`end ${name}`);
          resolve(name);
        });
      });
    const running = ['a', 'b', 'c'].map((n) => inProcessTurn(t.ctx, job(n)));
    await expect.poll(() => gates.length).toBe(1);
    const waiting = Array.from({ length: IMPORT_MAX_WAITING - 2 }, (_, i) => inProcessTurn(t.ctx, job(`w${i}`)));
    await expect(inProcessTurn(t.ctx, job('one too many'))).rejects.toMatchObject({ code: 'IMPORT_QUEUE_FULL' });
    for (let i = 0; i < 3 + waiting.length; i++) {
      await expect.poll(() => gates.length).toBe(i + 1);
      gates[i]();
    }
    expect(await Promise.all(running)).toEqual(['a', 'b', 'c']);
    await Promise.all(waiting);
    // never two at once: every start follows the previous end
    expect(order.slice(0, 6)).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
