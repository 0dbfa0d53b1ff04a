import { captchaShape, loginBody } from '@xuetu/contract';
import { defineRoute } from '../../../platform/route.ts';
import { currentUserInfo, loginWithPassword, logout } from './session.service.ts';

const base = '/Api/User/user_user';

export const sessionRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/Login`,
    access: 'public',
    summary: '账号密码登录',
    input: loginBody.extend(captchaShape),
    // offices sign in from one address: the brute-force guard, not this limit, stops guessing
    rateLimit: { max: 300, timeWindow: '1 minute' },
    handler: ({ input, caller }) => loginWithPassword(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/LoginOut`,
    access: 'public',
    duringPasswordChange: true,
    summary: '退出登录',
    handler: async ({ caller }) => {
      await logout(caller);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserInfo`,
    access: 'user',
    duringPasswordChange: true,
    summary: '当前用户信息',
    handler: ({ caller }) => currentUserInfo(caller),
  }),
];
