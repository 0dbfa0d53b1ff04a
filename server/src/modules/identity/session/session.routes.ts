import { sessionApi } from '@xuetu/contract';
import { defineRoute } from '../../../platform/route.ts';
import { currentUserInfo, loginWithPassword, logout } from './session.service.ts';

export const sessionRoutes = [
  defineRoute({
    endpoint: sessionApi.login,
    access: 'public',
    summary: '账号密码登录',
    // offices sign in from one address: the brute-force guard, not this limit, stops guessing
    rateLimit: { max: 300, timeWindow: '1 minute' },
    handler: ({ input, caller }) => loginWithPassword(caller, input),
  }),
  defineRoute({
    endpoint: sessionApi.loginOut,
    access: 'public',
    duringPasswordChange: true,
    summary: '退出登录',
    handler: async ({ caller }) => {
      await logout(caller);
      return null;
    },
  }),
  defineRoute({
    endpoint: sessionApi.getUserInfo,
    access: 'user',
    duringPasswordChange: true,
    summary: '当前用户信息',
    handler: ({ caller }) => currentUserInfo(caller),
  }),
];
