import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type IdentitySourceView, SysRole } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { useSession } from '../../../app/store/session';
import { fail, type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import IdentitySourcesPage from './index';

const P = '/Api/SysConfig/sys_identity_source';
const source = (over: Partial<IdentitySourceView> = {}): IdentitySourceView => ({
  id: 7,
  companySysCode: 'C-1',
  companyName: '演示科技有限公司',
  kind: 'ldap',
  kindName: 'LDAP / Active Directory',
  name: '总部 AD',
  enabled: true,
  settings: {
    url: 'ldaps://dc1.example.com:636',
    bindDn: 'cn=xuetu,dc=example,dc=com',
    baseDn: 'ou=people,dc=example,dc=com',
    userFilter: '(uid={username})',
    attributes: { name: 'cn', phone: 'mobile', email: 'mail', jobNumber: 'employeeNumber', department: 'ou' },
    autoCreate: true,
    timeoutMs: 5000,
  },
  bindPasswordSet: true,
  createTime: '2026-12-02 10:00:00',
  updateTime: '2026-12-02 10:00:00',
  ...over,
});

let api: MockApi;
let rows: IdentitySourceView[];
beforeEach(() => {
  resetRequestState();
  rows = [source()];
  // a company administrator: their own company's connections, no company column or picker
  useSession.setState({ sysRoles: [SysRole.CompanyAdmin], actions: ['IdentitySource.List', 'IdentitySource.Edit'] });
  api = mockApi()
    .on(`${P}/GetIdentitySourceList`, () => ok({ models: rows, totalCount: rows.length, secretKeyConfigured: true }))
    .on(`${P}/GetIdentitySource`, (_c: unknown, body: { id: number }) => ok(rows.find((r) => r.id === body.id)))
    .on(`${P}/SaveIdentitySource`, (_c: unknown, body: { name: string }) => ok(source({ id: 8, name: body.name }), '保存成功'))
    .on(`${P}/DeleteIdentitySource`, () => {
      rows = [];
      return ok(null, '删除成功!');
    })
    .on(`${P}/TestIdentitySource`, () =>
      ok({ ok: false, reason: 'bindRefused', message: '服务账号绑定被拒绝：绑定 DN 或密码不正确', people: 0, more: false }),
    );
});
afterEach(() => vi.restoreAllMocks());

const bodyOf = (path: string) => api.calls.filter((c) => c.url.endsWith(path)).at(-1)?.body as Record<string, unknown> | undefined;

describe('身份源 page', () => {
  it('lists the connections with their status and 已设置 for a saved password, never the password', async () => {
    renderWithApp(<IdentitySourcesPage />);
    const row = (await screen.findByText('总部 AD')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('ldaps://dc1.example.com:636');
    expect(row).toHaveTextContent('启用');
    expect(row).toHaveTextContent('已设置');
    expect(screen.queryByText('公司')).toBeNull();
  });

  it('says when there is none, when the list failed (with 重试), and when the server has no key', async () => {
    rows = [];
    const view = renderWithApp(<IdentitySourcesPage />);
    expect(await screen.findByText(/暂无身份源/)).toBeInTheDocument();
    view.unmount();
    api.on(`${P}/GetIdentitySourceList`, fail('服务器开小差了'));
    const failed = renderWithApp(<IdentitySourcesPage />);
    expect(await screen.findByTestId('source-list-error')).toHaveTextContent('身份源列表加载失败');
    failed.unmount();
    api.on(`${P}/GetIdentitySourceList`, ok({ models: [], totalCount: 0, secretKeyConfigured: false }));
    renderWithApp(<IdentitySourcesPage />);
    expect(await screen.findByTestId('source-no-key')).toHaveTextContent('CONNECTION_SECRET_KEY');
  });

  it('edits one: the password field shows 已设置 and saving it empty keeps the saved one; 测试连接 shows what failed', async () => {
    renderWithApp(<IdentitySourcesPage />);
    fireEvent.click(within((await screen.findByText('总部 AD')).closest('tr') as HTMLElement).getByTestId('source-edit'));
    const password = await screen.findByTestId('source-password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', '已设置');
    expect(screen.getByTestId('source-url')).toHaveValue('ldaps://dc1.example.com:636');

    fireEvent.click(screen.getByTestId('source-test'));
    expect(await screen.findByTestId('source-test-result')).toHaveTextContent('服务账号绑定被拒绝：绑定 DN 或密码不正确');
    expect(bodyOf('/TestIdentitySource')).toMatchObject({
      id: 7,
      kind: 'ldap',
      bindPassword: '',
      settings: { url: 'ldaps://dc1.example.com:636' },
    });

    fireEvent.change(screen.getByTestId('source-name'), { target: { value: '总部 AD 新' } });
    fireEvent.click(screen.getByTestId('source-save'));
    await waitFor(() => expect(bodyOf('/SaveIdentitySource')).toMatchObject({ id: 7, name: '总部 AD 新', bindPassword: '' }));
  });

  it('adds one with a new password; bad input is stopped by the form with the contract’s message', async () => {
    rows = [];
    renderWithApp(<IdentitySourcesPage />);
    fireEvent.click(await screen.findByTestId('source-add'));
    fireEvent.change(await screen.findByTestId('source-name'), { target: { value: '分部 LDAP' } });
    fireEvent.change(screen.getByTestId('source-url'), { target: { value: 'http://dir' } });
    fireEvent.click(screen.getByTestId('source-save'));
    expect(await screen.findByText('请输入正确的 LDAP 地址，如 ldaps://dc1.example.com:636')).toBeInTheDocument();
    expect(bodyOf('/SaveIdentitySource')).toBeUndefined();

    fireEvent.change(screen.getByTestId('source-url'), { target: { value: 'ldap://dir.example.com' } });
    fireEvent.change(screen.getByTestId('source-base-dn'), { target: { value: 'dc=example,dc=com' } });
    fireEvent.change(screen.getByTestId('source-password'), { target: { value: 'S3cret!' } });
    fireEvent.click(screen.getByTestId('source-save'));
    await waitFor(() =>
      expect(bodyOf('/SaveIdentitySource')).toMatchObject({
        name: '分部 LDAP',
        kind: 'ldap',
        enabled: true,
        bindPassword: 'S3cret!',
        settings: { url: 'ldap://dir.example.com', baseDn: 'dc=example,dc=com', userFilter: '(uid={username})', autoCreate: true },
      }),
    );
  });

  it('deletes one after asking', async () => {
    renderWithApp(<IdentitySourcesPage />);
    fireEvent.click(within((await screen.findByText('总部 AD')).closest('tr') as HTMLElement).getByTestId('source-delete'));
    expect(bodyOf('/DeleteIdentitySource')).toBeUndefined();
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodyOf('/DeleteIdentitySource')).toEqual({ id: 7 }));
    expect(await screen.findByText(/暂无身份源/)).toBeInTheDocument();
  });

  it('an OpenID Connect connection: its own fields, the callback to register, 测试连接 and save with kind oidc', async () => {
    rows = [
      source({
        id: 9,
        kind: 'oidc',
        kindName: 'OpenID Connect',
        name: '集团统一身份',
        settings: {
          issuer: 'https://sso.example.com/realms/staff',
          clientId: 'xuetu',
          scopes: 'openid profile email phone',
          claims: { username: 'preferred_username', name: 'name', phone: 'phone_number', email: 'email', jobNumber: 'employee_number' },
          buttonName: '集团账号',
          autoCreate: true,
          timeoutMs: 5000,
        },
      }),
    ];
    renderWithApp(<IdentitySourcesPage />);
    const row = (await screen.findByText('集团统一身份')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('https://sso.example.com/realms/staff');
    fireEvent.click(within(row).getByTestId('source-edit'));
    expect(await screen.findByTestId('source-issuer')).toHaveValue('https://sso.example.com/realms/staff');
    expect(screen.getByTestId('source-client-id')).toHaveValue('xuetu');
    expect(screen.getByTestId('source-password')).toHaveAttribute('placeholder', '已设置');
    expect(screen.getByTestId('source-callback')).toHaveTextContent(`${window.location.origin}/prod-api/auth/oidc/callback`);
    expect(screen.queryByTestId('source-base-dn')).toBeNull();

    fireEvent.click(screen.getByTestId('source-test'));
    await waitFor(() =>
      expect(bodyOf('/TestIdentitySource')).toMatchObject({
        id: 9,
        kind: 'oidc',
        settings: { issuer: 'https://sso.example.com/realms/staff' },
      }),
    );
    fireEvent.change(screen.getByTestId('source-claim-jobNumber'), { target: { value: 'emp no' } });
    fireEvent.click(screen.getByTestId('source-save'));
    expect(await screen.findByText('声明名只能包含字母、数字、下划线、短横线、点和冒号')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('source-claim-jobNumber'), { target: { value: 'staff_no' } });
    fireEvent.click(screen.getByTestId('source-save'));
    await waitFor(() =>
      expect(bodyOf('/SaveIdentitySource')).toMatchObject({
        id: 9,
        kind: 'oidc',
        bindPassword: '',
        settings: {
          issuer: 'https://sso.example.com/realms/staff',
          clientId: 'xuetu',
          buttonName: '集团账号',
          claims: { jobNumber: 'staff_no' },
        },
      }),
    );
  });
});
