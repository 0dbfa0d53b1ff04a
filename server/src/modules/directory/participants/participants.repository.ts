import { EnableStatus } from '@xuetu/contract';
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orgs, posts } from '../schema/orgs.ts';
import { users } from '../schema/users.ts';

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
export async function placeOfPerson(db: DbOrTx, userId: number): Promise<PersonPlace | null> {
  return (await placesOfPeople(db, [userId])).get(userId) ?? null;
}

export interface PersonPlace {
  company: string;
  chnName: string;
  /** enabled and not cancelled: the people picks stand for (`matchPeople`) */
  active: boolean;
  orgChain: Set<number>;
  posts: Set<number>;
}

/** `placeOfPerson` of several people in one statement: everyone asked is in the map (null: platform staff, or no such person). */
export async function placesOfPeople(db: DbOrTx, userIds: number[]): Promise<Map<number, PersonPlace | null>> {
  const out = new Map<number, PersonPlace | null>(userIds.map((id) => [id, null]));
  if (!userIds.length) return out;
  // the people, and each one's department chain walked up within their company (at most 64
  // levels, which also stops a cycle)
  const { rows } = await db.execute<{
    id: number;
    company: string | null;
    chn_name: string;
    org_id: number | null;
    post_id: number | null;
    part_time_post_id: number | null;
    status: number;
    cancelled: boolean;
    chain: number[] | null;
  }>(sql`
    with recursive chain(user_id, id, p_id, depth) as (
      select ${users.id}, ${orgs.id}, ${orgs.pId}, 0 from ${orgs} join ${users}
        on ${orgs.id} = ${users.orgId} and ${orgs.companySysCode} = ${users.companySysCode}
        where ${inArray(users.id, userIds)}
      union all
      select c.user_id, o.id, o.p_id, c.depth + 1 from ${orgs} o join chain c on o.id = c.p_id
        join ${users} on ${users.id} = c.user_id
        where o.company_sys_code = ${users.companySysCode} and c.depth < 64
    )
    select ${users.id} as id, ${users.companySysCode} as company, ${users.chnName} as chn_name, ${users.orgId} as org_id,
      ${users.postId} as post_id, ${users.partTimePostId} as part_time_post_id, ${users.status} as status,
      ${users.cancelledAt} is not null as cancelled,
      (select array_agg(distinct chain.id) from chain where chain.user_id = ${users.id}) as chain
    from ${users} where ${inArray(users.id, userIds)}`);
  for (const u of rows) {
    if (!u.company) continue;
    out.set(Number(u.id), {
      company: u.company,
      chnName: u.chn_name,
      active: u.status === EnableStatus.Enabled && !u.cancelled,
      // their own department counts even when its row is gone (as a pick of it still names them)
      orgChain: new Set([...(u.chain ?? []), ...(u.org_id ? [u.org_id] : [])]),
      posts: new Set([u.post_id, u.part_time_post_id].filter((x): x is number => x != null)),
    });
  }
  return out;
}
