import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { twoNodes } from '../../test/two-nodes.ts';
import type { Cache } from './cache.ts';

// Issue 25 item 4: a session signed out on one node while another node is loading it (its row read
// as live, its cache entry not yet written) must not be cached again by that node: the next request
// with the token is refused on both nodes, not served from the stale entry for a minute.
// Two app instances share the database and the cache (PostgreSQL and Redis when DATABASE_URL and
// REDIS_URL are set).
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
/** run by node A's cache just before it writes a session entry (once) */
let beforeSessionWrite: (() => Promise<void>) | null = null;

const hooked = (cache: Cache): Cache =>
  new Proxy(cache, {
    get: (target, key) => {
      const v = Reflect.get(target, key, target);
      if (key !== 'set') return typeof v === 'function' ? v.bind(target) : v;
      return async (k: string, value: unknown, ttl: number) => {
        const hook = beforeSessionWrite;
        if (hook && (k.startsWith('sess:') || k.startsWith('sessid:'))) {
          beforeSessionWrite = null;
          await hook();
        }
        return target.set(k, value, ttl);
      };
    },
  });

beforeAll(async () => {
  ({ a, b, close } = await twoNodes({ wrapA: hooked }));
});
afterAll(async () => {
  await close?.();
});

describe('a session revoked on one node while another loads it', () => {
  it('is not cached again by the loading node', async () => {
    const token = await b.login('learner01');
    // B signs the session out between A's read of the live row and A's write of its cache entry
    beforeSessionWrite = async () => {
      const out = await b.post('/Api/User/user_user/LoginOut', {}, token);
      expect(out.success).toBe(true);
    };
    await a.post('/Api/User/user_user/GetUserInfo', {}, token);
    expect(beforeSessionWrite).toBeNull();
    const onA = await a.post('/Api/User/user_user/GetUserInfo', {}, token);
    const onB = await b.post('/Api/User/user_user/GetUserInfo', {}, token);
    expect(onA.success, JSON.stringify(onA)).toBe(false);
    expect(onB.success).toBe(false);
  });

  it('a live session loaded on one node is served by both', async () => {
    const token = await a.login('learner01');
    expect((await a.post('/Api/User/user_user/GetUserInfo', {}, token)).success).toBe(true);
    expect((await b.post('/Api/User/user_user/GetUserInfo', {}, token)).success).toBe(true);
    await a.post('/Api/User/user_user/LoginOut', {}, token);
    expect((await b.post('/Api/User/user_user/GetUserInfo', {}, token)).success).toBe(false);
  });
});
