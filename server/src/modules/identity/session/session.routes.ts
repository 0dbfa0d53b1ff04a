import { sessionApi } from '@xuetu/contract';
import { routesOf } from '../../../platform/route.ts';
import { currentUserInfo, loginWithPassword, logout } from './session.service.ts';

export const sessionRoutes = routesOf(sessionApi, {
  login: {
    access: 'public',
    summary: '账号密码登录',
    // offices sign in from one address: the brute-force guard, not this limit, stops guessing
    rateLimit: { max: 300, timeWindow: '1 minute' },
    handler: ({ input, caller }) => loginWithPassword(caller, input),
  },
  loginOut: {
    access: 'public',
    duringPasswordChange: true,
    summary: '退出登录',
    handler: async ({ caller }) => {
      await logout(caller);
      return null;
    },
  },
  getUserInfo: {
    access: 'user',
    duringPasswordChange: true,
    summary: '当前用户信息',
    handler: ({ caller }) => currentUserInfo(caller),
  },
});
