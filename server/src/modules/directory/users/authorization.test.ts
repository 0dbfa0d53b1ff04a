import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithTokens, type TestApp } from '../../../../test/helper.ts';
import { buildWorkbook, uploadImportFile } from '../../../../test/uploads.ts';
import { users } from '../../../db/schema/index.ts';
import { makeIdCard } from '../../../db/seed/idcard.ts';

const ROLES = ['admin', 'operator', 'corpadmin', 'learner01', 'other01'] as const;
type Role = (typeof ROLES)[number];

let t: TestApp;
let tokens: Record<Role, string>;
beforeAll(async () => ({ t, tokens } = await appWithTokens(ROLES)));
afterAll(() => t.close());

// Attack cases (issue 9 item 1): a company administrator must not change, through any bulk or
// indirect path, a person of their company who holds a platform role — e.g. re-import their ID
// number with a new phone and then take the account over through the phone-based reset wizard.
describe('may-manage rule on indirect paths', () => {
  const IMPORT_HEADERS = ['姓名', '身份证号', '手机号'];
  let holder: { id: number; idCard: string };

  async function uploadSheet(rows: string[][], token: string): Promise<string> {
    return (await uploadImportFile(t, await buildWorkbook(IMPORT_HEADERS, rows, '学员'), 'a.xlsx', token)).data.url;
  }

  beforeAll(async () => {
    // a platform operator who is also an employee of the corporate administrator's company
    const idCard = makeIdCard('19800101', 901);
    const add = await t.post<{ userId: number }>(
      '/Api/User/user_user/EditUserInfo',
      { type: 1, chnName: '平台运营甲', idCard, mobile: '13600000901', companySysCode: 'C-DEMO-TECH', validDate: '1900-01-01 00:00:00' },
      tokens.admin,
    );
    expect(add.success, add.msg).toBe(true);
    holder = { id: add.data.userId, idCard };
    const grant = await t.post(
      '/Api/SysConfig/sys_userrole/SaveUserRole',
      { UserId: holder.id, RoleList: ['operator', 'learner'] },
      tokens.admin,
    );
    expect(grant.success, grant.msg).toBe(true);
  });

  const holderRow = async () => (await t.ctx.db.select().from(users).where(eq(users.id, holder.id)))[0];

  it('import check reports the platform-role holder with the reason and the import writes nothing', async () => {
    const url = await uploadSheet(
      [
        ['平台运营甲', holder.idCard, '13600000999'],
        ['新员工', makeIdCard('19900101', 902), '13600000902'],
      ],
      tokens.corpadmin,
    );
    const check = await t.post<string[]>('/Api/User/user_user/checkuserinfo', { urls: [url] }, tokens.corpadmin);
    expect(check.data).toEqual(['第2行，身份证号：该人员持有平台角色，您无权修改']);
    const save = await t.post('/Api/User/user_user/SaveExportIn', { urls: [url] }, tokens.corpadmin);
    expect(save.success).toBe(false);
    expect(save.msg).toContain('该人员持有平台角色');
    expect((await holderRow()).mobile).toBe('13600000901');
    const [added] = await t.ctx.db.select().from(users).where(eq(users.mobile, '13600000902'));
    expect(added).toBeUndefined();
  });

  it('the platform administrator may still import over that person', async () => {
    const url = await uploadSheet([['平台运营甲', holder.idCard, '13600000903']], tokens.admin);
    const save = await t.post('/Api/User/user_user/SaveExportIn', { urls: [url], companySysCode: 'C-DEMO-TECH' }, tokens.admin);
    expect(save.success, save.msg).toBe(true);
    expect((await holderRow()).mobile).toBe('13600000903');
  });

  it('an import reads only its own uploader’s workbook (issue 9 item 8)', async () => {
    // the platform administrator's file, its address seen by a company administrator
    const url = await uploadSheet([['平台运营甲', holder.idCard, '13600000904']], tokens.admin);
    for (const path of ['checkuserinfo', 'SaveExportIn', 'UserExportIn'])
      expect((await t.post(`/Api/User/user_user/${path}`, { urls: [url] }, tokens.corpadmin)).code).toBe('IMPORT_FILE_GONE');
    expect((await holderRow()).mobile).not.toBe('13600000904');
  });

  it('role changes and direct edits of that person are refused to the company administrator', async () => {
    const roles = await t.post(
      '/Api/SysConfig/sys_userrole/SaveUserRole',
      { UserId: holder.id, RoleList: ['learner', 'corpadmin'] },
      tokens.corpadmin,
    );
    expect(roles).toMatchObject({ success: false, errorCode: 403 });
    const edit = await t.post(
      '/Api/User/user_user/EditUserInfo',
      { userId: holder.id, chnName: '改名', idCard: holder.idCard, mobile: '13600000904', validDate: '1900-01-01 00:00:00' },
      tokens.corpadmin,
    );
    expect(edit).toMatchObject({ success: false, errorCode: 403 });
    for (const path of ['SetPassword', 'OpenAndClose']) {
      const res = await t.post(`/Api/User/user_user/${path}`, { userId: holder.id }, tokens.corpadmin);
      expect(res, path).toMatchObject({ success: false, errorCode: 403 });
    }
    expect((await holderRow()).chnName).toBe('平台运营甲');
  });
});
