import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { auditLogs, jobs, messages, notices, sessions, users } from '../db/schema/index.ts';
import { makeIdCard } from '../db/seed/idcard.ts';
import { hashToken } from '../modules/identity/session/sessions.ts';
import { ManualClock } from './clock.ts';

// Issue 10 item 3: business times come from the caller's clock (ctx.clock), never from the
// database's now() or the wall clock (ADR 0028). The clock stands years away from the wall clock,
// so a time taken from anywhere else cannot pass for it.
const AT = new Date('2031-07-15T03:04:05.000Z');
const clock = new ManualClock(AT);
let t: TestApp;
let corp: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  // the seed's own jobs (exam assignment messages) out of the way
  await t.ctx.jobs.drain();
  corp = await t.login('corpadmin');
});
afterAll(() => t.close());

const auditAt = async (action: string, target: string) =>
  (
    await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.target, target)))
  )[0]?.createdAt;

it('is far from the wall clock', () => {
  expect(Math.abs(Date.now() - AT.getTime())).toBeGreaterThan(365 * 24 * 3_600_000);
});

it('a session is opened at the clock’s time and expires on it', async () => {
  const [row] = await t.ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(corp)));
  expect(row.createdAt).toEqual(AT);
  expect(row.expiresAt.getTime()).toBe(AT.getTime() + t.ctx.env.SESSION_IDLE_MINUTES * 60_000);
});

it('publishing a company notice stores its times, its audit entry and its fan-out job at the clock’s time; the job’s messages at the job’s', async () => {
  const added = await t.post<{ noticeSysCode: string }>(
    '/Api/SysConfig/sys_notice/AddNotice',
    { noticeTitle: '时钟公告', publish: true },
    corp,
  );
  expect(added.success, added.msg).toBe(true);
  const code = added.data.noticeSysCode;
  const [notice] = await t.ctx.db.select().from(notices).where(eq(notices.noticeSysCode, code));
  expect({ createdAt: notice.createdAt, updatedAt: notice.updatedAt, releaseTime: notice.releaseTime }).toEqual({
    createdAt: AT,
    updatedAt: AT,
    releaseTime: AT,
  });
  expect(await auditAt('notice.add', code)).toEqual(AT);
  const [job] = await t.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'notices.fan-out'), eq(jobs.dedupeKey, code)));
  expect(job.createdAt).toEqual(AT);

  // the runner comes to it a minute later
  const ran = clock.advance(60_000);
  expect(await t.ctx.jobs.drain({ kinds: ['notices.fan-out'] })).toBe(1);
  const sent = await t.ctx.db.select({ createdAt: messages.createdAt }).from(messages).where(eq(messages.title, '新公告：时钟公告'));
  expect(sent.length).toBeGreaterThan(0);
  for (const m of sent) expect(m.createdAt).toEqual(ran);
  const [done] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
  expect({ startedAt: done.startedAt, finishedAt: done.finishedAt }).toEqual({ startedAt: ran, finishedAt: ran });
});

it('adding a user stores its times and the audit entry at the clock’s time', async () => {
  const now = clock.advance(60_000);
  const res = await t.post<{ userId: number }>(
    '/Api/User/user_user/EditUserInfo',
    { type: 1, chnName: '时钟学员', idCard: makeIdCard('19930303', 313), mobile: '13811113131', UserType: 'ComPanyUser' },
    corp,
  );
  expect(res.success, res.msg).toBe(true);
  const [user] = await t.ctx.db.select().from(users).where(eq(users.id, res.data.userId));
  expect({ createdAt: user.createdAt, updatedAt: user.updatedAt }).toEqual({ createdAt: now, updatedAt: now });
  expect(await auditAt('user.add', user.accountCode)).toEqual(now);
});

it('a message sent by an administrator is stored at the clock’s time, with its audit entry', async () => {
  const now = clock.advance(60_000);
  const [receiver] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.accountCode, 'learner01'));
  const res = await t.post('/Api/SysConfig/sys_message/SendMessage', { userIds: [receiver.id], title: '时钟消息', content: '' }, corp);
  expect(res.success, res.msg).toBe(true);
  const [m] = await t.ctx.db.select().from(messages).where(eq(messages.title, '时钟消息'));
  expect(m.createdAt).toEqual(now);
  expect(await auditAt('message.send', '时钟消息')).toEqual(now);
});
