import { captchaShape, loginBody, type UserInfo } from '@xuetu/contract';
import { userInfoCacheKey } from '../../platform/actor.ts';
import { unauthorized } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { revokeSession } from '../../platform/sessions.ts';
import { presentUserInfo } from './presenter.ts';
import { findUserWithLabels } from './repository.ts';
import { loginWithPassword } from './service.ts';

const base = '/Api/User/user_user';
const USER_INFO_TTL_S = 30;

export const sessionRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/Login`,
    access: 'public',
    summary: '账号密码登录',
    input: loginBody.extend(captchaShape),
    // offices sign in from one address: the brute-force guard, not this limit, stops guessing
    rateLimit: { max: 300, timeWindow: '1 minute' },
    handler: ({ input, ctx, ip, req }) =>
      loginWithPassword(ctx, input.username, input.password, {
        ip,
        userAgent: req.headers['user-agent'],
        ticket: input.ticket,
        randstr: input.randstr,
      }),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/LoginOut`,
    access: 'public',
    duringPasswordChange: true,
    summary: '退出登录',
    handler: async ({ maybeActor, ctx }) => {
      if (maybeActor) await revokeSession(ctx, maybeActor.sessionId);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserInfo`,
    access: 'user',
    duringPasswordChange: true,
    summary: '当前用户信息',
    handler: async ({ actor, ctx }) => {
      const key = userInfoCacheKey(actor.userId);
      const cached = await ctx.cache.get<UserInfo>(key);
      if (cached) return cached;
      const found = await findUserWithLabels(ctx.db, actor.userId);
      if (!found) throw unauthorized();
      const info = presentUserInfo(found.user, found.labels);
      // changes to the user go through invalidateActor; renamed departments or posts show within the TTL
      await ctx.cache.set(key, info, USER_INFO_TTL_S);
      return info;
    },
  }),
];
