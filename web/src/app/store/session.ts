// The session: token (cookie Admin-Token), roles, actions, user info and the menu routes.
import { type LoginResult, type MenuEntry, menuApi, sessionApi, type UserInfo } from '@xuetu/contract';
import { create } from 'zustand';
import { call } from '../../api/client';
import type { RequestConfig } from '../../api/http';
import { onPasswordChangeRequired } from '../../api/request';
import { getToken, removeToken, setToken } from '../auth';
import { useTagsView } from './tagsView';

export const VERIFICATION_FAILED = 'Verification failed, please Login again.';
export const ROLES_REQUIRED = 'getInfo: roles must be a non-null array!';

interface SessionState {
  token: string | undefined;
  roles: string[];
  sysRoles: number[];
  actions: string[];
  userInfo: UserInfo | null;
  /** the server's menu tree; the router builds the menu routes from it */
  menus: MenuEntry[];
  mustChangePassword: boolean;
  login(username: string, password: string): Promise<LoginResult>;
  /** stores a token that came from elsewhere (query string, LoginStep2, ticket or SSO login) */
  acceptToken(token: string, opts?: { mustChangePassword?: boolean }): void;
  getInfo(config?: RequestConfig): Promise<UserInfo>;
  loadActions(config?: RequestConfig): Promise<string[]>;
  loadMenus(config?: RequestConfig): Promise<MenuEntry[]>;
  /**
   * user info, action values and menu routes. One load per token, shared by every caller (the
   * route guard, the portal header after the login dialog, ...): a second call while one runs
   * gets the same promise instead of sending identical requests that would cancel each other.
   */
  loadSession(config?: RequestConfig): Promise<void>;
  /** forgets the token and everything loaded with it */
  resetToken(): void;
  /** LoginOut, then clears token, roles, routes and open tabs; the caller goes to /home */
  logout(): Promise<void>;
}

const empty = { roles: [], sysRoles: [], actions: [], userInfo: null, menus: [], mustChangePassword: false };

// the session load in flight, for the token it was started with
let pendingLoad: { token: string | undefined; promise: Promise<void> } | null = null;

const listOrEmpty = <T>(v: T[] | null | undefined): T[] => (Array.isArray(v) ? v : []);

async function fetchInfo(config?: RequestConfig): Promise<UserInfo> {
  // no input: the same call index.html's script may have asked already (prefetch.ts)
  const info = await call(sessionApi.getUserInfo, undefined, config);
  if (!info) throw new Error(VERIFICATION_FAILED);
  if (!Array.isArray(info.roles) || info.roles.length === 0) throw new Error(ROLES_REQUIRED);
  return info;
}

function sessionFields(info: UserInfo, mustChange: boolean) {
  return {
    userInfo: info,
    roles: info.roles,
    sysRoles: info.sysRoles ?? info.sysroles ?? [],
    mustChangePassword: mustChange || !!info.mustChangePassword,
  };
}

export const useSession = create<SessionState>((set, get) => ({
  token: getToken(),
  ...empty,
  async login(username, password) {
    // spec: the username is trimmed before login
    const result = await call(sessionApi.login, { username: username.trim(), password });
    setToken(result.token);
    set({ token: result.token, ...empty, mustChangePassword: !!result.mustChangePassword });
    return result;
  },
  acceptToken(token, opts) {
    setToken(token);
    set({ token, ...empty, mustChangePassword: !!opts?.mustChangePassword });
  },
  async getInfo(config) {
    const info = await fetchInfo(config);
    set(sessionFields(info, get().mustChangePassword));
    return info;
  },
  async loadActions(config) {
    const actions = listOrEmpty(await call(menuApi.getUserActionValue, undefined, config));
    set({ actions });
    return actions;
  },
  async loadMenus(config) {
    const menus = listOrEmpty(await call(menuApi.getUserMenuList, undefined, config));
    set({ menus });
    return menus;
  },
  loadSession(config) {
    const token = get().token;
    if (pendingLoad && pendingLoad.token === token) return pendingLoad.promise;
    // single-flight already: the wrapper's duplicate rule must not cancel these calls
    const calls = { ...config, dedupe: false };
    const promise = (async () => {
      const info = await fetchInfo(calls);
      // a temporary password: the server refuses everything but the password change, so the
      // app asks for nothing else (RouteGuard shows only the password dialog)
      const restricted = get().mustChangePassword || !!info.mustChangePassword;
      const [actions, menus] = restricted
        ? [[], []]
        : await Promise.all([call(menuApi.getUserActionValue, undefined, calls), call(menuApi.getUserMenuList, undefined, calls)]);
      // signed out or signed in as someone else meanwhile: this answer belongs to nobody
      if (get().token !== token) return;
      // one update: roles must never appear before the menu routes exist (the guard would 404)
      set({ ...sessionFields(info, get().mustChangePassword), actions: listOrEmpty(actions), menus: listOrEmpty(menus) });
    })().finally(() => {
      if (pendingLoad?.promise === promise) pendingLoad = null;
    });
    pendingLoad = { token, promise };
    return promise;
  },
  resetToken() {
    removeToken();
    set({ token: undefined, ...empty });
  },
  async logout() {
    try {
      if (get().token) await call(sessionApi.loginOut, undefined, { silent: true });
    } catch {
      // the token is forgotten locally whatever the server answered
    } finally {
      get().resetToken();
      useTagsView.getState().clearViews();
    }
  },
}));

/** Logged-in means a token exists (spec portal-and-learner §4). */
export const useIsLoggedIn = () => useSession((s) => !!s.token);

// any call the server refused for a temporary password restricts the app to the password change
onPasswordChangeRequired(() => {
  if (useSession.getState().token && !useSession.getState().mustChangePassword) useSession.setState({ mustChangePassword: true });
});
