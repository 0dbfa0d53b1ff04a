import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { auditLogs, exams, examUsers, messages, orgs, papers, resAudits, resources, sessions, userRoles, users } from './schema/index.ts';

// The delete rules of the foreign keys (migrations 0016 and 0021): what goes with a parent, what keeps a
// parent from going, and what outlives it.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** the SQLSTATE the statement failed with */
const fkViolation = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: { code?: string; cause?: { code?: string } }) => e,
  );
  return err?.cause?.code ?? err?.code;
};

describe('foreign keys', () => {
  it('keep a department from being deleted while people are in it', async () => {
    const [person] = await t.ctx.db.select().from(users).where(sql`${users.orgId} is not null`).limit(1);
    // restrict_violation (PostgreSQL 17) or foreign_key_violation (15)
    expect(await fkViolation(t.ctx.db.delete(orgs).where(eq(orgs.id, person.orgId as number)))).toMatch(/^23(001|503)$/);
  });

  it('refuse a person of a company that does not exist', async () => {
    const insert = t.ctx.db.insert(users).values({ accountCode: 'fk-test', chnName: '无公司', companySysCode: 'C-NOWHERE' });
    expect(await fkViolation(insert)).toBe('23503');
  });

  it('take role grants, sessions and messages with a deleted person and keep the audit log', async () => {
    const token = await t.login('learner20');
    expect(token).toBeTruthy();
    const [person] = await t.ctx.db.select().from(users).where(eq(users.accountCode, 'learner20'));
    await t.ctx.db.insert(messages).values({ userId: person.id, title: '测试', content: '' });
    await t.ctx.db.insert(auditLogs).values({ actorUserId: person.id, action: 'fk.test' });
    await t.ctx.db.delete(users).where(eq(users.id, person.id));
    expect(await t.ctx.db.select().from(userRoles).where(eq(userRoles.userId, person.id))).toEqual([]);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    expect(await t.ctx.db.select().from(messages).where(eq(messages.userId, person.id))).toEqual([]);
    const [kept] = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'fk.test'));
    expect(kept.actorUserId).toBeNull();
  });

  it('keep a paper an exam uses from being deleted, and an exam with its attempts', async () => {
    const [exam] = await t.ctx.db.select().from(exams).limit(1);
    expect(exam).toBeDefined();
    expect(await fkViolation(t.ctx.db.delete(papers).where(eq(papers.id, exam.paperId)))).toMatch(/^23(001|503)$/);
  });

  it("take a person's exam assignments with them, and a resource's audit history with the resource", async () => {
    const [assigned] = await t.ctx.db.select().from(examUsers).limit(1);
    expect(assigned).toBeDefined();
    await t.ctx.db.delete(users).where(eq(users.id, assigned.userId));
    expect(await t.ctx.db.select().from(examUsers).where(eq(examUsers.userId, assigned.userId))).toEqual([]);
    const [audited] = await t.ctx.db.select().from(resAudits).limit(1);
    expect(audited).toBeDefined();
    await t.ctx.db.delete(resources).where(eq(resources.id, audited.resId));
    expect(await t.ctx.db.select().from(resAudits).where(eq(resAudits.resId, audited.resId))).toEqual([]);
  });

  it('refuse an exam of a company that does not exist', async () => {
    const [exam] = await t.ctx.db.select().from(exams).limit(1);
    const update = t.ctx.db.update(exams).set({ companySysCode: 'C-NOWHERE' }).where(eq(exams.id, exam.id));
    expect(await fkViolation(update)).toBe('23503');
  });
});
