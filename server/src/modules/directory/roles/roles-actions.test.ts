import type { ActionView, CompanyView, PageResult, RoleView } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../../../test/factories.ts';
import { fileAppSignedIn } from '../../../../test/helper.ts';

const R = '/Api/SysConfig/sys_role';
const A = '/Api/SysConfig/sys_action';
const flat = (nodes: ActionView[]): ActionView[] => nodes.flatMap((n) => [n, ...flat(n.child)]);

const [t, admin, corp] = await fileAppSignedIn('admin', 'corpadmin');

describe('roles', () => {
  it('lists the company’s roles plus the assignable platform ones', async () => {
    const res = await t.post<PageResult<RoleView>>(`${R}/GetRoleListPage`, { pageIndex: 1, pageRows: 1000 }, corp);
    expect(res.data.models.map((r) => r.code).sort()).toEqual(['corpadmin', 'learner']);
    expect(res.data.models.every((r) => r.editable === false)).toBe(true);
    expect((await t.get(`${R}/GetSysRoleEnum`, { Type: 1 }, corp)).data).toEqual([
      { value: 0, label: '自定义角色' },
      { value: 3, label: '企业管理员' },
      { value: 4, label: '学员' },
    ]);
  });

  it('lets a company administrator build a role only from actions they hold, and the menu follows', async () => {
    const treeRes = await t.get<ActionView[]>(`${A}/GetRoleTree`, { Status: 1, ActionType: '0,1,2' }, corp);
    const nodes = flat(treeRes.data);
    expect(nodes.some((n) => n.value === 'Action.List')).toBe(false);
    const org = nodes.find((n) => n.value === 'Org.List') as ActionView;
    const add = await t.post<RoleView>(`${R}/AddRole`, { roleName: '部门维护员', sysRoleEnum: 0, roleAct: [org.id] }, corp);
    expect(add).toMatchObject({ success: true, data: { companySysCode: 'C-DEMO-TECH', editable: true } });
    const all = flat((await t.get<ActionView[]>(`${A}/GetRoleTree`, { Status: 1, ActionType: '0,1,2' }, admin)).data);
    const actionList = all.find((n) => n.value === 'Action.List') as ActionView;
    expect(await t.post(`${R}/AddRole`, { roleName: 'x', roleAct: [actionList.id] }, corp)).toMatchObject({
      code: 'ROLE_ACTIONS_NOT_HELD',
      msg: '只能从自己拥有的权限中选择',
    });
    expect(await t.post(`${R}/AddRole`, { roleName: 'x', sysRoleEnum: 1 }, corp)).toMatchObject({
      code: 'ROLE_SYS_RESTRICTED',
      msg: '不能设置平台管理员或平台运营角色类型',
    });
    expect((await t.post(`${R}/AddRole`, { roleName: '' }, corp)).msg).toBe('请输入角色名称');

    // assign it to a learner: their menu shows exactly that page
    const person = await buildUser(t);
    expect((await t.post('/Api/SysConfig/sys_userrole/SaveUserRole', { UserId: person.id, RoleList: [add.data.code] }, corp)).success).toBe(
      true,
    );
    const learner = await person.signIn();
    const menu = await t.post<{ child?: { url: string }[] }[]>(`${A}/GetUserMenuList`, {}, learner);
    expect(menu.data.flatMap((m) => (m.child ?? []).map((c) => c.url))).toEqual(['/ydUser/org']);

    const current = await t.get<RoleView & { roleAct: number[] }>(`${R}/GetCurrentRoles`, { RoleCode: add.data.code }, corp);
    expect(current.data.roleAct).toEqual([org.id]);
    const edit = await t.post(`${R}/EidtRole`, { code: add.data.code, roleName: '部门维护', sysRoleEnum: 4, roleAct: [] }, corp);
    expect(edit.success).toBe(true);
    expect(await t.post(`${R}/EidtRole`, { code: add.data.code, roleName: 'x', sysRoleEnum: 0 }, corp)).toMatchObject({
      code: 'ROLE_SYS_LOCKED',
      msg: '角色类型设置后不能修改',
    });
    expect((await t.post(`${A}/GetUserMenuList`, {}, learner)).data).toEqual([]);
  });

  it('shows the 平台管理员 role with every valid action (it holds them all) and keeps its grants on save', async () => {
    const all = flat((await t.get<ActionView[]>(`${A}/GetRoleTree`, { Status: 1, ActionType: '0,1,2' }, admin)).data);
    const res = await t.get<RoleView & { roleAct: number[]; allActions: boolean }>(`${R}/GetCurrentRoles`, { RoleCode: 'admin' }, admin);
    expect(res.data).toMatchObject({ sysRoleEnum: 1, allActions: true });
    expect([...res.data.roleAct].sort((a, b) => a - b)).toEqual(all.map((n) => n.id).sort((a, b) => a - b));
    // saving the dialog with an empty tree changes nothing the administrators hold
    expect((await t.post(`${R}/EidtRole`, { code: 'admin', roleName: '平台管理员', sysRoleEnum: 1, roleAct: [] }, admin)).success).toBe(
      true,
    );
    const after = await t.get<{ roleAct: number[] }>(`${R}/GetCurrentRoles`, { RoleCode: 'admin' }, admin);
    expect(after.data.roleAct).toHaveLength(all.length);
    expect((await t.post<string[]>(`${A}/GetUserActionValue`, {}, await t.login('admin'))).data).toContain('Action.List');
    const custom = await t.get<{ allActions: boolean }>(`${R}/GetCurrentRoles`, { RoleCode: 'learner' }, admin);
    expect(custom.data.allActions).toBe(false);
  });

  it('answers other companies’ and platform roles as missing to a company administrator', async () => {
    const theirs = await t.post<RoleView>(`${R}/AddRole`, { roleName: '物流角色', companySysCode: 'SLWL' }, admin);
    expect((await t.get(`${R}/GetCurrentRoles`, { RoleCode: theirs.data.code }, corp)).msg).toBe('请求的资源不存在');
    expect((await t.post(`${R}/EidtRole`, { code: theirs.data.code, roleName: 'x' }, corp)).msg).toBe('请求的资源不存在');
    expect((await t.post(`${R}/EidtRole`, { code: 'corpadmin', roleName: 'x', sysRoleEnum: 3 }, corp)).msg).toBe('请求的资源不存在');
    expect((await t.get(`${R}/GetCurrentRoles`, { RoleCode: 'admin' }, corp)).msg).toBe('请求的资源不存在');
  });
});

describe('permissions', () => {
  it('adds a page with button permissions, toggles it, and users see it at their next load', async () => {
    const menuUser = flat((await t.get<ActionView[]>(`${A}/GetRoleTree`, { Status: '', ActionType: '0,1,2' }, admin)).data).find(
      (n) => n.value === 'Menu.User',
    ) as ActionView;
    const add = await t.post<ActionView>(
      `${A}/AddAction`,
      {
        name: '测试页面',
        type: 1,
        url: '/ydUser/test',
        parentId: menuUser.id,
        code: 'Test.Page',
        value: 'Test.Page',
        pageActions: [{ name: '测试按钮', value: 'Test.Button' }],
      },
      admin,
    );
    expect(add.success).toBe(true);
    const byId = await t.get<ActionView & { pageActions: { id: number; name: string; value: string }[] }>(
      `${A}/GetActionById`,
      { Id: add.data.id },
      admin,
    );
    expect(byId.data.pageActions.map((p) => p.value)).toEqual(['Test.Button']);
    expect((await t.post<string[]>(`${A}/GetUserActionValue`, {}, admin)).data).toContain('Test.Button');
    const edit = await t.post(
      `${A}/EditAction`,
      { ...byId.data, name: '测试页面2', pageActions: [{ name: '另一个', value: 'Test.Other' }] },
      admin,
    );
    expect(edit.success).toBe(true);
    const values = (await t.post<string[]>(`${A}/GetUserActionValue`, {}, admin)).data;
    expect(values).toContain('Test.Other');
    expect(values).not.toContain('Test.Button');
    expect((await t.get(`${A}/SaveActionStatus`, { Code: 'Test.Page' }, admin)).data).toMatchObject({ status: 0 });
    expect((await t.post<string[]>(`${A}/GetUserActionValue`, {}, admin)).data).not.toContain('Test.Page');
    expect(await t.post(`${A}/AddAction`, { name: 'dup', code: 'Test.Page' }, admin)).toMatchObject({
      code: 'ACTION_CODE_TAKEN',
      msg: '权限编码已存在',
    });
    expect((await t.post(`${A}/AddAction`, { name: '' }, admin)).msg).toBe('请输入菜单名');
    expect((await t.get(`${A}/GetActionById`, { Id: 999999 }, admin)).msg).toBe('请求的资源不存在');
    expect((await t.post(`${A}/AddAction`, { name: 'x' }, corp)).errorCode).toBe(403);
  });

  it('protects the built-in codes', async () => {
    const userList = flat((await t.get<ActionView[]>(`${A}/GetRoleTree`, {}, admin)).data).find(
      (n) => n.value === 'User.List',
    ) as ActionView;
    expect(await t.post(`${A}/EditAction`, { ...userList, value: 'Hacked' }, admin)).toMatchObject({
      code: 'ACTION_BUILTIN_CODE',
      msg: '系统内置权限的编码和值不能修改',
    });
  });
});

describe('companies', () => {
  const C = '/Api/User/user_company';
  it('lets platform staff create, edit and disable a company with its own organisation root', async () => {
    const add = await t.post<CompanyView>(`${C}/SaveCompany`, { companyCode: 'NEWCO', companyName: '新公司', contactName: '赵' }, admin);
    expect(add.success).toBe(true);
    const sys = add.data.companySysCode;
    const orgTree = await t.get<{ orgName: string }[]>('/Api/User/user_org/GetOrgTree', { ShowTop: 0, companySysCode: sys }, admin);
    expect(orgTree.data.map((o) => o.orgName)).toEqual(['新公司']);
    expect((await t.post(`${C}/SaveCompany`, { companyCode: 'NEWCO', companyName: '别的' }, admin)).success).toBe(false);
    expect((await t.post(`${C}/SaveCompany`, { companySysCode: sys, companyCode: 'NEWCO', companyName: '新公司2' }, admin)).success).toBe(
      true,
    );
    expect((await t.get(`${C}/OpenAndClose`, { CompanySysCode: sys }, admin)).data).toEqual({ status: 0 });
    const list = await t.post<PageResult<CompanyView>>(
      `${C}/GetCompanyListPage`,
      { PageIndex: 1, PageRows: 100, Search: { key: '新公司' } },
      admin,
    );
    expect(list.data.models[0]).toMatchObject({ companyName: '新公司2', status: 0 });
    expect((await t.post(`${C}/SaveCompany`, { companyName: 'x' }, admin)).msg).toBe('请输入公司编码');
    // the contact phone is a phone number or nothing
    const badPhone = await t.post(
      `${C}/SaveCompany`,
      { companySysCode: sys, companyCode: 'NEWCO', companyName: '改名', contactPhone: 'abc' },
      admin,
    );
    expect(badPhone).toMatchObject({ success: false, msg: expect.stringContaining('请输入正确的联系电话') });
    const goodPhone = { companySysCode: sys, companyCode: 'NEWCO', companyName: '新公司2', contactPhone: '021-61234567' };
    expect((await t.post(`${C}/SaveCompany`, goodPhone, admin)).success).toBe(true);
  });

  it('signs a disabled company’s people out', async () => {
    const company = await buildCompany(t);
    const other = await (await buildUser(t, { company })).signIn();
    const sys = company.companySysCode;
    expect((await t.get(`${C}/OpenAndClose`, { CompanySysCode: sys }, admin)).data).toEqual({ status: 0 });
    expect((await t.post('/Api/User/user_user/GetUserInfo', {}, other)).errorCode).toBe(401);
    expect((await t.get(`${C}/OpenAndClose`, { CompanySysCode: sys }, admin)).data).toEqual({ status: 1 });
    expect((await t.get(`${C}/OpenAndClose`, { CompanySysCode: 'C-DEMO-LOGI' }, corp)).errorCode).toBe(403);
  });

  it('shows a company administrator only their own company and refuses changes', async () => {
    const list = await t.post<PageResult<CompanyView>>(
      `${C}/GetCompanyListPage`,
      { PageIndex: 1, PageRows: 100, Search: { key: '' } },
      corp,
    );
    expect(list.data.models.map((c) => c.companyCode)).toEqual(['YSKJ']);
    expect((await t.post(`${C}/SaveCompany`, { companyCode: 'X', companyName: 'x' }, corp)).errorCode).toBe(403);
  });
});
