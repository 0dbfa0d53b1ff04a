import { createHash } from 'node:crypto';
import type { PlayListAnswer } from '@xuetu/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { buildPlayableResource } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { parseEnv } from '../../../config/env.ts';
import { DEMO_COMPANY } from '../../../db/seed/demo.ts';
import { ManualClock } from '../../../platform/clock.ts';

// Issue 25 item 3 (ADR 0046): with FILES_ACCEL_REDIRECT and FILES_SECURE_LINK_SECRET the app checks
// a play list request as always and writes each segment as a URL nginx's secure_link module
// verifies itself: /_seg/<key>?md5=<base64url md5("<expires>/_seg/<key> <secret>")>&expires=<ts>.
const SECRET = 'k3y-for-tests_0123456789abcdefghijklmnop';
const WINDOW = 120;
const clock = new ManualClock();
let t: TestApp;
/** 演示科技's course: 3 segments of 10 minutes (a 30 min video) */
let course: string;
let mediaId: string;
/** a platform course of 5 segments of 10 s (the visitor's preview) */
let shared: string;
let sharedMedia: string;

type Env = { FILES_ACCEL_REDIRECT?: string; FILES_SECURE_LINK_SECRET?: string; FILES_SECURE_LINK_SECONDS: number };
const setEnv = (accel: string | undefined, secret: string | undefined) => {
  const env = t.ctx.env as Env;
  env.FILES_ACCEL_REDIRECT = accel;
  env.FILES_SECURE_LINK_SECRET = secret;
  env.FILES_SECURE_LINK_SECONDS = WINDOW;
};

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const res = await buildPlayableResource(t, { companySysCode: DEMO_COMPANY.companySysCode }, 3, 600);
  course = res.resCode;
  mediaId = res.mediaId;
  const pub = await buildPlayableResource(t, {}, 5, 10);
  shared = pub.resCode;
  sharedMedia = pub.mediaId;
});
beforeEach(() => setEnv('/_protected/', SECRET));
afterAll(() => t.close());

const open = (url: string, token?: string) =>
  t.inject({ method: 'GET', url, headers: token ? { ydAuthorization: `Bearer ${token}` } : {} });

/** The play list link the caller is given and the play list's segment lines. */
async function play(token: string | undefined, call = 'GetVideoPlayList') {
  const body = call === 'GetVideoPlayList' ? { videoId: course } : { rescode: shared };
  const pl = await t.post<PlayListAnswer>(`${R}/${call}`, body, token);
  expect(pl.success, pl.msg).toBe(true);
  const url = pl.data.playList[0].item2;
  const m3u8 = await open(url, token);
  expect(m3u8.statusCode).toBe(200);
  const lines = m3u8.body.split('\n').filter((l) => l && !l.startsWith('#'));
  return { url, lines, text: m3u8.body };
}

/** nginx's own computation: `secure_link_md5 "$secure_link_expires$uri <secret>"`, base64url without padding. */
function nginxAccepts(line: string, secret = SECRET): boolean {
  const u = new URL(line, 'http://x');
  const expires = u.searchParams.get('expires') ?? '';
  const digest = createHash('md5')
    .update(`${expires}${decodeURIComponent(u.pathname)} ${secret}`)
    .digest();
  const md5 = digest.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return u.searchParams.get('md5') === md5;
}
const expiresOf = (line: string) => Number(new URL(line, 'http://x').searchParams.get('expires'));
/** The expiry (unix seconds) signed into a play list link's token. */
const linkExpiry = (url: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(url.split('?t=')[1]).split('.')[0], 'base64url').toString())[3];

describe('segments as nginx secure_link URLs (FILES_SECURE_LINK_SECRET)', () => {
  it('every segment line is /_seg/<storage key> with the md5 nginx computes for its expiry and path', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const { lines } = await play(await t.login('learner01'));
    expect(lines.map((l) => l.split('?')[0])).toEqual([0, 1, 2].map((i) => `/_seg/media/${mediaId}/FD/seg_000${i}.ts`));
    for (const line of lines) {
      expect(line).toMatch(/^\/_seg\/[^?]+\?md5=[A-Za-z0-9_-]{22}&expires=\d+$/);
      expect(nginxAccepts(line), line).toBe(true);
      // another secret, another path or another expiry is not accepted
      expect(nginxAccepts(line, `${SECRET}x`)).toBe(false);
      expect(nginxAccepts(line.replace('seg_000', 'seg_001'))).toBe(false);
      expect(nginxAccepts(line.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 1}`))).toBe(false);
    }
    // each lives the window past the moment its segment plays (0, 600, 1200 s)
    expect(lines.map(expiresOf)).toEqual([now + WINDOW, now + 600 + WINDOW, now + 1200 + WINDOW]);
  });

  it('no URL outlives the play list link: a link issued near its end bounds them all', async () => {
    const token = await t.login('learner01');
    const { url } = await play(token);
    const expiry = linkExpiry(url);
    // 30 min of media + 15 min slack: 40 minutes later, 5 minutes are left
    clock.advance(40 * 60_000);
    const later = await open(url, token);
    expect(later.statusCode).toBe(200);
    const lines = later.body.split('\n').filter((l) => l && !l.startsWith('#'));
    const now = Math.floor(clock.now().getTime() / 1000);
    // the first segment still gets its window; the later ones (at 600 and 1200 s) stop with the link
    expect(expiresOf(lines[0])).toBe(now + WINDOW);
    for (const line of lines.slice(1)) {
      expect(expiresOf(line)).toBeLessThanOrEqual(expiry);
      expect(expiresOf(line)).toBeGreaterThanOrEqual(expiry - 1);
      expect(nginxAccepts(line)).toBe(true);
    }
  });

  it("a visitor's preview lists only the preview's segments, each bounded by the preview link's minutes", async () => {
    const { url, lines } = await play(undefined, 'GetTrainResPreView');
    expect(lines.map((l) => l.split('?')[0])).toEqual([0, 1, 2].map((i) => `/_seg/media/${sharedMedia}/FD/seg_000${i}.ts`));
    for (const line of lines) {
      expect(nginxAccepts(line)).toBe(true);
      expect(expiresOf(line)).toBeLessThanOrEqual(linkExpiry(url));
    }
  });

  it('the play list itself is still refused as before: a bad token, another session', async () => {
    const { url } = await play(await t.login('learner01'));
    expect((await open(url.replace(/t=([^&]{5})/, 't=AAAAA'))).statusCode).toBe(410);
    expect((await open(url, await t.login('learner02'))).statusCode).toBe(410);
  });

  it('without the secret (or without FILES_ACCEL_REDIRECT) the segments are the app-signed links as before', async () => {
    for (const [accel, secret] of [
      ['/_protected/', undefined],
      [undefined, SECRET],
      [undefined, undefined],
    ] as const) {
      setEnv(accel, secret);
      const { lines } = await play(await t.login('learner01'));
      expect(lines.map((l) => l.split('?')[0])).toEqual(['seg_0000.ts', 'seg_0001.ts', 'seg_0002.ts']);
      for (const line of lines) expect(line).toMatch(/^seg_\d{4}\.ts\?t=[^&]+$/);
    }
  });
});

describe('FILES_SECURE_LINK_SECRET validation', () => {
  const base = { FILES_ACCEL_REDIRECT: '/_protected/' };
  it('accepts a long secret with FILES_ACCEL_REDIRECT, and a window', () => {
    const env = parseEnv({ ...base, FILES_SECURE_LINK_SECRET: SECRET, FILES_SECURE_LINK_SECONDS: '300' });
    expect([env.FILES_SECURE_LINK_SECRET, env.FILES_SECURE_LINK_SECONDS]).toEqual([SECRET, 300]);
    expect(parseEnv({}).FILES_SECURE_LINK_SECONDS).toBe(120);
  });
  it('refuses a short secret, one nginx would read as a variable or a quote, and one without nginx or with S3', () => {
    expect(() => parseEnv({ ...base, FILES_SECURE_LINK_SECRET: 'short' })).toThrow(/FILES_SECURE_LINK_SECRET/);
    expect(() => parseEnv({ ...base, FILES_SECURE_LINK_SECRET: `${SECRET}$uri` })).toThrow(/FILES_SECURE_LINK_SECRET/);
    expect(() => parseEnv({ ...base, FILES_SECURE_LINK_SECRET: `${SECRET}"` })).toThrow(/FILES_SECURE_LINK_SECRET/);
    expect(() => parseEnv({ FILES_SECURE_LINK_SECRET: SECRET })).toThrow(/requires FILES_ACCEL_REDIRECT/);
    expect(() => parseEnv({ ...base, FILES_SECURE_LINK_SECRET: SECRET, S3_BUCKET: 'b' })).toThrow(/only for local disk/);
    expect(() => parseEnv({ ...base, FILES_SECURE_LINK_SECONDS: '5' })).toThrow(/FILES_SECURE_LINK_SECONDS/);
  });
});
