import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TOKEN_COOKIE_KEY } from '@xuetu/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/store/session';
import { adminInfo, adminMenus } from '../../test/fixtures';
import { mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import { renderApp } from '../../test/renderApp';
import { SignInButtons } from './components/SignInButtons';

// Issue 41 item 2 on the login page: the companies' 使用 XX 登录 buttons (links to the server's
// start route, with the page to come back to), the return with a login secret in the fragment
// (traded by LoginStep2, then the redirect target), and a failure's key said in Chinese.
const U = '/Api/User/user_user';
const A = '/Api/SysConfig/sys_action';
const BUTTONS = '/Api/SysConfig/sys_identity_source/GetSignInButtons';

beforeEach(() => {
  resetRequestState();
  useSession.getState().resetToken();
  vi.spyOn(feedback, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('OpenID Connect on /login', () => {
  it('shows a button per enabled connection, going to its start with the page to return to', async () => {
    mockApi().on(
      BUTTONS,
      ok({ models: [{ id: 7, kind: 'oidc', label: '使用 集团统一身份 登录', startPath: '/prod-api/auth/oidc/7/start' }] }),
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <SignInButtons redirect="/exam/list?x=1" />
      </Providers>,
    );
    const link = await screen.findByRole('link', { name: '使用 集团统一身份 登录' });
    expect(link).toHaveAttribute('href', '/prod-api/auth/oidc/7/start?redirect=%2Fexam%2Flist%3Fx%3D1');
  });

  it('shows nothing when there is no connection, or the list cannot be read', async () => {
    const api = mockApi().on(BUTTONS, ok({ models: [] }));
    const { unmount } = render(
      <Providers queryClient={createQueryClient()}>
        <SignInButtons />
      </Providers>,
    );
    await waitFor(() => expect(api.calls.some((c) => c.url === BUTTONS)).toBe(true));
    expect(screen.queryByTestId('signin-buttons')).toBeNull();
    unmount();
    // not mocked: the read fails (404) silently
    mockApi();
    render(
      <Providers queryClient={createQueryClient()}>
        <SignInButtons />
      </Providers>,
    );
    await waitFor(() => expect(screen.queryByTestId('signin-buttons')).toBeNull());
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('trades the secret of the fragment for the session and opens the redirect target', async () => {
    const api = mockApi()
      .on(`${U}/LoginStep2`, ok({ token: 'oidc-token', mustChangePassword: false }))
      .on(`${U}/GetUserInfo`, ok(adminInfo))
      .on(`${A}/GetUserActionValue`, ok([]))
      .on(`${A}/GetUserMenuList`, ok(adminMenus))
      .on('/Api/SysConfig/sys_message/GetNoReadCount', ok(0))
      .on(BUTTONS, ok({ models: [] }));
    window.history.replaceState(null, '', '/login?redirect=/ydUser/org#oidc=secret-from-callback');
    renderApp('/login?redirect=/ydUser/org');
    await waitFor(() => expect(Cookies.get(TOKEN_COOKIE_KEY)).toBe('oidc-token'));
    expect(api.calls.filter((c) => c.url === `${U}/LoginStep2`)).toHaveLength(1);
    // the secret leaves the address bar at once
    expect(window.location.hash).toBe('');
    await waitFor(() => expect(screen.getByTestId('breadcrumb')).toHaveTextContent('组织架构'), { timeout: 15_000 });
    await waitFor(() => expect(screen.queryByTestId('page-loading')).toBeNull(), { timeout: 15_000 });
  });

  it('says why a sign-in ended on the login page, by the contract’s text only', async () => {
    mockApi().on(BUTTONS, ok({ models: [] }));
    const { unmount } = renderApp('/login?oidcError=disabled');
    expect(await screen.findByTestId('oidc-error')).toHaveTextContent('该账号已被禁用，请联系管理员');
    unmount();
    renderApp('/login?oidcError=%E4%BD%A0%E5%A5%BD');
    fireEvent.focus(await screen.findByTestId('login-username'));
    expect(screen.queryByTestId('oidc-error')).toBeNull();
  });
});
