import { render, screen, waitFor } from '@testing-library/react';
import { TOKEN_COOKIE_KEY } from '@xuetu/contract';
import Cookies from 'js-cookie';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CanceledError } from '../api/http';
import { post, resetRequestState } from '../api/request';
import { useTicketLogin } from '../pages/login/useTicketLogin';
import { adminInfo, adminMenus } from '../test/fixtures';
import { mockApi, ok } from '../test/mockApi';
import { createQueryClient, Providers } from '../test/providers';
import { feedback } from './feedback';
import { RouteGuard } from './RouteGuard';
import { RootRedirect } from './router';
import { useSession } from './store/session';

const U = '/Api/User/user_user';
const A = '/Api/SysConfig/sys_action';

/** Where the app is, as a stub page shows it (the real pages are too heavy for what is tested here). */
function Here() {
  const { pathname, search } = useLocation();
  return <div data-testid="at">{pathname + search}</div>;
}

function Home() {
  useTicketLogin();
  return <Here />;
}

/** The route guard around a few stub routes: / (the real redirect), /home, /dashboard. */
function renderGuarded(path: string) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RouteGuard>
          <Routes>
            <Route path="/" element={<RootRedirect />} />
            <Route path="/home" element={<Home />} />
            <Route path="/dashboard" element={<Here />} />
          </Routes>
        </RouteGuard>
      </MemoryRouter>
    </Providers>,
  );
}

let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetRequestState();
  useSession.getState().resetToken();
  Cookies.set(TOKEN_COOKIE_KEY, 'tok');
  useSession.setState({ token: 'tok' });
  errorSpy = vi.spyOn(feedback, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('route guard session load', () => {
  it('treats a cancelled load as no failure: no toast, token kept, loads again and lands signed in', async () => {
    let infoCalls = 0;
    mockApi()
      .on(`${U}/GetUserInfo`, () => {
        infoCalls += 1;
        if (infoCalls === 1) throw new CanceledError();
        return ok(adminInfo);
      })
      .on(`${A}/GetUserActionValue`, ok([]))
      .on(`${A}/GetUserMenuList`, ok(adminMenus));
    renderGuarded('/dashboard');
    expect(await screen.findByTestId('at')).toHaveTextContent('/dashboard');
    expect(infoCalls).toBe(2);
    expect(useSession.getState().roles).toEqual(['admin']);
    expect(errorSpy).not.toHaveBeenCalled();
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBe('tok');
  });

  it('the root URL with a ticket lands on /home and signs in by ticket', async () => {
    useSession.getState().resetToken();
    const api = mockApi()
      .on(`${U}/LoginByTicket`, ok({ token: 'from-ticket' }))
      .on(`${U}/GetUserInfo`, ok(adminInfo))
      .on(`${A}/GetUserActionValue`, ok([]))
      .on(`${A}/GetUserMenuList`, ok(adminMenus));
    renderGuarded('/?ticket=v1.abc.def');
    await waitFor(() => expect(useSession.getState().roles).toEqual(['admin']));
    // the ticket leaves the URL: / then /home
    await waitFor(() => expect(screen.getByTestId('at')).toHaveTextContent(/^\/home$/));
    // traded once, although /home remounted while the session loaded
    expect(api.calls.filter((c) => c.url.endsWith('/LoginByTicket')).map((c) => c.body)).toEqual([{ ticket: 'v1.abc.def' }]);
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBe('from-ticket');
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('a real failure clears the token, toasts once and goes home', async () => {
    mockApi().on(`${U}/GetUserInfo`, ok(null)).on(`${A}/GetUserActionValue`, ok([])).on(`${A}/GetUserMenuList`, ok([]));
    renderGuarded('/dashboard');
    await waitFor(() => expect(screen.getByTestId('at')).toHaveTextContent(/^\/home$/));
    expect(useSession.getState().token).toBeUndefined();
    expect(errorSpy).toHaveBeenCalledTimes(1);
    expect(errorSpy.mock.calls[0][0]).toBe('Verification failed, please Login again.');
  });
});

describe('temporary password (PASSWORD_CHANGE_REQUIRED)', () => {
  const refused = {
    success: false,
    msg: '您正在使用临时密码（管理员重置或初次设置），请先修改密码',
    data: null,
    errorCode: 0,
    code: 'PASSWORD_CHANGE_REQUIRED',
  };

  it('loads only the user info and shows nothing but the password change, which cannot be dismissed', async () => {
    const api = mockApi()
      .on(`${U}/GetUserInfo`, ok({ ...adminInfo, mustChangePassword: true }))
      .on(`${A}/GetUserActionValue`, refused)
      .on(`${A}/GetUserMenuList`, refused);
    renderGuarded('/dashboard');
    expect(await screen.findByTestId('password-change-gate')).toBeInTheDocument();
    expect(await screen.findByTestId('password-dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('at')).toBeNull();
    expect(screen.getByText('退出登录')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expect(api.calls.some((c) => /GetUserActionValue|GetUserMenuList/.test(c.url))).toBe(false);
    // the session stays: no toast, token kept
    expect(errorSpy).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('tok');
  });

  it('a refused call restricts an open session to the password change, without a toast', async () => {
    mockApi()
      .on(`${U}/GetUserInfo`, ok(adminInfo))
      .on(`${A}/GetUserActionValue`, ok([]))
      .on(`${A}/GetUserMenuList`, ok(adminMenus))
      .on('/Api/x/Anything', refused);
    renderGuarded('/dashboard');
    expect(await screen.findByTestId('at')).toHaveTextContent('/dashboard');
    await expect(post('/Api/x/Anything')).rejects.toThrow('临时密码');
    expect(await screen.findByTestId('password-change-gate')).toBeInTheDocument();
    expect(errorSpy).not.toHaveBeenCalled();
  });
});
