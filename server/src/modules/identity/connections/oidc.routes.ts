import { randomBytes } from 'node:crypto';
import { connectionsApi } from '@xuetu/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute } from '../../../platform/route.ts';
import { finishOidcSignIn, loginPageUrl, OidcSignInFailed, signInButtons, startOidcSignIn } from './oidc-signin.ts';

// The OpenID Connect sign-in's two browser navigations (issue 41 item 2) and the login page's
// buttons. The two navigations answer redirects, never the JSON envelope: a browser follows them
// (they are in CANNOT_BE_ENDPOINTS of modules/endpoints.test.ts: a path parameter, no envelope).
// Every failure ends on the login page with a key it shows in Chinese; the log has the cause.

/** The browser that started a sign-in: only its hash is kept with the state; HttpOnly, Lax (the provider's redirect back is a top-level GET). */
const COOKIE = 'xt_oidc';
const COOKIE_PATH = '/prod-api/auth/oidc';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

function browserCookie(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === COOKIE && COOKIE_VALUE.test(value)) return value;
  }
  return undefined;
}

/** The address the browser reached us at: PUBLIC_URL, else the request's (X-Forwarded-* only from TRUST_PROXY's proxies). */
function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;
}

function toLogin(reply: FastifyReply, url: string) {
  return reply.header('cache-control', 'no-store').redirect(url, 302);
}

export const oidcRoutes = [
  defineRoute({
    method: 'GET',
    url: '/auth/oidc/:id/start',
    access: 'public',
    summary: 'OpenID Connect 登录：跳转到身份源（PKCE、state、nonce）',
    // each start asks the company's provider (discovery) and keeps a pending sign-in; whole offices
    // sign in from one address, so the allowance is the password sign-in's (account.routes.ts)
    rateLimit: { max: 300, timeWindow: '1 minute' },
    handler: async ({ caller, req, reply }) => {
      const id = Number((req.params as { id?: string }).id);
      const redirect =
        typeof (req.query as { redirect?: unknown })?.redirect === 'string' ? (req.query as { redirect: string }).redirect : '';
      // a browser with sign-ins under way in several tabs keeps one value for all of them
      const browser = browserCookie(req) ?? randomBytes(32).toString('base64url');
      const origin = originOf(req, caller.ctx.env.PUBLIC_URL);
      try {
        const url = await startOidcSignIn(caller, { id, redirect, browser, origin });
        const secure = origin.startsWith('https:') ? '; Secure' : '';
        reply.header('set-cookie', `${COOKIE}=${browser}; Path=${COOKIE_PATH}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
        return toLogin(reply, url);
      } catch (err) {
        if (!(err instanceof OidcSignInFailed)) {
          caller.log.error({ err, connection: id }, 'OpenID Connect sign-in could not start');
          return toLogin(reply, loginPageUrl({ error: 'failed' }));
        }
        caller.log.warn({ connection: id, reason: err.key, err: err.cause }, 'OpenID Connect sign-in could not start');
        return toLogin(reply, loginPageUrl({ error: err.key }));
      }
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/auth/oidc/callback',
    access: 'public',
    summary: 'OpenID Connect 登录：身份源回调（校验 state、换取并校验 ID Token，回到登录页）',
    rateLimit: { max: 300, timeWindow: '1 minute' },
    handler: async ({ caller, req, reply }) => {
      const query = new URL(req.url, 'http://x').searchParams;
      try {
        const done = await finishOidcSignIn(caller, { query, browser: browserCookie(req) });
        caller.log.info({ userId: done.user.id }, 'OpenID Connect sign-in');
        return toLogin(reply, loginPageUrl({ secret: done.secret }, done.redirect));
      } catch (err) {
        if (!(err instanceof OidcSignInFailed)) {
          caller.log.error({ err }, 'OpenID Connect callback failed');
          return toLogin(reply, loginPageUrl({ error: 'failed' }));
        }
        caller.log.warn({ reason: err.key, err: err.cause }, 'OpenID Connect sign-in refused');
        return toLogin(reply, loginPageUrl({ error: err.key }, err.redirect));
      }
    },
  }),
  defineRoute({
    endpoint: connectionsApi.getSignInButtons,
    access: 'public',
    summary: '登录页的身份源按钮（已启用的 OpenID Connect 身份源：使用 XX 登录）',
    handler: ({ caller }) => signInButtons(caller),
  }),
];
