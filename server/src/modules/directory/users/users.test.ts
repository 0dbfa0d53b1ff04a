import type { PageResult } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { USER as U } from '../../../../test/api-paths.ts';
import { buildUser } from '../../../../test/factories.ts';
import { fileAppSignedIn } from '../../../../test/helper.ts';
import { makeIdCard } from '../../../db/seed/idcard.ts';

type Row = {
  userId: number;
  accountCode: string;
  chnName: string;
  status: number;
  companySysCode: string;
  roleCode: string[];
  orgCodeName: string;
  validDate: string;
};

const [t, admin, corp, other] = await fileAppSignedIn('admin', 'corpadmin', 'other01');

const list = (token: string, body: object = {}) => t.post<PageResult<Row>>(`${U}/GetUserList`, body, token);
const idOf = async (account: string) =>
  (await list(admin, { Key: account, pageSize: 100 })).data.models.find((m) => m.accountCode === account)?.userId as number;

describe('GetUserList', () => {
  it('needs a session and the action', async () => {
    expect((await list('')).errorCode).toBe(401);
    expect((await list(other)).errorCode).toBe(403);
  });

  it('shows a company administrator only their own company, 20 rows by default', async () => {
    const res = await list(corp);
    expect(res.success).toBe(true);
    expect(res.data.models.length).toBe(20);
    expect(res.data.totalCount).toBeGreaterThan(20);
    expect(res.data.models.every((m) => m.companySysCode === 'C-DEMO-TECH')).toBe(true);
  });

  it('treats a forged company filter as matching nothing', async () => {
    const res = await list(corp, { RefCompanyCode: 'C-DEMO-LOGI' });
    expect(res.data).toEqual({ models: [], totalCount: 0 });
  });

  it('filters by key, status, department (with sub-departments) and company', async () => {
    expect((await list(admin, { Key: 'other01' })).data.models.map((m) => m.accountCode)).toEqual(['other01']);
    const logi = await list(admin, { RefCompanyCode: 'SLWL' });
    expect(logi.data.models.every((m) => m.companySysCode === 'C-DEMO-LOGI')).toBe(true);
    const tree = await t.get<{ children: { orgCode: string; orgName: string; children: { orgCode: string; orgName: string }[] }[] }[]>(
      '/Api/User/user_org/GetOrgTree',
      {},
      corp,
    );
    const tech = tree.data[0].children[0].children.find((c) => c.orgName === '技术研发部') as { orgCode: string };
    const inTech = await list(corp, { OrgCode: tech.orgCode, pageSize: 100 });
    expect(new Set(inTech.data.models.map((m) => m.orgCodeName))).toEqual(new Set(['技术研发部', '前端组', '后端组']));
    expect((await list(corp, { Status: '0' })).data.totalCount).toBe(0);
  });

  it('rejects bad paging input with a message naming the field', async () => {
    const res = await list(corp, { pageIndex: 'x' });
    expect(res.success).toBe(false);
    expect(res.msg).toContain('pageIndex');
  });
});

describe('OpenAndClose', () => {
  it('disables a user, ends their sessions, and enables them again', async () => {
    const learner = await buildUser(t);
    const learnerToken = await t.login(learner.accountCode);
    const off = await t.get(`${U}/OpenAndClose`, { UserId: learner.id }, corp);
    expect(off).toMatchObject({ success: true, msg: '操作成功', data: { status: 0 } });
    expect((await t.post(`${U}/GetUserInfo`, {}, learnerToken)).errorCode).toBe(401);
    expect((await t.post('/Api/User/user_user/Login', { username: learner.accountCode, password: 'Xuetu@2026' })).success).toBe(false);
    const on = await t.get(`${U}/OpenAndClose`, { UserId: learner.id }, corp);
    expect(on.data).toEqual({ status: 1 });
    expect(await t.login(learner.accountCode)).toBeTruthy();
  });

  it('answers another company’s user as missing and refuses bad input and self', async () => {
    const otherId = await idOf('other01');
    expect(await t.get(`${U}/OpenAndClose`, { UserId: otherId }, corp)).toMatchObject({ success: false, msg: '请求的资源不存在' });
    expect((await t.get(`${U}/OpenAndClose`, { UserId: 'abc' }, corp)).success).toBe(false);
    const self = await idOf('corpadmin');
    expect(await t.get(`${U}/OpenAndClose`, { UserId: self }, corp)).toMatchObject({
      code: 'USER_CANNOT_DISABLE_SELF',
      msg: '不能停用自己的账号',
    });
    expect((await t.get(`${U}/OpenAndClose`, { UserId: otherId }, other)).errorCode).toBe(403);
  });

  it('does not let the operator touch the platform administrator', async () => {
    const op = await t.login('operator');
    expect((await t.get(`${U}/OpenAndClose`, { UserId: await idOf('admin') }, op)).errorCode).toBe(403);
  });
});

describe('SetUserCompany', () => {
  it('moves a user to another company and clears the department', async () => {
    const learner = await buildUser(t);
    const res = await t.get(`${U}/SetUserCompany`, { Code: 'SLWL', UserId: learner.id }, admin);
    expect(res).toMatchObject({ success: true, msg: '设置成功' });
    const row = (await list(admin, { Key: learner.accountCode })).data.models[0];
    expect(row).toMatchObject({ companySysCode: 'C-DEMO-LOGI', orgCodeName: '' });
    // the demo company's administrator no longer sees the user
    expect((await list(corp, { Key: learner.accountCode })).data.totalCount).toBe(0);
  });

  it('refuses company administrators, unknown companies and bad input', async () => {
    expect((await t.get(`${U}/SetUserCompany`, { Code: 'SLWL', UserId: await idOf('learner18') }, corp)).errorCode).toBe(403);
    expect((await t.get(`${U}/SetUserCompany`, { Code: 'NOPE', UserId: await idOf('learner18') }, admin)).msg).toBe('请求的资源不存在');
    expect(await t.get(`${U}/SetUserCompany`, { UserId: 1 }, admin)).toMatchObject({ code: 'BAD_INPUT', msg: '请先选择公司' });
  });
});

describe('SaveUserRole', () => {
  it('sets roles within the rules', async () => {
    const learner = await buildUser(t);
    const res = await t.post('/Api/SysConfig/sys_userrole/SaveUserRole', { UserId: learner.id, RoleList: ['learner', 'corpadmin'] }, corp);
    expect(res).toMatchObject({ success: true, msg: '修改成功' });
    expect((await list(corp, { Key: learner.accountCode })).data.models[0].roleCode.sort()).toEqual(['corpadmin', 'learner']);
  });

  it('never lets a company administrator grant platform roles or touch other companies', async () => {
    const id = await idOf('learner17');
    expect(await t.post('/Api/SysConfig/sys_userrole/SaveUserRole', { UserId: id, RoleList: ['admin'] }, corp)).toMatchObject({
      code: 'ROLE_NOT_FOUND',
      msg: '角色不存在',
    });
    const otherId = await idOf('other01');
    expect((await t.post('/Api/SysConfig/sys_userrole/SaveUserRole', { UserId: otherId, RoleList: ['learner'] }, corp)).msg).toBe(
      '请求的资源不存在',
    );
    expect((await t.post('/Api/SysConfig/sys_userrole/SaveUserRole', { RoleList: [] }, corp)).success).toBe(false);
    const op = await t.login('operator');
    expect(await t.post('/Api/SysConfig/sys_userrole/SaveUserRole', { UserId: id, RoleList: ['admin'] }, op)).toMatchObject({
      code: 'ROLE_NOT_GRANTABLE',
      msg: '不能分配超出自己权限的角色',
    });
  });
});

describe('SetPassword', () => {
  it('gives a temporary password once and ends the old sessions', async () => {
    const learner = await buildUser(t);
    const old = await learner.signIn();
    const res = await t.post(`${U}/SetPassword?UserId=${learner.id}`, {}, corp);
    expect(res.success).toBe(true);
    const temp = /重置为：(\S+)/.exec(res.msg)?.[1] as string;
    expect(temp).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*[#?!@$%^&*-]).{8,}$/);
    expect((await t.post(`${U}/GetUserInfo`, {}, old)).errorCode).toBe(401);
    const login = await t.post<{ mustChangePassword: boolean }>('/Api/User/user_user/Login', {
      username: learner.accountCode,
      password: temp,
    });
    expect(login.data.mustChangePassword).toBe(true);
  });

  it('refuses other companies and bad input', async () => {
    expect((await t.post(`${U}/SetPassword?UserId=${await idOf('other01')}`, {}, corp)).msg).toBe('请求的资源不存在');
    expect((await t.post(`${U}/SetPassword`, {}, corp)).success).toBe(false);
  });
});

describe('EditUserInfo', () => {
  const fresh = makeIdCard('19950505', 777);
  it('adds a learner without a password (registration activates) and edits them', async () => {
    const add = await t.post<{ userId: number }>(
      `${U}/EditUserInfo`,
      { type: 1, chnName: '新学员', idCard: fresh, mobile: '13811112222', validDate: '1900-01-01 00:00:00', UserType: 'ComPanyUser' },
      corp,
    );
    expect(add).toMatchObject({ success: true, msg: '修改成功' });
    const row = (await list(corp, { Key: '新学员' })).data.models[0];
    expect(row).toMatchObject({ chnName: '新学员', validDate: '1900-01-01 00:00:00', roleCode: ['learner'] });
    const edit = await t.post(
      `${U}/EditUserInfo`,
      { userId: add.data.userId, chnName: '新学员乙', idCard: fresh, mobile: '13811112223', validDate: '2027-01-01 00:00:00' },
      corp,
    );
    expect(edit.success).toBe(true);
    expect((await list(corp, { Key: '新学员乙' })).data.models[0].validDate).toBe('2027-01-01 00:00:00');
  });

  it('checks required fields, formats and uniqueness within the company', async () => {
    expect((await t.post(`${U}/EditUserInfo`, { type: 1, idCard: fresh, mobile: '13811112222' }, corp)).msg).toBe('请输入姓名');
    expect((await t.post(`${U}/EditUserInfo`, { type: 1, chnName: 'a', mobile: '13811112222' }, corp)).msg).toBe('请输入身份证');
    expect((await t.post(`${U}/EditUserInfo`, { type: 1, chnName: 'a', idCard: '123', mobile: '13811112222' }, corp)).msg).toBe(
      '请输入正确的身份证号',
    );
    expect((await t.post(`${U}/EditUserInfo`, { type: 1, chnName: 'a', idCard: fresh, mobile: '123' }, corp)).msg).toBe(
      '请输入正确格式的手机号',
    );
    expect((await t.post(`${U}/EditUserInfo`, { type: 1, chnName: 'a', idCard: fresh, mobile: '13899998888' }, corp)).msg).toBe(
      '该身份证号在本公司已存在',
    );
    expect(
      (await t.post(`${U}/EditUserInfo`, { type: 1, chnName: 'a', idCard: makeIdCard('19950505', 778), mobile: '13800000002' }, corp)).msg,
    ).toBe('该手机号在本公司已被其他学员使用');
    // the same person may exist in another company
    const inOther = await t.post(
      `${U}/EditUserInfo`,
      { type: 1, chnName: 'a', idCard: fresh, mobile: '13811112222', companySysCode: 'SLWL' },
      admin,
    );
    expect(inOther.success).toBe(true);
  });

  it('answers another company’s user or department as missing', async () => {
    const otherId = await idOf('other01');
    const res = await t.post(
      `${U}/EditUserInfo`,
      { userId: otherId, chnName: 'x', idCard: makeIdCard('19910505', 201), mobile: '13900000001' },
      corp,
    );
    expect(res.msg).toBe('请求的资源不存在');
    const tree = await t.get<{ orgCode: string }[]>('/Api/User/user_org/GetOrgTree', { ShowTop: 0 }, await t.login('admin'));
    const logiOrg = tree.data.find((o) => o.orgCode.startsWith('C-DEMO-LOGI'))?.orgCode;
    const bad = await t.post(
      `${U}/EditUserInfo`,
      { type: 1, chnName: 'b', idCard: makeIdCard('19950505', 779), mobile: '13811113333', orgCode: logiOrg },
      corp,
    );
    expect(bad.msg).toBe('请选择部门！');
  });
});

describe('ExportUserList', () => {
  it('streams a real xlsx named per the spec', async () => {
    const res = await t.postRaw(`${U}/ExportUserList`, {}, corp);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/员工数据\[列表\]-\d{14}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
    const names = sheet.getColumn(2).values.slice(2) as string[];
    expect(names).toContain('learner01');
    expect(names).not.toContain('other01');
  });

  it('makes platform staff pick a company first', async () => {
    expect((await t.post(`${U}/ExportUserList`, {}, admin)).msg).toBe('请先选择要导出的学员用户数据所在的公司');
    expect((await t.post(`${U}/ExportUserList`, {}, other)).errorCode).toBe(403);
  });
});

describe('audit log', () => {
  it('records who did what from where, for platform administrators to browse', async () => {
    const res = await t.post<PageResult<{ action: string; actorName: string; ip: string; createTime: string }>>(
      '/Api/SysConfig/sys_auditlog/GetAuditLogPage',
      { pageSize: 200 },
      admin,
    );
    const actions = res.data.models.map((m) => m.action);
    for (const a of [
      'user.disable',
      'user.enable',
      'user.setCompany',
      'user.setRoles',
      'user.resetPassword',
      'user.add',
      'user.edit',
      'user.export',
    ])
      expect(actions).toContain(a);
    const one = res.data.models.find((m) => m.action === 'user.disable');
    expect(one).toMatchObject({ actorName: '李经理(corpadmin)', ip: '127.0.0.1' });
    expect(one?.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await t.post('/Api/SysConfig/sys_auditlog/GetAuditLogPage', {}, corp)).errorCode).toBe(403);
  });

  it('names the people, companies and departments behind the codes, and filters by one exact operation', async () => {
    type Row = { action: string; target: string; targetName: string; companyName: string };
    const L = '/Api/SysConfig/sys_auditlog/GetAuditLogPage';
    const disabled = await t.post<PageResult<Row>>(L, { action: 'user.disable', pageSize: 200 }, admin);
    expect(disabled.data.models.length).toBeGreaterThan(0);
    expect(new Set(disabled.data.models.map((m) => m.action))).toEqual(new Set(['user.disable']));
    const one = disabled.data.models[0];
    const person = await t.post<PageResult<{ chnName: string }>>(`${U}/GetUserList`, { key: one.target }, admin);
    expect(one.targetName).toBe(person.data.models[0].chnName);
    expect(one.companyName).toBe('演示科技有限公司');
    // the select sends whole operations: 'user.enable' must not also match 'user.enable…' look-alikes
    const enabled = await t.post<PageResult<Row>>(L, { action: 'user.enable', pageSize: 200 }, admin);
    expect(enabled.data.models.every((m) => m.action === 'user.enable')).toBe(true);
    const org = await t.post<{ orgCode: string }>('/Api/User/user_org/AddOrg', { orgName: '审计部', pId: 0 }, corp);
    const orgRows = await t.post<PageResult<Row>>(L, { action: 'org.add', pageSize: 5 }, admin);
    expect(orgRows.data.models.find((m) => m.target === org.data.orgCode)?.targetName).toBe('审计部');
  });
});
