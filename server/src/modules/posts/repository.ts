import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orgPosts, orgs, posts } from '../../db/schema/index.ts';
import { scopeWhere, type TenantScope } from '../../platform/scope.ts';

export type PostRow = typeof posts.$inferSelect;

const like = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;

export async function findPostInScope(
  db: DbOrTx,
  scope: TenantScope,
  ref: { id?: number | null; postCode?: string },
): Promise<PostRow | undefined> {
  const by = ref.id ? eq(posts.id, ref.id) : ref.postCode ? eq(posts.postCode, ref.postCode) : undefined;
  if (!by) return undefined;
  const [row] = await db
    .select()
    .from(posts)
    .where(and(by, scopeWhere(scope, posts.companySysCode)))
    .limit(1);
  return row;
}

export async function listPosts(db: DbOrTx, scope: TenantScope, q: { keyWord: string; company?: string; limit: number; offset: number }) {
  const conds: SQL[] = [scopeWhere(scope, posts.companySysCode)];
  if (q.company) conds.push(eq(posts.companySysCode, q.company));
  if (q.keyWord) conds.push(ilike(posts.postName, like(q.keyWord)));
  const where = and(...conds);
  const rows = await db.select().from(posts).where(where).orderBy(asc(posts.id)).limit(q.limit).offset(q.offset);
  const [total] = await db.select({ n: count() }).from(posts).where(where);
  return { rows, total: Number(total.n) };
}

/** Department assignments of some posts. */
export async function orgLinksOf(db: DbOrTx, postIds: number[]) {
  if (postIds.length === 0) return [];
  return db
    .select({ postId: orgPosts.postId, orgId: orgs.id, orgName: orgs.orgName })
    .from(orgPosts)
    .innerJoin(orgs, eq(orgs.id, orgPosts.orgId))
    .where(inArray(orgPosts.postId, postIds))
    .orderBy(asc(orgs.sortOrder), asc(orgs.id));
}

export async function listOrgPosts(
  db: DbOrTx,
  scope: TenantScope,
  q: { keyWord: string; orgId?: number; company?: string; limit: number; offset: number },
) {
  const conds: SQL[] = [scopeWhere(scope, posts.companySysCode), scopeWhere(scope, orgs.companySysCode)];
  if (q.company) conds.push(eq(posts.companySysCode, q.company));
  if (q.orgId !== undefined) conds.push(eq(orgs.id, q.orgId));
  if (q.keyWord) conds.push(ilike(posts.postName, like(q.keyWord)));
  const where = and(...conds);
  const rows = await db
    .select({ post: posts, org: { id: orgs.id, orgCode: orgs.orgCode, orgName: orgs.orgName } })
    .from(orgPosts)
    .innerJoin(posts, eq(posts.id, orgPosts.postId))
    .innerJoin(orgs, eq(orgs.id, orgPosts.orgId))
    .where(where)
    .orderBy(asc(orgs.sortOrder), asc(orgs.id), asc(posts.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db
    .select({ n: count() })
    .from(orgPosts)
    .innerJoin(posts, eq(posts.id, orgPosts.postId))
    .innerJoin(orgs, eq(orgs.id, orgPosts.orgId))
    .where(where);
  return { rows, total: Number(total.n) };
}
