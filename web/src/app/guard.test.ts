import { describe, expect, it } from 'vitest';
import { decideRoute, WHITE_LIST } from './guard';

const noToken = { token: undefined, hasRoles: false };
const fresh = { token: 't', hasRoles: false };
const loaded = { token: 't', hasRoles: true, userRoles: ['learner'] };

describe('route guard decisions', () => {
  it('opens the white list without a token', () => {
    // the spec's list
    expect(WHITE_LIST.join(' ')).toBe('/home /login /auth-redirect /register /company /502 /viewnoticeitem /infonoticelist /ohrlogin');
    for (const pathname of WHITE_LIST) expect(decideRoute({ pathname, ...noToken })).toEqual({ type: 'allow' });
  });

  it("opens a certificate's public page /cert/<code> without a token (issue 42), not /cert itself", () => {
    expect(decideRoute({ pathname: '/cert/AbC_123-xyz', ...noToken })).toEqual({ type: 'allow' });
    expect(decideRoute({ pathname: '/cert/', ...noToken })).toEqual({ type: 'redirect', to: '/home' });
    expect(decideRoute({ pathname: '/certificate/mine', ...noToken })).toEqual({ type: 'redirect', to: '/home' });
  });

  it('sends any other path without a token to /home', () => {
    for (const pathname of ['/', '/dashboard', '/ydUser/index', '/404', '/401', '/nowhere']) {
      expect(decideRoute({ pathname, ...noToken })).toEqual({ type: 'redirect', to: '/home' });
    }
  });

  it('sends / to /home keeping its query (the /?ticket=… SSO entry)', () => {
    expect(decideRoute({ pathname: '/', search: '?ticket=v1.a.b', ...noToken })).toEqual({ type: 'redirect', to: '/home?ticket=v1.a.b' });
    expect(decideRoute({ pathname: '/', search: '', ...noToken })).toEqual({ type: 'redirect', to: '/home' });
    // other closed paths do not carry their query to /home
    expect(decideRoute({ pathname: '/dashboard', search: '?ticket=x', ...noToken })).toEqual({ type: 'redirect', to: '/home' });
  });

  it('stores a query-string token and returns to the same place without it', () => {
    expect(decideRoute({ pathname: '/dashboard', search: '?token=abc&x=1', ...noToken })).toEqual({
      type: 'store-token',
      token: 'abc',
      to: '/dashboard?x=1',
    });
    expect(decideRoute({ pathname: '/home', search: '?token=abc', ...loaded })).toEqual({ type: 'store-token', token: 'abc', to: '/home' });
  });

  it('leaves the single-sign-on token of /ohrlogin to that page', () => {
    expect(decideRoute({ pathname: '/ohrlogin', search: '?token=sso', ...noToken })).toEqual({ type: 'allow' });
    expect(decideRoute({ pathname: '/ohrlogin', search: '?token=sso', ...fresh })).toEqual({ type: 'allow' });
  });

  it('with a token, /login goes to / and /ohrlogin passes', () => {
    expect(decideRoute({ pathname: '/login', ...fresh })).toEqual({ type: 'redirect', to: '/' });
    expect(decideRoute({ pathname: '/login', ...loaded })).toEqual({ type: 'redirect', to: '/' });
    // signed in on /login?redirect=…: the target (the login page goes there too), never another site
    expect(decideRoute({ pathname: '/login', search: '?redirect=/ydUser/org', ...loaded })).toEqual({
      type: 'redirect',
      to: '/ydUser/org',
    });
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example'])
      expect(decideRoute({ pathname: '/login', search: `?redirect=${encodeURIComponent(bad)}`, ...loaded })).toEqual({
        type: 'redirect',
        to: '/',
      });
    expect(decideRoute({ pathname: '/ohrlogin', ...fresh })).toEqual({ type: 'allow' });
  });

  it('the OAuth popup passes with a token too (it only stores its query and closes)', () => {
    expect(decideRoute({ pathname: '/auth-redirect', search: '?code=1', ...fresh })).toEqual({ type: 'allow' });
  });

  it('with a token but no roles, loads the session first (public pages included)', () => {
    for (const pathname of ['/dashboard', '/home', '/', '/ydUser/index'])
      expect(decideRoute({ pathname, ...fresh })).toEqual({ type: 'load' });
  });

  it('with roles loaded, lets the user through', () => {
    expect(decideRoute({ pathname: '/dashboard', ...loaded })).toEqual({ type: 'allow' });
    expect(decideRoute({ pathname: '/home', ...loaded })).toEqual({ type: 'allow' });
  });

  it('a route with a roles list needs any of them, otherwise /401', () => {
    expect(decideRoute({ pathname: '/permission/role', ...loaded, routeRoles: ['admin'] })).toEqual({ type: 'redirect', to: '/401' });
    expect(decideRoute({ pathname: '/permission/role', ...loaded, userRoles: ['operator', 'admin'], routeRoles: ['admin'] })).toEqual({
      type: 'allow',
    });
    expect(decideRoute({ pathname: '/x', ...loaded, routeRoles: [] })).toEqual({ type: 'allow' });
  });

  it('ignores a trailing slash and letter case', () => {
    expect(decideRoute({ pathname: '/Home/', ...noToken })).toEqual({ type: 'allow' });
    expect(decideRoute({ pathname: '/LOGIN', ...fresh })).toEqual({ type: 'redirect', to: '/' });
  });
});
