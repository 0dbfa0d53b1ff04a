import { EnableStatus } from '@xuetu/contract';
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orgs, posts, users } from '../../../db/schema/index.ts';

/** What a participant pick names: a person, a department (with the ones below it) or a post. */
export type ParticipantKind = 'user' | 'org' | 'post';

/** Ids among `ids` that are people / departments / posts of the company (others are dropped). */
export async function idsInCompany(db: DbOrTx, kind: ParticipantKind, ids: number[], company: string): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  if (kind === 'user') {
    const rows = await db
      .select({ id: users.id, name: users.chnName })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.companySysCode, company)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  if (kind === 'org') {
    const rows = await db
      .select({ id: orgs.id, name: orgs.orgName })
      .from(orgs)
      .where(and(inArray(orgs.id, ids), eq(orgs.companySysCode, company)));
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  const rows = await db
    .select({ id: posts.id, name: posts.postName })
    .from(posts)
    .where(and(inArray(posts.id, ids), eq(posts.companySysCode, company)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The company's departments (id → parent), to widen a department to its sub-departments. */
export function orgParents(db: DbOrTx, company: string) {
  return db.select({ id: orgs.id, pId: orgs.pId }).from(orgs).where(eq(orgs.companySysCode, company));
}

/**
 * Active people of the company matching any of the picks: by id, by department (ids already
 * widened to sub-departments), or by post (main or part-time). Unactivated employees count too:
 * they see the exam once they register.
 */
export async function matchPeople(
  db: DbOrTx,
  company: string,
  picks: { userIds: number[]; orgIds: number[]; postIds: number[] },
  onlyUserId?: number,
): Promise<{ userId: number; source: ParticipantKind }[]> {
  const conds = [
    picks.userIds.length ? inArray(users.id, picks.userIds) : undefined,
    picks.orgIds.length ? inArray(users.orgId, picks.orgIds) : undefined,
    picks.postIds.length ? or(inArray(users.postId, picks.postIds), inArray(users.partTimePostId, picks.postIds)) : undefined,
  ].filter(Boolean) as SQL[];
  if (!conds.length) return [];
  const rows = await db
    .select({ id: users.id, orgId: users.orgId, postId: users.postId, partTimePostId: users.partTimePostId })
    .from(users)
    .where(
      and(
        eq(users.companySysCode, company),
        eq(users.status, EnableStatus.Enabled),
        sql`${users.cancelledAt} is null`,
        or(...conds),
        onlyUserId ? eq(users.id, onlyUserId) : undefined,
      ),
    );
  return rows.map((r) => ({
    userId: r.id,
    source: picks.userIds.includes(r.id) ? 'user' : r.orgId != null && picks.orgIds.includes(r.orgId) ? 'org' : 'post',
  }));
}

/** The company of a person (null for platform staff). */
export async function userCompany(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ c: users.companySysCode })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.companySysCode)));
  return row?.c ?? null;
}

/**
 * A person's place in their company: the company, their department chain (own department and
 * every one above), their posts (main and part-time), name and whether they are active; null for
 * platform staff. `pickSource` tells by it which picks name a person.
 */
export async function placeOfPerson(db: DbOrTx, userId: number) {
  const [u] = await db
    .select({
      company: users.companySysCode,
      orgId: users.orgId,
      postId: users.postId,
      partTimePostId: users.partTimePostId,
      chnName: users.chnName,
      status: users.status,
      cancelledAt: users.cancelledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!u?.company) return null;
  const orgRows = await db.select({ id: orgs.id, pId: orgs.pId }).from(orgs).where(eq(orgs.companySysCode, u.company));
  const parent = new Map(orgRows.map((o) => [o.id, o.pId]));
  const chain = new Set<number>();
  for (let o = u.orgId; o != null && o !== 0 && !chain.has(o); o = parent.get(o) ?? null) chain.add(o);
  return {
    company: u.company,
    chnName: u.chnName,
    /** enabled and not cancelled: the people picks stand for (`matchPeople`) */
    active: u.status === EnableStatus.Enabled && u.cancelledAt == null,
    orgChain: chain,
    posts: new Set([u.postId, u.partTimePostId].filter((x): x is number => x != null)),
  };
}
