import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { requireActor } from './caller.ts';
import { ManualClock } from './clock.ts';
import { appError } from './errors.ts';
import { defineRoute, registerRoutes } from './route.ts';
import { inTransaction } from './tx.ts';

const clock = new ManualClock('2026-05-04T01:02:03Z');
let t: TestApp;

const probeRoutes = [
  defineRoute({
    method: 'GET',
    url: '/__test/caller',
    access: 'public',
    summary: 'test: echoes the caller',
    handler: async ({ caller }) => ({
      now: caller.now.toISOString(),
      userId: caller.actor?.userId ?? null,
      scope: caller.scope,
      requestId: caller.requestId,
    }),
  }),
  defineRoute({
    method: 'GET',
    url: '/__test/needs-actor',
    access: 'public',
    summary: 'test: requireActor',
    handler: async ({ caller }) => requireActor(caller).userId,
  }),
  defineRoute({
    method: 'POST',
    url: '/__test/coded-error',
    access: 'public',
    summary: 'test: an AppErrorCode',
    input: z.object({ id: z.number() }),
    handler: async ({ input }) => {
      throw appError('JOB_NOT_FOUND', { id: input.id });
    },
  }),
];

beforeAll(async () => {
  t = await buildTestApp({ clock, beforeReady: (app, ctx) => registerRoutes(app, ctx, probeRoutes) });
});
afterAll(() => t.close());

describe('caller', () => {
  it('is built once per request with the controlled clock, the request id and the actor scope', async () => {
    const anon = await t.get<{ now: string; userId: null; scope: unknown }>('/__test/caller');
    expect(anon.data).toMatchObject({ now: '2026-05-04T01:02:03.000Z', userId: null, scope: { all: false } });
    clock.advance(5_000);
    const token = await t.login('admin');
    const res = await t.inject({
      method: 'GET',
      url: '/prod-api/__test/caller',
      headers: { ydAuthorization: `Bearer ${token}`, 'x-request-id': 'req-42' },
    });
    expect(res.json().data).toMatchObject({ now: '2026-05-04T01:02:08.000Z', scope: { all: true }, requestId: 'req-42' });
    expect(res.json().data.userId).toBeTypeOf('number');
  });

  it('requireActor answers the 401 envelope without a session', async () => {
    const res = await t.get('/__test/needs-actor');
    expect(res).toMatchObject({ success: false, errorCode: 401, code: 'SESSION_EXPIRED' });
  });
});

describe('error codes', () => {
  it('carry the stable code, the Chinese message and the data in the envelope', async () => {
    const res = await t.post('/__test/coded-error', { id: 7 });
    expect(res).toEqual({ success: false, msg: '任务不存在', errorCode: 0, code: 'JOB_NOT_FOUND', data: { id: 7 } });
  });

  it('name bad input BAD_INPUT and unknown routes ROUTE_NOT_FOUND', async () => {
    expect(await t.post('/__test/coded-error', { id: 'x' })).toMatchObject({ success: false, code: 'BAD_INPUT' });
    const res = await t.inject({ method: 'GET', url: '/prod-api/__test/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', errorCode: 404 });
  });
});

describe('inTransaction', () => {
  it('runs after-commit work only after a commit, in order, and drops it on rollback', async () => {
    const log: string[] = [];
    await inTransaction(t.ctx, async (_tx, afterCommit) => {
      afterCommit(() => log.push('first'));
      afterCommit(async () => log.push('second'));
      log.push('inside');
    });
    expect(log).toEqual(['inside', 'first', 'second']);
    await expect(
      inTransaction(t.ctx, async (_tx, afterCommit) => {
        afterCommit(() => log.push('never'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(log).toEqual(['inside', 'first', 'second']);
  });

  it('keeps the committed result when an after-commit step fails, and still runs the later steps', async () => {
    const log: string[] = [];
    const result = await inTransaction(t.ctx, async (_tx, afterCommit) => {
      afterCommit(() => {
        throw new Error('cache down');
      });
      afterCommit(() => log.push('later'));
      return 'written';
    });
    expect(result).toBe('written');
    expect(log).toEqual(['later']);
  });
});
