import { TOKEN_COOKIE_KEY } from '@xuetu/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { adminInfo } from '../../test/fixtures';
import { deferred, fail, mockApi, ok } from '../../test/mockApi';
import { feedback } from '../feedback';
import { ROLES_REQUIRED, useSession, VERIFICATION_FAILED } from './session';

const U = '/Api/User/user_user';

beforeEach(() => {
  resetRequestState();
  useSession.getState().resetToken();
  vi.spyOn(feedback, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('session store', () => {
  it('login trims the username and stores the token in the Admin-Token cookie', async () => {
    const api = mockApi().on(`${U}/Login`, ok({ token: 'abc', mustChangePassword: true }));
    await useSession.getState().login('  admin ', 'Xuetu@2026');
    expect(api.calls[0].body).toEqual({ username: 'admin', password: 'Xuetu@2026' });
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBe('abc');
    expect(useSession.getState()).toMatchObject({ token: 'abc', mustChangePassword: true, roles: [] });
  });

  it('a failed login keeps no token', async () => {
    mockApi().on(`${U}/Login`, fail('用户名或密码错误'));
    await expect(useSession.getState().login('admin', 'x')).rejects.toThrow('用户名或密码错误');
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBeUndefined();
  });

  it('getInfo fails without data, and without roles', async () => {
    mockApi().on(`${U}/GetUserInfo`, ok(null));
    await expect(useSession.getState().getInfo()).rejects.toThrow(VERIFICATION_FAILED);
    mockApi().on(`${U}/GetUserInfo`, ok({ ...adminInfo, roles: [] }));
    await expect(useSession.getState().getInfo()).rejects.toThrow(ROLES_REQUIRED);
    mockApi().on(`${U}/GetUserInfo`, ok({ ...adminInfo, roles: null }));
    await expect(useSession.getState().getInfo()).rejects.toThrow(ROLES_REQUIRED);
  });

  it('getInfo keeps roles, system roles and the user info', async () => {
    mockApi().on(`${U}/GetUserInfo`, ok(adminInfo));
    await useSession.getState().getInfo();
    expect(useSession.getState()).toMatchObject({ roles: ['admin'], sysRoles: [1], userInfo: { name: '平台管理员' } });
  });

  it('shares one session load between every caller (no duplicate calls to cancel each other)', async () => {
    useSession.getState().acceptToken('t');
    const api = mockApi()
      .on(`${U}/GetUserInfo`, ok(adminInfo))
      .on('/Api/SysConfig/sys_action/GetUserActionValue', ok(['User.AddUser']))
      .on('/Api/SysConfig/sys_action/GetUserMenuList', ok([]));
    const first = useSession.getState().loadSession({ silent: true });
    const second = useSession.getState().loadSession();
    expect(second).toBe(first);
    await Promise.all([first, second]);
    expect(api.calls.filter((c) => c.url.endsWith('/GetUserInfo'))).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ roles: ['admin'], actions: ['User.AddUser'] });
    // a later call (e.g. after a profile change) loads again
    await useSession.getState().loadSession();
    expect(api.calls.filter((c) => c.url.endsWith('/GetUserInfo'))).toHaveLength(2);
  });

  it('drops a session load that finishes after the token changed', async () => {
    useSession.getState().acceptToken('old');
    const info = deferred(ok(adminInfo));
    mockApi()
      .on(`${U}/GetUserInfo`, info.handler)
      .on('/Api/SysConfig/sys_action/GetUserActionValue', ok([]))
      .on('/Api/SysConfig/sys_action/GetUserMenuList', ok([]));
    const load = useSession.getState().loadSession();
    useSession.getState().acceptToken('new');
    info.release();
    await load;
    expect(useSession.getState()).toMatchObject({ token: 'new', roles: [] });
  });

  it('logout clears the token even when LoginOut fails', async () => {
    useSession.getState().acceptToken('t');
    mockApi().on(`${U}/LoginOut`, fail('x'));
    await useSession.getState().logout();
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBeUndefined();
    expect(useSession.getState().token).toBeUndefined();
  });
});
