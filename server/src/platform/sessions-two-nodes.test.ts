import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { cacheWriteHooks, twoNodes } from '../../test/two-nodes.ts';

// Issue 25 item 4: a session signed out on one node while another node is loading it (its row read
// as live, its cache entry not yet written) must not be cached again by that node: the next request
// with the token is refused on both nodes, not served from the stale entry for a minute.
// Two app instances share the database and the cache (PostgreSQL and Redis when DATABASE_URL and
// REDIS_URL are set).
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
/** run by node A's cache just before it writes a session entry */
const writesOnA = cacheWriteHooks();

beforeAll(async () => {
  ({ a, b, close } = await twoNodes({ wrapA: writesOnA.wrap }));
});
afterAll(async () => {
  await close?.();
});

describe('a session revoked on one node while another loads it', () => {
  it('is not cached again by the loading node', async () => {
    const token = await b.login('learner01');
    // B signs the session out between A's read of the live row and A's write of its cache entry
    writesOnA.beforeWrite(['sess:', 'sessid:'], async () => {
      const out = await b.post('/Api/User/user_user/LoginOut', {}, token);
      expect(out.success).toBe(true);
    });
    await a.post('/Api/User/user_user/GetUserInfo', {}, token);
    expect(writesOnA.waiting()).toBe(0);
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
