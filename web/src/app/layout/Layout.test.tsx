import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOKEN_COOKIE_KEY } from '@xuetu/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { adminInfo, adminMenus } from '../../test/fixtures';
import { fail, mockApi, ok } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { feedback } from '../feedback';
import { useAppStore } from '../store/app';
import { ROLES_REQUIRED, useSession } from '../store/session';
import { useTagsView } from '../store/tagsView';
import { useUserDialogs } from '../userDialogs';

// the layout is under test, not the dashboard's panels: keep the render tree small (fast on a busy machine)
vi.mock('../../pages/dashboard/BelowPanels', () => ({ default: () => null }));

const U = '/Api/User/user_user';
const A = '/Api/SysConfig/sys_action';

function signedInApi() {
  return mockApi()
    .on(`${U}/GetUserInfo`, ok(adminInfo))
    .on(`${A}/GetUserActionValue`, ok(['User.AddUser']))
    .on(`${A}/GetUserMenuList`, ok(adminMenus))
    .on('/Api/SysConfig/sys_message/GetNoReadCount', ok(3))
    .on(`${U}/LoginOut`, ok(null));
}

let errorSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetRequestState();
  useSession.getState().resetToken();
  useTagsView.getState().clearViews();
  Cookies.set(TOKEN_COOKIE_KEY, 'tok');
  useSession.setState({ token: 'tok' });
  errorSpy = vi.spyOn(feedback, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('layout', () => {
  it('loads the session, then shows sidebar, breadcrumb, unread badge and the affixed 首页 tab', async () => {
    const api = signedInApi();
    renderApp('/dashboard');
    expect(await screen.findByTestId('welcome-card', {}, { timeout: 15_000 })).toHaveTextContent('欢迎回来，平台管理员');
    expect(screen.getByTestId('welcome-card')).toHaveTextContent('学途平台');
    const user = screen.getByTestId('sidebar-user');
    expect(user).toHaveTextContent('平台管理员');
    expect(user).toHaveTextContent('系统管理员');
    // the sidebar's menu is antd, loaded after the page (ADR 0050)
    const menu = await screen.findByTestId('sidebar-menu', {}, { timeout: 15_000 });
    expect(within(menu).getAllByText('用户管理').length).toBeGreaterThan(0);
    expect(screen.getByTestId('breadcrumb')).toHaveTextContent('首页');
    await waitFor(() => expect(screen.getByTestId('message-badge')).toHaveTextContent('3'));
    expect(screen.getByTestId('message-badge')).toHaveAttribute('href', '/ydmessage/index');
    const tabs = screen.getAllByTestId('tags-view-item');
    expect(tabs.map((t) => t.textContent)).toEqual(['首页']);
    expect(api.calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        `${U}/GetUserInfo`,
        `${A}/GetUserActionValue`,
        `${A}/GetUserMenuList`,
        '/Api/SysConfig/sys_message/GetNoReadCount',
      ]),
    );
  });

  it('opens a menu page under its group breadcrumb and adds a tab (menu answering last)', async () => {
    // regression: roles must not be visible before the menu routes, or the page 404s
    signedInApi().on(`${A}/GetUserMenuList`, async () => {
      await new Promise((r) => setTimeout(r, 50));
      return ok(adminMenus);
    });
    renderApp('/ydUser/org');
    // the page itself belongs to the admin area; the shell owns breadcrumb and tab
    expect(await screen.findByTestId('breadcrumb', {}, { timeout: 5000 })).toHaveTextContent('首页/用户管理/组织架构');
    await waitFor(() => expect(screen.getAllByTestId('tags-view-item').map((t) => t.textContent)).toEqual(['首页', '组织架构']));
    // the page's chunk has arrived too: nothing loads after the test
    await waitFor(() => expect(screen.queryByTestId('page-loading')).toBeNull(), { timeout: 15_000 });
  });

  it('user menu opens the dialog hooks and logs out to /home', async () => {
    const api = signedInApi();
    renderApp('/dashboard');
    await screen.findByTestId('welcome-card', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('user-dropdown'));
    fireEvent.click(await screen.findByTestId('user-menu-password'));
    expect(useUserDialogs.getState().open).toBe('password');
    act(() => useUserDialogs.getState().close());
    fireEvent.click(screen.getByTestId('user-dropdown'));
    fireEvent.click(await screen.findByTestId('logout'));
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === `${U}/LoginOut`)).toBe(true);
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBeUndefined();
    expect(useSession.getState().roles).toEqual([]);
    expect(useSession.getState().menus).toEqual([]);
    expect(useTagsView.getState().visitedViews).toEqual([]);
    expect(screen.getByTestId('login-link')).toBeInTheDocument();
  });

  it("draws the lean dashboard outside antd, an admin page inside antd's <App> (ADR 0050)", async () => {
    signedInApi();
    renderApp('/dashboard');
    const welcome = await screen.findByTestId('welcome-card', {}, { timeout: 15_000 });
    // the sidebar's menu is antd: it loads in a scope of its own, the page is not in one
    expect(await screen.findByTestId('sidebar-menu', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(welcome.closest('.ant-app')).toBeNull();
    expect(screen.getByTestId('navbar').closest('.ant-app')).toBeNull();
    fireEvent.click(within(screen.getByTestId('sidebar')).getAllByText('用户管理')[0]);
    fireEvent.click(await screen.findByText('组织架构', {}, { timeout: 15_000 }));
    await waitFor(() => expect(screen.getByTestId('breadcrumb')).toHaveTextContent('首页/用户管理/组织架构'), { timeout: 15_000 });
    const main = screen.getByTestId('app-main');
    await waitFor(() => expect(main.querySelector(':scope > .ant-app')).not.toBeNull(), { timeout: 15_000 });
    // the page's chunk has arrived too: nothing loads after the test
    await waitFor(() => expect(screen.queryByTestId('page-loading')).toBeNull(), { timeout: 15_000 });
  });

  it("the tabs' context menu works from the keyboard and closes the other tabs", async () => {
    signedInApi();
    renderApp('/ydUser/org');
    await waitFor(() => expect(screen.getAllByTestId('tags-view-item')).toHaveLength(2), { timeout: 15_000 });
    const org = screen.getAllByTestId('tags-view-item')[1];
    fireEvent.contextMenu(org);
    const menu = await screen.findByRole('menu', { name: '组织架构 标签' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu', { name: '组织架构 标签' })).toBeNull();
    expect(document.activeElement).toBe(org);
    // the affixed 首页 tab cannot be closed
    fireEvent.contextMenu(screen.getAllByTestId('tags-view-item')[0]);
    expect(within(await screen.findByRole('menu', { name: '首页 标签' })).getByRole('menuitem', { name: '关闭' })).toBeDisabled();
    fireEvent.click(screen.getByTestId('tags-menu-close-others'));
    await waitFor(() => expect(screen.getAllByTestId('tags-view-item').map((t) => t.textContent)).toEqual(['首页']));
    // the page's chunk has arrived too: nothing loads after the test
    await waitFor(() => expect(screen.queryByTestId('page-loading')).toBeNull(), { timeout: 15_000 });
  });

  it('a window narrowed to a phone and widened again gets its sidebar back as the user left it', async () => {
    signedInApi();
    const width = window.innerWidth;
    const resize = (w: number) =>
      act(() => {
        Object.defineProperty(window, 'innerWidth', { configurable: true, value: w });
        window.dispatchEvent(new Event('resize'));
      });
    try {
      resize(1440);
      Cookies.remove('sidebarStatus');
      useAppStore.setState({ sidebarOpened: true, device: 'desktop' });
      renderApp('/dashboard');
      await screen.findByTestId('welcome-card', {}, { timeout: 15_000 });
      resize(390);
      await waitFor(() => expect(screen.getByTestId('layout')).toHaveAttribute('data-device', 'mobile'));
      expect(useAppStore.getState().sidebarOpened).toBe(false);
      resize(1440);
      await waitFor(() => expect(screen.getByTestId('layout')).toHaveAttribute('data-device', 'desktop'));
      expect(useAppStore.getState().sidebarOpened).toBe(true);
      // a width of 0 (a window being measured) changes nothing
      resize(0);
      expect(screen.getByTestId('layout')).toHaveAttribute('data-device', 'desktop');
    } finally {
      resize(width);
    }
  });

  it('unknown paths go to /404', async () => {
    signedInApi();
    renderApp('/no/such/page');
    expect(await screen.findByText('404 页面不存在')).toBeInTheDocument();
  });

  it('a session that fails to load clears the token, shows the error once and goes to /home', async () => {
    signedInApi().on(`${U}/GetUserInfo`, ok({ ...adminInfo, roles: [] }));
    renderApp('/dashboard');
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    // shown once (other toasts may come from the home page's own calls, unmocked here)
    expect(errorSpy.mock.calls.filter((call: unknown[]) => call[0] === ROLES_REQUIRED)).toEqual([[ROLES_REQUIRED, 5000]]);
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBeUndefined();
  });

  it('an expired token is reported by the guard (silently for the wrapper)', async () => {
    const confirm = vi.spyOn(feedback, 'confirm').mockResolvedValue(false);
    signedInApi().on(`${U}/GetUserInfo`, fail('登录状态已过期，请重新登录', 401));
    renderApp('/dashboard');
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalledWith('登录状态已过期，请重新登录', 5000);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('without a token, private paths go to /home', async () => {
    useSession.getState().resetToken();
    signedInApi();
    renderApp('/ydUser/index');
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
  });
});
