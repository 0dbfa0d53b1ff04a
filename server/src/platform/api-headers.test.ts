import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

// Issue 9 item 11 (part): API answers are not cached or sniffed; the docs are off in production.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { API_DOCS: false } });
});
afterAll(() => t.close());

describe('API headers', () => {
  it('marks personal API answers no-store and nosniff', async () => {
    const token = await t.login('learner01');
    const res = await t.postRaw('/Api/User/user_user/GetUserInfo', {}, token);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves no API docs when they are switched off', async () => {
    expect((await t.inject({ method: 'GET', url: '/prod-api/docs/json' })).statusCode).toBe(404);
  });
});
