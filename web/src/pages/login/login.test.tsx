import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TOKEN_COOKIE_KEY } from '@xuetu/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/store/session';
import { adminInfo, adminMenus } from '../../test/fixtures';
import { fail, mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import { renderApp } from '../../test/renderApp';
import { PasswordLoginForm } from './components/PasswordLoginForm';

const U = '/Api/User/user_user';
const A = '/Api/SysConfig/sys_action';

beforeEach(() => {
  resetRequestState();
  useSession.getState().resetToken();
  vi.spyOn(feedback, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

// the field checks need only the form (a small tree, no lazy app chunks); the sign-in journey
// below renders the whole app
const renderForm = () =>
  render(
    <Providers queryClient={createQueryClient()}>
      <PasswordLoginForm onLoggedIn={() => {}} />
    </Providers>,
  );

describe('/login', () => {
  it('checks the fields on blur with the spec texts', async () => {
    mockApi();
    renderForm();
    const username = await screen.findByTestId('login-username');
    fireEvent.change(username, { target: { value: '   ' } });
    fireEvent.blur(username);
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    fireEvent.blur(screen.getByTestId('login-password'));
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
  });

  it('checks both fields on submit, sends nothing until they are filled, then the trimmed username', async () => {
    const api = mockApi().on(`${U}/LoginStep1`, fail('用户名或密码错误'));
    renderForm();
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByTestId('login-username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('login-username')).toHaveAccessibleDescription('请输入用户名');
    expect(api.calls.some((c) => c.url === `${U}/LoginStep1`)).toBe(false);
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: ' learner01 ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Xuetu@2026' } });
    // Enter in a field submits the form, as antd's Form did
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url === `${U}/LoginStep1`)?.body).toEqual({ username: 'learner01', password: 'Xuetu@2026' }),
    );
    expect(screen.queryByText('请输入用户名')).toBeNull();
    // the failed call clears the button's loading state
    await waitFor(() => expect(screen.getByTestId('login-submit')).not.toHaveClass('is-loading'));
  });

  it('shows and hides the password with the eye button, by mouse or keyboard', async () => {
    mockApi();
    renderForm();
    const password = await screen.findByTestId('login-password');
    expect(password).toHaveAttribute('type', 'password');
    const eye = screen.getByRole('button', { name: '显示' });
    fireEvent.click(eye);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: '隐藏' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(screen.getByRole('button', { name: '隐藏' }), { key: 'Enter' });
    expect(password).toHaveAttribute('type', 'password');
  });

  it('warns when caps lock is on', async () => {
    mockApi();
    renderForm();
    const password = await screen.findByTestId('login-password');
    fireEvent.keyUp(password, { key: 'A', modifierCapsLock: true });
    expect(await screen.findByTestId('caps-lock-warning')).toHaveTextContent('大写锁定已打开');
  });

  it('signs in, loads the session and goes to the redirect target', async () => {
    const api = mockApi()
      .on(`${U}/LoginStep1`, ok([{ item1: '平台 - 平台管理员（admin）', item2: 'secret-1' }]))
      .on(`${U}/LoginStep2`, ok({ token: 'new-token', mustChangePassword: false }))
      .on(`${U}/GetUserInfo`, ok(adminInfo))
      .on(`${A}/GetUserActionValue`, ok([]))
      .on(`${A}/GetUserMenuList`, ok(adminMenus))
      .on('/Api/SysConfig/sys_message/GetNoReadCount', ok(0));
    renderApp('/login?redirect=/ydUser/org');
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Xuetu@2026' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(api.calls.map((c) => c.url)).toContain(`${U}/LoginStep2`));
    // the target page opens inside the layout (its breadcrumb), whatever component renders it
    // the layout and the page are lazy chunks: on a loaded machine their first import takes a while
    await waitFor(() => expect(screen.getByTestId('breadcrumb')).toHaveTextContent('组织架构'), { timeout: 15_000 });
    // and the page's chunk has arrived (the layout asks for it with antd's): nothing loads after the test
    await waitFor(() => expect(screen.queryByTestId('page-loading')).toBeNull(), { timeout: 15_000 });
    expect(api.calls.find((c) => c.url === `${U}/LoginStep1`)?.body).toEqual({ username: 'admin', password: 'Xuetu@2026' });
    expect(api.calls.some((c) => c.url === `${U}/LoginStep2`)).toBe(true);
    await waitFor(() => expect(Cookies.get(TOKEN_COOKIE_KEY)).toBe('new-token'));
  });
});
