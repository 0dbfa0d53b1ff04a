import type { OrgNode, OrgPostView, PageResult, PostView } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { fileAppSignedIn } from '../../../../test/helper.ts';

const O = '/Api/User/user_org';

const [t, admin, corp, learner] = await fileAppSignedIn('admin', 'corpadmin', 'learner01');

const tree = async (token: string, q: Record<string, string | number> = {}) => (await t.get<OrgNode[]>(`${O}/GetOrgTree`, q, token)).data;
const flat = (nodes: OrgNode[]): OrgNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const logiOrg = async () => flat(await tree(admin, { ShowTop: 0 })).find((o) => o.companySysCode === 'C-DEMO-LOGI') as OrgNode;

describe('organisation tree', () => {
  it('answers the own company under the virtual root -1, or without it (ShowTop=0)', async () => {
    const withTop = await tree(corp);
    expect(withTop).toHaveLength(1);
    expect(withTop[0]).toMatchObject({ id: -1 });
    expect(withTop[0].children[0]).toMatchObject({ orgName: '演示科技有限公司', pId: 0 });
    const noTop = await tree(corp, { ShowTop: 0 });
    expect(noTop[0].orgName).toBe('演示科技有限公司');
    expect(flat(noTop).every((o) => o.companySysCode === 'C-DEMO-TECH')).toBe(true);
    expect((await t.get(`${O}/GetOrgTree`, {}, learner)).errorCode).toBe(403);
    expect((await t.get(`${O}/GetOrgTree`, {})).errorCode).toBe(401);
  });

  it('adds, edits and deletes a department with its children', async () => {
    const top = (await tree(corp, { ShowTop: 0 }))[0];
    const add = await t.post<OrgNode>(`${O}/AddOrg`, { orgName: '安全部', pId: top.id, order: '' }, corp);
    expect(add).toMatchObject({ success: true, data: { orgName: '安全部', order: 0 } });
    const child = await t.post<OrgNode>(`${O}/AddOrg`, { orgName: '安全一组', pId: add.data.id, order: 2 }, corp);
    const edit = await t.post<OrgNode>(`${O}/EditOrg`, { id: add.data.id, orgName: '安全环保部', pId: top.id, order: 5 }, corp);
    expect(edit.data).toMatchObject({ orgName: '安全环保部', order: 5 });
    expect(await t.post(`${O}/EditOrg`, { id: add.data.id, orgName: 'x', pId: child.data.id }, corp)).toMatchObject({
      code: 'ORG_PARENT_LOOP',
      msg: '不能把部门移动到它自己或下级部门之下',
    });
    const del = await t.post(`${O}/DeleteOrg`, { id: add.data.id }, corp);
    expect(del).toMatchObject({ success: true, msg: '删除成功!', data: { deleted: 2 } });
    expect(flat(await tree(corp)).some((o) => o.orgName === '安全一组')).toBe(false);
  });

  it('adds a top department (pId -1 sent as 0) in the own company', async () => {
    const res = await t.post<OrgNode>(`${O}/AddOrg`, { orgName: '顶级部门', pId: -1, order: 1 }, corp);
    expect(res.data).toMatchObject({ pId: 0, companySysCode: 'C-DEMO-TECH' });
    expect(await t.post(`${O}/AddOrg`, { orgName: '无公司', pId: 0 }, admin)).toMatchObject({
      code: 'COMPANY_PICK_REQUIRED',
      msg: '请先选择公司',
    });
  });

  it('refuses a second department of the same name under one parent (add and edit), allows it elsewhere', async () => {
    const top = (await tree(corp, { ShowTop: 0 }))[0];
    const a = await t.post<OrgNode>(`${O}/AddOrg`, { orgName: '质量部', pId: top.id }, corp);
    expect(a.success).toBe(true);
    const before = flat(await tree(corp)).length;
    expect(await t.post(`${O}/AddOrg`, { orgName: ' 质量部 ', pId: top.id }, corp)).toMatchObject({
      success: false,
      code: 'ORG_NAME_TAKEN',
      msg: '同一上级部门下已有同名部门',
    });
    expect(flat(await tree(corp))).toHaveLength(before);
    // the same name one level down, and in another company, is fine
    expect((await t.post<OrgNode>(`${O}/AddOrg`, { orgName: '质量部', pId: a.data.id }, corp)).success).toBe(true);
    const foreign = await logiOrg();
    expect((await t.post(`${O}/AddOrg`, { orgName: '质量部', pId: foreign.id }, admin)).success).toBe(true);
    // renaming onto a sibling's name is refused; saving a department under its own name is not
    const b = await t.post<OrgNode>(`${O}/AddOrg`, { orgName: '质量二部', pId: top.id }, corp);
    expect(await t.post(`${O}/EditOrg`, { id: b.data.id, orgName: '质量部', pId: top.id }, corp)).toMatchObject({
      code: 'ORG_NAME_TAKEN',
      msg: '同一上级部门下已有同名部门',
    });
    expect((await t.post(`${O}/EditOrg`, { id: b.data.id, orgName: '质量二部', pId: top.id, order: 3 }, corp)).success).toBe(true);
    // a child of the root 全部部门 (pId -1 → 0) lands in the company, next to the company's top department
    const rootChild = await t.post<OrgNode>(
      `${O}/AddOrg`,
      { orgName: '根下部门', pId: -1, order: 1, companySysCode: 'C-DEMO-TECH' },
      admin,
    );
    expect(rootChild.data).toMatchObject({ pId: 0, companySysCode: 'C-DEMO-TECH' });
    expect((await tree(corp))[0].children.map((o) => o.orgName)).toContain('根下部门');
    expect(await t.post(`${O}/AddOrg`, { orgName: '根下部门', pId: 0 }, corp)).toMatchObject({
      code: 'ORG_NAME_TAKEN',
      msg: '同一上级部门下已有同名部门',
    });
  });

  it('refuses to delete a department that still has users, saying how many', async () => {
    const tech = flat(await tree(corp)).find((o) => o.orgName === '技术研发部') as OrgNode;
    const res = await t.post(`${O}/DeleteOrg`, { id: tech.id }, corp);
    expect(res).toMatchObject({ success: false, code: 'ORG_HAS_USERS' });
    expect(res.msg).toMatch(/还有 \d+ 名用户/);
  });

  it('never touches the root or another company’s departments', async () => {
    expect(await t.post(`${O}/EditOrg`, { id: -1, orgName: 'x' }, corp)).toMatchObject({
      code: 'ORG_ROOT_LOCKED',
      msg: '根节点不能编辑或删除',
    });
    expect(await t.post(`${O}/DeleteOrg`, { id: -1 }, corp)).toMatchObject({ code: 'ORG_ROOT_LOCKED', msg: '根节点不能编辑或删除' });
    const foreign = await logiOrg();
    expect((await t.post(`${O}/EditOrg`, { id: foreign.id, orgName: 'x' }, corp)).msg).toBe('请求的资源不存在');
    expect((await t.post(`${O}/DeleteOrg`, { orgCode: foreign.orgCode }, corp)).msg).toBe('请求的资源不存在');
    expect(await t.post(`${O}/AddOrg`, { orgName: 'x', pId: foreign.id }, corp)).toMatchObject({
      code: 'ORG_PARENT_NOT_FOUND',
      msg: '上级部门不存在',
    });
    expect((await t.post(`${O}/AddOrg`, { pId: 0 }, corp)).msg).toBe('请输入部门名称');
  });
});

describe('posts', () => {
  const P = '/Api/User/user_post';
  it('lists posts per department and all posts with their paths', async () => {
    const hr = flat(await tree(corp)).find((o) => o.orgName === '人力资源部') as OrgNode;
    const res = await t.post<PageResult<OrgPostView>>(
      '/Api/User/user_orgpost/GetOrgPostListPage',
      { OrgCode: hr.orgCode, KeyWord: '', pageIndex: 1, pageSize: 20 },
      corp,
    );
    expect(res.data.models.map((m) => m.postName).sort()).toEqual(['人力资源经理', '培训专员']);
    const posts = await t.post<PageResult<PostView>>(`${P}/GetPostListPage`, { KeyWord: '前端' }, corp);
    const fe = posts.data.models[0];
    expect(fe.orgNameStr).toBe('前端组');
    expect(fe.orgNamePathsStr.split(',').length).toBe(3);
    const foreign = await logiOrg();
    expect(
      (await t.post<PageResult<OrgPostView>>('/Api/User/user_orgpost/GetOrgPostListPage', { OrgCode: foreign.orgCode }, corp)).data
        .totalCount,
    ).toBe(0);
  });

  it('adds, edits, assigns, removes and deletes a post', async () => {
    const add = await t.post<{ postCode: string }>(`${P}/SavePost`, { postName: '安全员', importance: 2 }, corp);
    expect(add).toMatchObject({ success: true, msg: '保存成功' });
    const code = add.data.postCode;
    expect(await t.post(`${P}/SavePost`, { postName: '安全员' }, corp)).toMatchObject({ code: 'POST_NAME_TAKEN', msg: '该岗位名称已存在' });
    expect((await t.post(`${P}/SavePost`, { postCode: code, postName: '安全主管', importance: 3 }, corp)).success).toBe(true);
    const orgsList = flat(await tree(corp, { ShowTop: 0 }));
    const fe = orgsList.find((o) => o.orgName === '前端组') as OrgNode;
    const be = orgsList.find((o) => o.orgName === '后端组') as OrgNode;
    expect(await t.post(`${P}/SetOrgPostBySelectOrg`, { PostCode: code, OrgIds: [fe.id, be.id] }, corp)).toMatchObject({
      success: true,
      msg: '保存成功',
    });
    const row = (await t.post<PageResult<PostView>>(`${P}/GetPostListPage`, { KeyWord: '安全主管' }, corp)).data.models[0];
    expect(row.orgIds.sort()).toEqual([fe.id, be.id].sort());
    expect(row.orgNamePathsStr.split('|')).toHaveLength(2);
    expect(await t.post('/Api/User/user_orgpost/Removeorgpost', { postCode: code, orgCode: fe.orgCode }, corp)).toMatchObject({
      success: true,
      msg: '移除成功',
    });
    expect(await t.post(`${P}/DeletePost`, { postCode: code }, corp)).toMatchObject({ success: true, msg: '删除成功!' });
  });

  it('keeps posts inside the company and checks input', async () => {
    const foreign = await logiOrg();
    const mine = (await t.post<PageResult<PostView>>(`${P}/GetPostListPage`, { KeyWord: '培训专员' }, corp)).data.models[0];
    expect(await t.post(`${P}/SetOrgPostBySelectOrg`, { PostCode: mine.postCode, OrgIds: [foreign.id] }, corp)).toMatchObject({
      code: 'ORG_NOT_FOUND',
      msg: '部门不存在',
    });
    const theirs = (await t.post<PageResult<PostView>>(`${P}/GetPostListPage`, { KeyWord: '调度员' }, admin)).data.models[0];
    expect((await t.post(`${P}/DeletePost`, { postCode: theirs.postCode }, corp)).msg).toBe('请求的资源不存在');
    expect((await t.post(`${P}/SavePost`, { postCode: theirs.postCode, postName: 'x' }, corp)).msg).toBe('请求的资源不存在');
    expect((await t.post(`${P}/SavePost`, { postName: '' }, corp)).msg).toBe('请输入岗位名称');
    const busy = await t.post(`${P}/DeletePost`, { postCode: mine.postCode }, corp);
    expect(busy.code).toBe('POST_HAS_USERS');
    expect(busy.msg).toMatch(/还有 \d+ 名用户/);
    expect((await t.post(`${P}/SavePost`, { postName: 'x' }, learner)).errorCode).toBe(403);
  });
});
