import type { PlayListAnswer } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildResource, buildUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { media } from '../db/schema/index.ts';
import type { RedisCache } from './cache.ts';
import { type CounterStore, failFastStore, LIMITER_REDIS_TIMEOUT_MS } from './rate-limit.ts';

// Issue 21 item 4: offices put hundreds of people behind one address. Signed-in calls count per
// user, anonymous ones per address; signed media links and health probes are not counted.

const PER_USER = 5;
const PER_ADDRESS = 3;
const OFFICE = '10.20.0.1';
const NO_READ = '/prod-api/Api/SysConfig/sys_message/GetNoReadCount';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { RATE_LIMIT_PER_MINUTE: PER_USER, RATE_LIMIT_ANON_PER_MINUTE: PER_ADDRESS },
    beforeReady: (app) => {
      // the readiness probe (another branch adds the real one): registered like any route
      if (!app.hasRoute({ method: 'GET', url: '/prod-api/ready' })) app.get('/prod-api/ready', async () => ({ ready: true }));
    },
  });
});
afterAll(() => t.close());

const call = (token?: string, remoteAddress = OFFICE, url = NO_READ) =>
  t.inject({ method: 'POST', url, remoteAddress, headers: token ? { ydAuthorization: `Bearer ${token}` } : {} });
const get = (url: string, token?: string, remoteAddress = OFFICE) =>
  t.inject({ method: 'GET', url, remoteAddress, headers: token ? { ydAuthorization: `Bearer ${token}` } : {} });

describe('signed-in calls: per user', () => {
  it('lets many people of one address past what one address used to get, and still stops one of them past their own', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => buildUser(t)));
    const tokens = await Promise.all(people.map((p) => p.signIn()));
    // 4 × 5 = 20 calls from one address: far beyond the old per-address allowance (5 here)
    for (let round = 0; round < PER_USER; round++)
      for (const token of tokens) expect((await call(token)).statusCode, `round ${round}`).toBe(200);
    const over = await call(tokens[0]);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, errorCode: 429, msg: '请求过于频繁，请稍后再试' });
    // from another address too (the user is limited, not the address), and a new session buys no new allowance
    expect((await call(tokens[0], '10.99.0.1')).statusCode).toBe(429);
    expect((await call(await people[0].signIn())).statusCode).toBe(429);
    // the others' allowances are their own
    expect(
      (
        await buildUser(t)
          .then((p) => p.signIn())
          .then((token) => call(token))
      ).statusCode,
    ).toBe(200);
  });
});

describe('anonymous calls: per address', () => {
  it('stops an address past its allowance, counts each address on its own, and ignores an unknown token', async () => {
    const address = '10.30.0.1';
    for (let i = 0; i < PER_ADDRESS; i++) expect((await call(undefined, address)).json().errorCode).toBe(401);
    const over = await call(undefined, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ errorCode: 429, msg: '请求过于频繁，请稍后再试' });
    // a made-up token is no session: it counts against the address as well
    expect((await call('not-a-session', address)).statusCode).toBe(429);
    expect((await call(undefined, '10.30.0.2')).json().errorCode).toBe(401);
  });

  it('sign-in keeps its own per-address limit, apart from the API allowance', async () => {
    const address = '10.40.0.1';
    for (let i = 0; i < PER_ADDRESS + 1; i++) await call(undefined, address);
    expect((await call(undefined, address)).statusCode).toBe(429);
    const login = await t.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/Login',
      remoteAddress: address,
      payload: { username: 'learner01', password: 'Xuetu@2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().success).toBe(true);
  });
});

describe('not counted', () => {
  it('never limits the health and readiness probes', async () => {
    const address = '10.50.0.1';
    for (let i = 0; i < PER_ADDRESS + 1; i++) await call(undefined, address);
    expect((await call(undefined, address)).statusCode).toBe(429);
    for (let i = 0; i < PER_ADDRESS * 3; i++) {
      expect((await get('/prod-api/health', undefined, address)).statusCode).toBe(200);
      expect((await get('/prod-api/Health/', undefined, address)).statusCode).toBe(200);
      expect((await get('/prod-api/ready', undefined, address)).statusCode).toBe(200);
    }
  });

  it('does not count signed media links (playlist, segments), but counts forged ones', async () => {
    // an approved course whose media is a stored HLS rendition of three segments
    const course = await buildResource(t);
    const key = `media/${course.mediaId}/FD`;
    const playlist = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:VOD']
      .concat(...[0, 1, 2].map((i) => ['#EXTINF:4.0,', `seg_000${i}.ts`]), '#EXT-X-ENDLIST')
      .join('\n');
    await t.ctx.storage.put(`${key}/index.m3u8`, Buffer.from(playlist));
    for (let i = 0; i < 3; i++) await t.ctx.storage.put(`${key}/seg_000${i}.ts`, Buffer.alloc(188, 0x47));
    await t.ctx.db
      .update(media)
      .set({ renditions: [{ quality: 'FD', key: `${key}/index.m3u8`, height: 360, format: 'hls' }] })
      .where(eq(media.mediaCode, course.mediaId));
    const token = await (await buildUser(t)).signIn();

    const answer = await call(token, OFFICE, `/prod-api/Api/Train_Manage/Train_Res/GetVideoPlayList?videoId=${course.resCode}`);
    const list = answer.json().data as PlayListAnswer;
    expect(list.format).toBe('hls');
    // the player: the playlist, then its segments over and over, four times the user's allowance
    const m3u8 = await get(list.playList[0].item2, token);
    expect(m3u8.statusCode).toBe(200);
    const segments = m3u8.body.split('\n').filter((l) => l.startsWith('seg_'));
    const base = list.playList[0].item2.replace(/index\.m3u8\?.*$/, '');
    for (let i = 0; i < PER_USER * 4; i++) {
      const seg = await get(base + segments[i % segments.length], token);
      expect(seg.statusCode, `segment ${i}`).toBe(200);
      expect(seg.headers['content-type']).toBe('video/mp2t');
    }
    // none of them counted: the user still has the rest of the allowance (one call went to the play list)
    for (let i = 1; i < PER_USER; i++) expect((await call(token)).statusCode).toBe(200);
    expect((await call(token)).statusCode).toBe(429);
    // the same links keep playing once the API allowance is spent
    expect((await get(base + segments[0], token)).statusCode).toBe(200);

    // a forged or foreign link is checked by the handler and counts against the caller
    const forgedFrom = '10.60.0.1';
    const forged = base + segments[0].replace(/t=[^&]+/, 't=forged');
    for (let i = 0; i < PER_ADDRESS; i++) expect((await get(forged, undefined, forgedFrom)).statusCode).toBe(410);
    expect((await get(forged, undefined, forgedFrom)).statusCode).toBe(429);
    // and a valid link used from another address (it is bound to the viewer's) counts too
    const elsewhere = '10.60.0.2';
    for (let i = 0; i < PER_ADDRESS; i++) expect((await get(base + segments[0], undefined, elsewhere)).statusCode).toBe(410);
    expect((await get(base + segments[0], undefined, elsewhere)).statusCode).toBe(429);
  });
});

describe('Redis unavailable', () => {
  const answered: CounterStore = {
    incr: (_key, callback) => callback(null, { current: 1, ttl: 60_000 }),
    child: () => answered,
  };
  const silent: CounterStore = { incr: () => {}, child: () => silent };
  const incr = (store: CounterStore) =>
    new Promise<{ err: Error | null; result: unknown }>((resolve) => store.incr('k', (err, result) => resolve({ err, result }), 60_000, 5));

  it('fails at once while the connection is down, and after a short wait when Redis does not answer', async () => {
    expect(await incr(failFastStore(answered, { status: 'ready' }))).toEqual({ err: null, result: { current: 1, ttl: 60_000 } });
    expect((await incr(failFastStore(answered, { status: 'reconnecting' }))).err?.message).toMatch(/reconnecting/);
    expect((await incr(failFastStore(silent, { status: 'ready' }).child({}))).err?.message).toMatch(/in time/);
    expect(LIMITER_REDIS_TIMEOUT_MS).toBeLessThanOrEqual(1000);
  });

  it.runIf(process.env.REDIS_URL)('lets calls through uncounted (no 500, no 429) while Redis is down', async () => {
    const app = await buildTestApp({ env: { RATE_LIMIT_ANON_PER_MINUTE: 1 } });
    const { redis } = app.ctx.cache as RedisCache;
    try {
      redis.disconnect();
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ method: 'POST', url: NO_READ, remoteAddress: '10.70.0.1' });
        // the route's own answer (no session), not the limiter's
        expect([res.statusCode, res.json().errorCode]).toEqual([200, 401]);
      }
      // the health probe reports the outage itself
      expect((await app.inject({ method: 'GET', url: '/prod-api/health' })).statusCode).toBe(503);
    } finally {
      await redis.connect();
      await app.close();
    }
  });
});
