import { captchaShape, loginBody } from '@xuetu/contract';
import { unauthorized } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { revokeSession } from '../../platform/sessions.ts';
import { presentUserInfo } from './presenter.ts';
import { findUserWithLabels } from './repository.ts';
import { loginWithPassword } from './service.ts';

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
    summary: '当前用户信息',
    handler: async ({ actor, ctx }) => {
      const found = await findUserWithLabels(ctx.db, actor.userId);
      if (!found) throw unauthorized();
      return presentUserInfo(found.user, found.labels);
    },
  }),
];
