// Route guard decisions (spec portal-and-learner §2 "Route guard and session"), kept pure for tests.
import { WHITE_LIST } from './openPaths';
import { hasAnyRole } from './permission';

/** Paths open without a token. */
export { WHITE_LIST };

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** store the query-string token as the login token, then go to `to` (same place, token removed) */
  | { type: 'store-token'; token: string; to: string }
  /** load user info, action values and menu routes, then decide again */
  | { type: 'load' };

export interface GuardInput {
  pathname: string;
  search?: string;
  token?: string;
  /** roles already loaded */
  hasRoles: boolean;
  userRoles?: readonly string[];
  /** roles the matched route asks for (any of them); none means open to every signed-in user */
  routeRoles?: readonly string[];
}

export function normalisePath(pathname: string): string {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return p || '/';
}

/** Paths open without a token under these prefixes: a certificate's public page /cert/<code> (issue 42). */
export const WHITE_LIST_PREFIXES = ['/cert/'];

export function isWhiteListed(pathname: string): boolean {
  const p = normalisePath(pathname).toLowerCase();
  return WHITE_LIST.some((w) => w.toLowerCase() === p) || WHITE_LIST_PREFIXES.some((w) => p.startsWith(w) && p.length > w.length);
}

/** An in-app path from a `redirect` query value; anything else (another site, `//host`) is /. */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

export function decideRoute(input: GuardInput): GuardDecision {
  const path = normalisePath(input.pathname);
  const lower = path.toLowerCase();
  const params = new URLSearchParams(input.search ?? '');
  const queryToken = params.get('token');
  // A token in the query string is stored as the login token. /ohrlogin is the exception:
  // its `token` is the single-sign-on token the page trades for accounts, not a session token.
  if (queryToken && lower !== '/ohrlogin') {
    params.delete('token');
    const rest = params.toString();
    return { type: 'store-token', token: queryToken, to: rest ? `${path}?${rest}` : path };
  }
  if (!input.token) {
    if (isWhiteListed(path)) return { type: 'allow' };
    // spec: / goes to /home; its query travels along (`/?ticket=…` is the SSO web entry)
    return { type: 'redirect', to: path === '/' ? `/home${input.search ?? ''}` : '/home' };
  }
  // signed in on /login: where the sign-in was meant to lead (the page navigates there too; both
  // agree, so whichever runs first the user lands on the target, not on /)
  if (lower === '/login') return { type: 'redirect', to: safeRedirect(params.get('redirect')) };
  if (lower === '/ohrlogin') return { type: 'allow' };
  // the OAuth popup only hands its query string to the opener and closes; no session needed
  if (lower === '/auth-redirect') return { type: 'allow' };
  if (!input.hasRoles) return { type: 'load' };
  if (input.routeRoles && input.routeRoles.length > 0 && !hasAnyRole(input.userRoles, input.routeRoles)) {
    return { type: 'redirect', to: '/401' };
  }
  return { type: 'allow' };
}
