import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Perm } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/store/session';
import { fail, type MockApi, mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import AuditLogPage from './auditlog';
import NoticeAdminPage from './content/notices';
import OrgTreePage from './org';
import RolePage from './role';

const render1 = (node: React.ReactNode) => render(<Providers queryClient={createQueryClient()}>{node}</Providers>);
const okButton = () => document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement;

let api: MockApi;
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetRequestState();
  api = mockApi();
  errors = vi.spyOn(feedback, 'error').mockImplementation(() => {});
  useSession.setState({ actions: [Perm.OrgList, Perm.OrgAdd, Perm.OrgEdit, Perm.RoleList, Perm.RoleEdit], sysRoles: [3] });
});
afterEach(() => vi.restoreAllMocks());

describe('组织架构', () => {
  const node = (id: number, name: string, pId: number, children: unknown[] = []) => ({
    id,
    orgCode: id > 0 ? `O${id}` : '',
    orgName: name,
    label: name,
    pId,
    order: 0,
    companySysCode: 'C',
    children,
  });

  it('adds a child under the root 全部部门 (pId 0); a refused duplicate shows one toast and keeps the dialog open', async () => {
    let refuse = true;
    api.on('/Api/User/user_org/GetOrgTree', ok([node(-1, '全部部门', 0, [node(1, '演示科技有限公司', 0)])])).on(
      '/Api/User/user_org/AddOrg',
      // the wrapper shows the server's message; the page must add nothing of its own
      () => (refuse ? fail('同一上级部门下已有同名部门') : ok(node(9, '质量部', 0))),
    );
    render1(<OrgTreePage />);
    fireEvent.click(await screen.findByTestId('org-add-全部部门'));
    fireEvent.change(await screen.findByTestId('org-name'), { target: { value: '演示科技有限公司' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
    expect(errors).toHaveBeenCalledWith('同一上级部门下已有同名部门', expect.any(Number));
    const sent = api.calls.find((c) => /AddOrg/.test(c.url))?.body;
    expect(sent).toMatchObject({ pId: 0, orgName: '演示科技有限公司' });
    expect(screen.getByTestId('org-dialog')).toBeInTheDocument();

    refuse = false;
    fireEvent.change(screen.getByTestId('org-name'), { target: { value: '质量部' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(api.calls.filter((c) => /AddOrg/.test(c.url))).toHaveLength(2));
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('an empty name is shown by the form only (no toast, no request)', async () => {
    api.on('/Api/User/user_org/GetOrgTree', ok([node(-1, '全部部门', 0, [])]));
    render1(<OrgTreePage />);
    fireEvent.click(await screen.findByTestId('org-add-全部部门'));
    await screen.findByTestId('org-name');
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入部门名称')).toBeInTheDocument();
    expect(api.calls.some((c) => /AddOrg/.test(c.url))).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('角色管理', () => {
  const role = (code: string, roleName: string, sysRoleEnum: number) => ({
    id: 1,
    code,
    roleName,
    sysRoleEnum,
    companySysCode: '',
    companyName: '',
    editable: true,
    userCount: 1,
  });
  const tree = [
    { id: 1, name: '用户管理', type: 0, value: 'Menu.User', child: [{ id: 2, name: '用户列表', type: 1, value: 'User.List', child: [] }] },
  ];

  it('shows the 平台管理员 role with every permission ticked and read-only, and sends no grants', async () => {
    api
      .on('/Api/SysConfig/sys_role/GetRoleListPage', ok({ models: [role('admin', '平台管理员', 1)], totalCount: 1 }))
      .on('/Api/SysConfig/sys_action/GetRoleTree', ok(tree))
      .on('/Api/SysConfig/sys_role/GetSysRoleEnum', ok([{ value: 1, label: '平台管理员' }]))
      .on('/Api/SysConfig/sys_role/GetCurrentRoles', ok({ ...role('admin', '平台管理员', 1), roleAct: [1, 2], allActions: true }))
      .on('/Api/SysConfig/sys_role/EidtRole', ok(role('admin', '平台管理员', 1), '保存成功'));
    render1(<RolePage />);
    fireEvent.click(await screen.findByTestId('role-edit-平台管理员'));
    expect(await screen.findByTestId('role-all-actions')).toHaveTextContent('平台管理员拥有全部权限（只读）');
    const box = screen.getByTestId('role-tree');
    await waitFor(() => expect(box.querySelectorAll('.ant-tree-checkbox-checked')).toHaveLength(2));
    expect(box.querySelectorAll('.ant-tree-checkbox-disabled')).toHaveLength(2);
    within(box).getByText('用户列表（页面）');
    fireEvent.click(okButton());
    await waitFor(() => expect(api.calls.some((c) => /EidtRole/.test(c.url))).toBe(true));
    expect(api.calls.find((c) => /EidtRole/.test(c.url))?.body).toMatchObject({ roleAct: [] });
  });
});

describe('操作日志', () => {
  it('shows names instead of codes and filters by a Chinese operation that sends the exact code', async () => {
    const row = {
      id: 1,
      actorName: '李经理(corpadmin)',
      companySysCode: 'C-DEMO-TECH',
      companyName: '演示科技有限公司',
      action: 'user.disable',
      target: 'learner03',
      targetName: '张伟',
      detail: '',
      ip: '127.0.0.1',
      createTime: '2026-11-21 10:00:00',
    };
    api.on('/Api/SysConfig/sys_auditlog/GetAuditLogPage', ok({ models: [row], totalCount: 1 }));
    render1(<AuditLogPage />);
    expect(await screen.findByText('张伟（learner03）')).toBeInTheDocument();
    expect(screen.getByText('演示科技有限公司')).toBeInTheDocument();
    expect(screen.getAllByText('停用用户').length).toBeGreaterThan(0);
    const input = screen.getByTestId('audit-action').querySelector('input') as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '停用用户' } });
    fireEvent.click(await screen.findByText('停用用户', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(api.calls.some((c) => /GetAuditLogPage/.test(c.url) && (c.body as { action: string }).action === 'user.disable')).toBe(true),
    );
  });
});

describe('公告管理', () => {
  it('asks before publishing a notice and publishes only on 确定', async () => {
    useSession.setState({ actions: [Perm.NoticeList, Perm.NoticePublish], sysRoles: [3] });
    const notice = {
      noticeSysCode: 'N1',
      title: '草稿公告',
      status: 0,
      noticeChannel: 1,
      companyName: '',
      releaseTime: '1900-01-01 00:00:00',
    };
    api
      .on('/Api/SysConfig/sys_notice/GetNoticeDataPageList', ok({ models: [notice], totalCount: 1 }))
      .on('/Api/SysConfig/sys_notice/SetNoticeStatus', ok(null));
    render1(<NoticeAdminPage />);
    fireEvent.click(await screen.findByTestId('notice-toggle-status'));
    expect(await screen.findByText('确定发布该公告吗？发布后所有可见人员都能看到')).toBeInTheDocument();
    expect(api.calls.some((c) => /SetNoticeStatus/.test(c.url))).toBe(false);
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(api.calls.find((c) => /SetNoticeStatus/.test(c.url))?.body).toEqual({ noticeSysCode: 'N1', status: 2 }));
  });
});
