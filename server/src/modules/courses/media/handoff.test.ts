import type { PlayListAnswer } from '@xuetu/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { buildPlayableResource } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { buildWorkbook, uploadImportFile } from '../../../../test/uploads.ts';
import { DEMO_COMPANY } from '../../../db/seed/demo.ts';
import { ManualClock } from '../../../platform/clock.ts';

// Issue 25 item 3: with FILES_ACCEL_REDIRECT the app checks a media or file request as before and
// then answers `X-Accel-Redirect: <prefix><storage key>` with no body, for nginx to send the file.
// Every refusal is still the app's, before any redirect; unset, the app sends the bytes itself.
const PREFIX = '/_protected/';
const clock = new ManualClock();
let t: TestApp;
let course: string;
let mediaId: string;

/** the setting is read on every request: switched on and off here on the one app */
const accel = (prefix: string | undefined) => {
  (t.ctx.env as { FILES_ACCEL_REDIRECT?: string }).FILES_ACCEL_REDIRECT = prefix;
};

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const res = await buildPlayableResource(t, { companySysCode: DEMO_COMPANY.companySysCode }, 3, 10);
  course = res.resCode;
  mediaId = res.mediaId;
});
beforeEach(() => accel(PREFIX));
afterAll(() => t.close());

const open = (url: string, opts: { token?: string; method?: 'GET' | 'HEAD'; range?: string } = {}) =>
  t.inject({
    method: opts.method ?? 'GET',
    url,
    headers: { ...(opts.token ? { ydAuthorization: `Bearer ${opts.token}` } : {}), ...(opts.range ? { range: opts.range } : {}) },
  });

async function play(token: string, code = course) {
  const pl = await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: code }, token);
  expect(pl.success, pl.msg).toBe(true);
  const url = pl.data.playList[0].item2;
  const m3u8 = await open(url);
  expect(m3u8.statusCode).toBe(200);
  const dir = url.slice(0, url.indexOf('index.m3u8'));
  return {
    url,
    text: m3u8.body,
    segments: m3u8.body
      .split('\n')
      .filter((l) => l.startsWith('seg_'))
      .map((l) => dir + l),
  };
}

const expectRefused = (res: Awaited<ReturnType<typeof open>>, code = 'MEDIA_LINK_EXPIRED') => {
  expect(res.headers['x-accel-redirect']).toBeUndefined();
  expect([res.statusCode, res.json().code]).toEqual([410, code]);
};

describe('media segments handed to nginx (FILES_ACCEL_REDIRECT)', () => {
  it('a checked segment is answered with X-Accel-Redirect to its storage key, its type and cache rule, and no body', async () => {
    const { text, segments } = await play(await t.login('learner01'));
    // the play list is the app's own answer (its segments carry signed tokens), never redirected
    expect(text).toMatch(/seg_0000\.ts\?t=/);
    const seg = await open(segments[0]);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['x-accel-redirect']).toBe(`${PREFIX}media/${mediaId}/FD/seg_0000.ts`);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toBe('private, max-age=600');
    expect(seg.rawPayload).toHaveLength(0);
  });

  it('unset, the app sends the bytes and no X-Accel-Redirect', async () => {
    accel(undefined);
    const { segments } = await play(await t.login('learner01'));
    const seg = await open(segments[0]);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['x-accel-redirect']).toBeUndefined();
    expect(seg.rawPayload).toHaveLength(188);
    const part = await open(segments[0], { range: 'bytes=0-9' });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.length]).toEqual([206, 'bytes 0-9/188', 10]);
  });

  it('HEAD and Range are left to nginx: the same redirect, no body, no range answered by the app', async () => {
    const { segments } = await play(await t.login('learner01'));
    const head = await open(segments[1], { method: 'HEAD' });
    expect([head.statusCode, head.headers['x-accel-redirect'], head.rawPayload.length]).toEqual([
      200,
      `${PREFIX}media/${mediaId}/FD/seg_0001.ts`,
      0,
    ]);
    const part = await open(segments[1], { range: 'bytes=0-9' });
    expect([part.statusCode, part.headers['x-accel-redirect'], part.headers['content-range']]).toEqual([
      200,
      `${PREFIX}media/${mediaId}/FD/seg_0001.ts`,
      undefined,
    ]);
  });

  it('every refusal comes before any redirect: bad signature, expired, another session, signed out, out of view', async () => {
    const owner = await t.login('learner01');
    const { segments } = await play(owner);
    const seg = segments[2];
    // a tampered signature, a link for another media, no token
    expectRefused(await open(seg.replace(/t=([^&]{5})/, 't=AAAAA')));
    expectRefused(await open(seg.replace(mediaId, 'NOPE')));
    expectRefused(await open(seg.split('?')[0]));
    // another company's user (and a colleague) holding the link
    expectRefused(await open(seg, { token: await t.login('other01') }));
    expectRefused(await open(seg, { token: await t.login('learner02') }));
    // an unknown segment name, a preview-limited file
    expectRefused(await open(seg.replace('seg_0002.ts', '../index.m3u8')));
    expect((await open(seg)).headers['x-accel-redirect']).toBeDefined();
    // signed out: not a viewer any more
    expect((await t.post('/Api/User/user_user/LoginOut', {}, owner)).success).toBe(true);
    expectRefused(await open(seg));
    // expired: past the link's life (30 s of media + 15 minutes)
    const fresh = await play(await t.login('learner01'));
    expect((await open(fresh.segments[0])).headers['x-accel-redirect']).toBeDefined();
    clock.advance(16 * 60_000);
    expectRefused(await open(fresh.segments[0]));
    // the resource leaves the viewer's view (revoked): refused within seconds
    const later = await play(await t.login('learner01'));
    expect((await open(later.segments[0])).headers['x-accel-redirect']).toBeDefined();
    expect((await t.post(`${R}/Revoke`, { rescode: course }, await t.login('corpadmin'))).success).toBe(true);
    clock.advance(6000);
    expectRefused(await open(later.segments[0]));
  });
});

describe('file downloads handed to nginx (FILES_ACCEL_REDIRECT)', () => {
  it('a private file: refused without a valid link or to another user, redirected with its type and name when signed', async () => {
    const learner = await t.login('learner04');
    const res = await uploadImportFile(t, await buildWorkbook(['姓名', '手机号'], []), 'people.xlsx', learner);
    if (!res.success) throw new Error(res.msg);
    const { url, path } = res.data;
    const bare = await open(`/prod-api/files/${path}`, { token: learner });
    expect(bare.headers['x-accel-redirect']).toBeUndefined();
    expect(bare.json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
    const someoneElse = await open(url, { token: await t.login('other01') });
    expect(someoneElse.headers['x-accel-redirect']).toBeUndefined();
    expect(someoneElse.json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
    const named = `${url}&name=${encodeURIComponent('名单.xlsx')}`;
    const mine = await open(named, { token: learner, range: 'bytes=0-3' });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-accel-redirect']).toBe(`${PREFIX}${path}`);
    expect(mine.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('名单.xlsx')}`);
    expect(mine.headers['content-range']).toBeUndefined();
    expect(mine.rawPayload).toHaveLength(0);
    const head = await open(url, { token: learner, method: 'HEAD' });
    expect([head.statusCode, head.headers['x-accel-redirect']]).toEqual([200, `${PREFIX}${path}`]);
    clock.advance(11 * 60_000);
    const late = await open(url, { token: learner });
    expect(late.headers['x-accel-redirect']).toBeUndefined();
    expect(late.json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
    accel(undefined);
    const streamed = await open(
      (await uploadImportFile(t, await buildWorkbook(['姓名'], []), 'b.xlsx', await t.login('learner04'))).data.url,
      {
        token: await t.login('learner04'),
      },
    );
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['x-accel-redirect']).toBeUndefined();
    expect(streamed.rawPayload.length).toBeGreaterThan(0);
  });

  it('a missing file is the app’s 404-style answer, not a redirect', async () => {
    const missing = await open('/prod-api/files/avatar/2026/none.png');
    expect(missing.headers['x-accel-redirect']).toBeUndefined();
    expect(missing.json()).toMatchObject({ success: false, code: 'FILE_NOT_FOUND' });
  });
});
