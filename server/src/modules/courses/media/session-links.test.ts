import type { PlayListAnswer } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { buildPlayableResource, buildResource } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { media, resources } from '../../../db/schema/index.ts';
import { DEMO_COMPANY } from '../../../db/seed/demo.ts';
import { ManualClock } from '../../../platform/clock.ts';

// Issue 22 item 5: signed media links end with the session they were issued to. A play list link
// and its segments' links carry the session; a request with another session is refused, and
// one without (a media element fetching by itself) only while the issuing session lives.
const MINUTE = 60_000;
const clock = new ManualClock();
let t: TestApp;
/** 演示科技's approved course of 3 hours (3 segments of an hour), longer than the session idle time */
let course: string;
let platformCourse: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const res = await buildPlayableResource(t, { companySysCode: DEMO_COMPANY.companySysCode }, 3, 3600);
  course = res.resCode;
  const shared = await buildPlayableResource(t, {}, 5, 10);
  platformCourse = shared.resCode;
});
afterAll(() => t.close());

const open = (url: string, token?: string) =>
  t.inject({ method: 'GET', url, headers: token ? { ydAuthorization: `Bearer ${token}` } : {} });

/** The FD play list link the caller is given, its text (fetched with the session) and its segments' links. */
async function play(token: string, call = 'GetVideoPlayList', code = call === 'GetVideoPlayList' ? course : platformCourse) {
  const body = call === 'GetVideoPlayList' ? { videoId: code } : { rescode: code };
  const pl = await t.post<PlayListAnswer>(`${R}/${call}`, body, token || undefined);
  expect(pl.success, pl.msg).toBe(true);
  const url = pl.data.playList[0].item2;
  const m3u8 = await open(url, token || undefined);
  expect(m3u8.statusCode).toBe(200);
  const dir = url.slice(0, url.indexOf('index.m3u8'));
  const segments = m3u8.body
    .split('\n')
    .filter((l) => l.startsWith('seg_'))
    .map((l) => dir + l);
  return { url, segments };
}

/** The expiry (unix seconds) signed into a link's token. */
const expiryOf = (url: string) => JSON.parse(Buffer.from(decodeURIComponent(url.split('?t=')[1]).split('.')[0], 'base64url').toString())[3];

describe('media links bound to the session', () => {
  it("the owner's fresh play list plays: every segment, with the session header and without it", async () => {
    const token = await t.login('learner01');
    const { url, segments } = await play(token);
    expect(segments).toHaveLength(3);
    for (const seg of segments) {
      for (const who of [token, undefined]) {
        const bytes = await open(seg, who);
        expect([bytes.statusCode, bytes.headers['content-type']]).toEqual([200, 'video/mp2t']);
      }
    }
    expect((await open(url)).statusCode).toBe(200);
    // a segment link lives no longer than its play list link
    expect(expiryOf(segments[0])).toBe(expiryOf(url));
  });

  it("a colleague's session at the same address cannot use the link, nor the owner's other session", async () => {
    const owner = await t.login('learner01');
    const colleague = await t.login('learner02');
    const { url, segments } = await play(owner);
    for (const link of [url, segments[0]]) {
      const refused = await open(link, colleague);
      expect([refused.statusCode, refused.json().code]).toEqual([410, 'MEDIA_LINK_EXPIRED']);
      expect((await open(link, await t.login('learner01'))).statusCode).toBe(410);
      expect((await open(link, owner)).statusCode).toBe(200);
    }
  });

  it('after sign-out the play list link and its segment links are refused', async () => {
    const token = await t.login('learner01');
    const { url, segments } = await play(token);
    expect((await open(segments[1])).statusCode).toBe(200);
    expect((await t.post('/Api/User/user_user/LoginOut', {}, token)).success).toBe(true);
    for (const link of [url, segments[0], segments[1]]) {
      expect((await open(link)).statusCode, link).toBe(410);
      expect((await open(link, token)).statusCode, link).toBe(410);
    }
    // signed in again: a new list plays
    const again = await play(await t.login('learner01'));
    expect((await open(again.segments[2])).statusCode).toBe(200);
  });

  it("an expired session's links are refused although the links themselves have not expired", async () => {
    const token = await t.login('learner01');
    const { url, segments } = await play(token);
    // the 3-hour course's links last past the session's idle time (120 minutes)
    expect(expiryOf(url) * 1000 - clock.now().getTime()).toBeGreaterThan(180 * MINUTE);
    clock.advance(61 * MINUTE);
    expect((await open(segments[0])).statusCode).toBe(200);
    // nothing used the session since sign-in (the media element sends no token): it expires
    clock.advance(60 * MINUTE);
    for (const link of [url, segments[0], segments[2]]) expect((await open(link)).statusCode, link).toBe(410);
    expect((await t.post(`${R}/GetTrainResDetail`, { rescode: course }, token)).errorCode).toBe(401);
    const fresh = await play(await t.login('learner01'));
    expect((await open(fresh.segments[2])).statusCode).toBe(200);
  });

  it("a signed-in viewer's link lasts the media's length + 15 minutes; a pdf's its reading time + 15 minutes", async () => {
    const token = await t.login('learner01');
    const lifeOf = async (videoId: string) => {
      const pl = await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId }, token);
      return expiryOf(pl.data.playList[0].item2) * 1000 - clock.now().getTime();
    };
    const near = (ms: number) => ({ asymmetricMatch: (v: number) => v > ms - 1000 && v <= ms });
    expect(await lifeOf(course)).toEqual(near((3 * 3600 + 15 * 60) * 1000));
    // a document's media has no length: the reading time given with it (ADR 0021)
    const doc = await buildResource(t, { companySysCode: DEMO_COMPANY.companySysCode, duration: 7200 });
    await t.ctx.db.update(media).set({ duration: 0 }).where(eq(media.mediaCode, doc.mediaId));
    expect(await lifeOf(doc.resCode)).toEqual(near((7200 + 15 * 60) * 1000));
  });

  it("an issued link stops within seconds once its resource leaves the viewer's view", async () => {
    const revoked = await buildPlayableResource(t, { companySysCode: DEMO_COMPANY.companySysCode });
    const token = await t.login('learner01');
    const mine = await play(token, 'GetVideoPlayList', revoked.resCode);
    const shared = await buildPlayableResource(t);
    const other = await play(await t.login('other01'), 'GetVideoPlayList', shared.resCode);
    expect((await open(mine.segments[0])).statusCode).toBe(200);
    expect((await open(other.segments[0])).statusCode).toBe(200);
    expect((await t.post(`${R}/Revoke`, { rescode: revoked.resCode }, await t.login('corpadmin'))).success).toBe(true);
    await t.ctx.db.update(resources).set({ isPrivate: 1 }).where(eq(resources.id, shared.id));
    clock.advance(6000);
    for (const link of [mine.url, mine.segments[1], other.url, other.segments[1]]) expect((await open(link)).statusCode, link).toBe(410);
  });

  it("a visitor's preview is bound to no session and ends in minutes", async () => {
    const { url, segments } = await play('', 'GetTrainResPreView');
    expect(segments).toHaveLength(3); // the first 30 seconds
    expect((await open(segments[0], await t.login('learner02'))).statusCode).toBe(200);
    expect(expiryOf(segments[0])).toBe(expiryOf(url));
    clock.advance(11 * MINUTE);
    expect((await open(url)).statusCode).toBe(410);
    expect((await open(segments[0])).statusCode).toBe(410);
  });
});
