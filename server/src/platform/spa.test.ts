import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

const dist = mkdtempSync(join(tmpdir(), 'xuetu-dist-'));
let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root">学途</div>');
  // the lean pages' index and their paths (web/build/antd-static-style.ts, ADR 0050)
  writeFileSync(join(dist, 'index-lean.html'), '<!doctype html><div id="root">学途 lean</div>');
  writeFileSync(join(dist, 'lean-pages.json'), JSON.stringify(['/dashboard', '/trainres/index']));
  writeFileSync(join(dist, 'lean-public-pages.json'), JSON.stringify(['/home']));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // what the build's precompress step writes beside an asset
  writeFileSync(join(dist, 'assets', 'big-abc123.js'), 'plain');
  writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), 'brotli bytes');
  writeFileSync(join(dist, 'assets', 'big-abc123.js.gz'), 'gzip bytes');
  t = await buildTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it('answers index.html for app routes (history fallback), never cached', async () => {
    const res = await t.inject({ method: 'GET', url: '/ydUser/index?x=1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('学途');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a signed-in lean page with the lean index, anyone else with the full one (Vary: Cookie)', async () => {
    const get = (url: string, cookie?: string) =>
      t.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie === undefined ? {} : { cookie }) } });
    for (const url of ['/dashboard', '/Dashboard/', '/trainres/index?dcode=D1']) {
      const res = await get(url, 'sidebarStatus=1; Admin-Token=abc');
      expect(res.body, url).toContain('学途 lean');
      expect(res.headers.vary).toContain('Cookie');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // no session, an empty one, another cookie of a similar name, or a page that is not lean
    for (const [url, cookie] of [
      ['/dashboard', undefined],
      ['/dashboard', 'Admin-Token='],
      ['/dashboard', 'Old-Admin-Token=abc'],
      ['/ydUser/index', 'Admin-Token=abc'],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.body, `${url} ${cookie}`).toContain('学途');
      expect(res.body, `${url} ${cookie}`).not.toContain('lean');
    }
  });

  it('answers a lean public page with the lean index, signed in or not', async () => {
    for (const cookie of [undefined, 'Admin-Token=abc']) {
      for (const url of ['/home', '/Home/', '/home?ticket=t1']) {
        const res = await t.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
        expect(res.body, `${url} ${cookie}`).toContain('学途 lean');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    }
    const login = await t.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(login.body).not.toContain('lean');
  });

  it('answers the root URL with the app, keeping the query for the SSO ticket entry', async () => {
    for (const url of ['/', '/?ticket=abc']) {
      const res = await t.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('学途');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed file the browser accepts, with its encoding and Vary', async () => {
    const br = await t.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body).toBe('brotli bytes');
    const gz = await t.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzip bytes');
    const plain = await t.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('plain');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/nothing.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  it('keeps API 404s as envelopes', async () => {
    const res = await t.inject({ method: 'GET', url: '/prod-api/nothing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});

// Issue 9 item 11: the HTML runs under a Content-Security-Policy without inline scripts, is
// never framed by another site and tells other sites nothing of its addresses.
describe('security headers of the app', () => {
  it('sends CSP, no framing, nosniff and Referrer-Policy with the HTML and its assets', async () => {
    for (const url of ['/', '/ydUser/index', '/assets/index-abc123.js']) {
      const res = await t.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("media-src 'self' blob:");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      // not in development: a developer's http://localhost must not be pinned to https
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends the same policy on API answers and downloads', async () => {
    const res = await t.inject({ method: 'POST', url: '/prod-api/Api/User/user_user/GetAPPId' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
