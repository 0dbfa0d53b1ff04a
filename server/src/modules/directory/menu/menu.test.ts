import { flattenActions, type MenuEntry } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { actions } from '../../../db/schema/index.ts';
import { invalidateAllActors } from '../../../platform/actor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const menu = async (account: string) =>
  (await t.post<MenuEntry[]>('/Api/SysConfig/sys_action/GetUserMenuList', {}, await t.login(account))).data;
const values = async (account: string) =>
  (await t.post<string[]>('/Api/SysConfig/sys_action/GetUserActionValue', {}, await t.login(account))).data;
const urls = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [...(e.url ? [e.url] : []), ...urls(e.child ?? [])]);

describe('GetUserMenuList', () => {
  it('gives the platform administrator every page of both specs', async () => {
    const tree = await menu('admin');
    const pages = flattenActions()
      .filter((a) => a.type === 1)
      .map((a) => a.url);
    expect(urls(tree).sort()).toEqual([...pages].sort());
    expect(tree.map((e) => e.name)).toEqual(['学习中心', '用户管理', '培训管理', '考试管理', '内容管理', '系统管理']);
    expect(tree[1].child?.[0]).toMatchObject({ name: '用户管理', url: '/ydUser/index', icon: 'UserOutlined', isHidden: 0 });
  });

  it('gives a learner only the learning centre', async () => {
    const tree = await menu('learner01');
    expect(tree.map((e) => e.name)).toEqual(['学习中心']);
    expect(urls(tree)).toContain('/ydmessage/index');
    expect(urls(tree)).not.toContain('/ydUser/index');
  });

  it('gives a company administrator company pages but not platform ones', async () => {
    const u = urls(await menu('corpadmin'));
    expect(u).toContain('/ydUser/index');
    expect(u).toContain('/permission/role');
    expect(u).not.toContain('/ydUser/company');
    expect(u).not.toContain('/permission/pageCtrl');
    expect(u).not.toContain('/system/auditlog');
  });

  it('drops a page whose action is made invalid, at the next load', async () => {
    await t.ctx.db.update(actions).set({ status: 0 }).where(eq(actions.code, 'Study.Regulations'));
    await invalidateAllActors(t.ctx);
    expect(urls(await menu('learner01'))).not.toContain('/regulations/index');
    expect(await values('learner01')).not.toContain('Study.Regulations');
    await t.ctx.db.update(actions).set({ status: 1 }).where(eq(actions.code, 'Study.Regulations'));
    await invalidateAllActors(t.ctx);
    expect(urls(await menu('learner01'))).toContain('/regulations/index');
  });
});

describe('GetUserActionValue', () => {
  it('lists the values that gate buttons', async () => {
    const corp = await values('corpadmin');
    expect(corp).toEqual(
      expect.arrayContaining(['User.AddUser', 'User.ExportInUser', 'User.ComPanyEdit', 'User.SetRoles', 'role.add', 'role.edit']),
    );
    expect(corp).not.toContain('User.SysEdit');
    expect(corp).not.toContain('User.SetComPany');
    const admin = await values('admin');
    expect(admin).toEqual(expect.arrayContaining(['User.SysEdit', 'User.SetComPany', 'Action.Edit']));
  });

  it('requires a session', async () => {
    expect((await t.post('/Api/SysConfig/sys_action/GetUserActionValue')).errorCode).toBe(401);
    expect((await t.post('/Api/SysConfig/sys_action/GetUserMenuList')).errorCode).toBe(401);
  });
});
