import { pagingSchema } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { defineRoute, registerRoutes } from './route.ts';

// The API contract of DESIGN.md §2: envelope, status rules, case-insensitive paths and keys,
// validation messages, 401 and action refusal.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { BODY_LIMIT_BYTES: 2048 },
    beforeReady: (app, ctx) => {
      registerRoutes(app, ctx, [
        defineRoute({
          method: 'POST',
          url: '/Test/echoPaging',
          access: 'user',
          summary: 'test',
          input: pagingSchema.extend({ search: z.object({ keyword: z.string().default('') }).default({ keyword: '' }) }),
          handler: async ({ input }) => input,
        }),
        defineRoute({
          method: 'POST',
          url: '/Test/needsAddUser',
          access: { action: 'User.AddUser' },
          summary: 'test',
          handler: async () => 'allowed',
        }),
        defineRoute({
          method: 'POST',
          url: '/Test/crash',
          access: 'public',
          summary: 'test',
          handler: async () => {
            throw new Error('secret internals at /srv/db password=hunter2');
          },
        }),
      ]);
    },
  });
});
afterAll(() => t.close());

describe('envelope and status', () => {
  it('answers success with the envelope', async () => {
    const token = await t.login('learner01');
    const res = await t.postRaw('/Api/SysConfig/sys_message/GetNoReadCount', {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: '', data: 2, errorCode: 0 });
  });

  it('answers a business failure as HTTP 200 with a Chinese msg', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/Login',
      payload: { username: 'admin', password: 'wrong' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, msg: '用户名或密码错误', data: null });
  });

  it('answers an unknown API route with 404 and the envelope', async () => {
    const res = await t.inject({ method: 'POST', url: '/prod-api/Api/Nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 404, msg: '接口不存在' });
  });

  it('answers a too large body with 413', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/Login',
      payload: { username: 'x'.repeat(5000), password: 'y' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, errorCode: 413, msg: '请求内容过大' });
  });

  it('answers a crash with 500 and leaks nothing', async () => {
    const res = await t.inject({ method: 'POST', url: '/prod-api/Test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('/srv/db');
    expect(res.json()).toMatchObject({ success: false, errorCode: 500, msg: '服务器繁忙，请稍后再试' });
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: '请求参数有误' });
  });

  it('sends a request id header', async () => {
    const res = await t.inject({ method: 'POST', url: '/prod-api/Api/User/user_user/LoginOut' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('case-insensitive paths and keys', () => {
  it('matches the path in any case', async () => {
    const a = await t.post('/api/user/USER_USER/login', { username: 'admin', password: 'Xuetu@2026' });
    expect(a.success).toBe(true);
  });

  it('matches request keys in any case, nested too', async () => {
    const token = await t.login('learner01');
    const res = await t.post<{ pageIndex: number; pageRows: number; search: { keyword: string } }>(
      '/Test/echoPaging',
      { PageIndex: 3, PAGEROWS: 50, Search: { KeyWord: '安全' } },
      token,
    );
    expect(res.data).toMatchObject({ pageIndex: 3, pageRows: 50, search: { keyword: '安全' } });
  });

  it('reads query parameters on POST too', async () => {
    const token = await t.login('learner01');
    const res = await t.postRaw('/Test/echoPaging?pageindex=2', {}, token);
    expect(res.json().data.pageIndex).toBe(2);
  });
});

describe('validation', () => {
  it('uses the spec message of a contract field', async () => {
    const res = await t.post('/Api/User/user_user/Login', { username: '   ', password: 'x' });
    expect(res).toMatchObject({ success: false, msg: '请输入用户名' });
    const res2 = await t.post('/Api/User/user_user/Login', { username: 'admin' });
    expect(res2).toMatchObject({ success: false, msg: '请输入密码' });
  });

  it('names the field in a generic message, in Chinese', async () => {
    const token = await t.login('learner01');
    const res = await t.post('/Test/echoPaging', { pageIndex: 'abc' }, token);
    expect(res.success).toBe(false);
    expect(res.msg).toContain('pageIndex');
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('sessions and access', () => {
  it('answers 401 in the envelope without a session', async () => {
    const res = await t.inject({ method: 'POST', url: '/prod-api/Api/User/user_user/GetUserInfo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, errorCode: 401 });
  });

  it('answers 401 for a forged token', async () => {
    const res = await t.post('/Api/User/user_user/GetUserInfo', {}, 'forged-token-value');
    expect(res.errorCode).toBe(401);
  });

  it('accepts the token in Authorization as well', async () => {
    const token = await t.login('learner01');
    const res = await t.inject({
      method: 'POST',
      url: '/prod-api/Api/User/user_user/GetUserInfo',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.json()).toMatchObject({ success: true, data: { accountCode: 'learner01' } });
  });

  it('refuses a route whose action the user lacks', async () => {
    const learner = await t.login('learner01');
    expect(await t.post('/Test/needsAddUser', {}, learner)).toMatchObject({ success: false, errorCode: 403 });
    const corp = await t.login('corpadmin');
    expect(await t.post('/Test/needsAddUser', {}, corp)).toMatchObject({ success: true, data: 'allowed' });
  });

  it('revokes the session at logout', async () => {
    const token = await t.login('learner02');
    expect((await t.post('/Api/User/user_user/GetUserInfo', {}, token)).success).toBe(true);
    expect((await t.post('/Api/User/user_user/LoginOut', {}, token)).success).toBe(true);
    expect(await t.post('/Api/User/user_user/GetUserInfo', {}, token)).toMatchObject({ errorCode: 401 });
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('learner03');
    const rows = await t.ctx.db.query.sessions.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('refuses an imported employee who has not activated an account', async () => {
    const res = await t.post('/Api/User/user_user/Login', { username: 'zhangsan', password: 'Xuetu@2026' });
    expect(res.success).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the same schemas', async () => {
    const res = await t.inject({ method: 'GET', url: '/prod-api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const login = doc.paths['/prod-api/Api/User/user_user/Login'];
    expect(login.post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
  });
});
