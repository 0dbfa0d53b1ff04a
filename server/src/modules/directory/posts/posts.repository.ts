import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { forbidden } from '../../../platform/errors.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { orgPosts, orgs, posts } from '../schema/orgs.ts';
import { users } from '../schema/users.ts';

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

/** A company's posts by name, as an import resolves them. */
export async function postNamesOfCompany(db: DbOrTx, companySysCode: string) {
  return db.select({ id: posts.id, postName: posts.postName }).from(posts).where(eq(posts.companySysCode, companySysCode));
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

// ---------- writes: posts and their department links change only inside the caller's scope ----------

const postInScope = (scope: TenantScope, postId: number) => and(eq(posts.id, postId), scopeWhere(scope, posts.companySysCode));
/** a department link follows its post's company */
const linkOfPostInScope = (scope: TenantScope, postId: number) =>
  and(eq(orgPosts.postId, postId), sql`${orgPosts.postId} in (select ${posts.id} from ${posts} where ${postInScope(scope, postId)})`);

export async function insertPost(
  db: DbOrTx,
  scope: TenantScope,
  values: Pick<typeof posts.$inferInsert, 'postCode' | 'postName' | 'importance' | 'companySysCode'>,
): Promise<PostRow> {
  return insertInScope(db, scope, posts, values);
}

export async function updatePost(
  db: DbOrTx,
  scope: TenantScope,
  postId: number,
  values: Pick<typeof posts.$inferInsert, 'postName' | 'importance'>,
): Promise<PostRow> {
  const [row] = await db.update(posts).set(values).where(postInScope(scope, postId)).returning();
  return row;
}

export async function deletePost(db: DbOrTx, scope: TenantScope, postId: number): Promise<void> {
  await db.delete(orgPosts).where(linkOfPostInScope(scope, postId));
  await db.delete(posts).where(postInScope(scope, postId));
}

/** Replaces the post's departments (ids of the post's company, checked by the service). */
export async function setPostOrgs(db: DbOrTx, scope: TenantScope, postId: number, orgIds: number[]): Promise<void> {
  await db.delete(orgPosts).where(linkOfPostInScope(scope, postId));
  if (orgIds.length === 0) return;
  const [post] = await db.select({ id: posts.id }).from(posts).where(postInScope(scope, postId)).limit(1);
  if (!post) throw forbidden();
  await db.insert(orgPosts).values(orgIds.map((orgId) => ({ orgId, postId: post.id })));
}

/** Adds one department to the post. */
export async function linkPostToOrg(db: DbOrTx, scope: TenantScope, postId: number, orgId: number): Promise<void> {
  const [post] = await db.select({ id: posts.id }).from(posts).where(postInScope(scope, postId)).limit(1);
  if (!post) throw forbidden();
  await db.insert(orgPosts).values({ orgId, postId: post.id });
}

/** Takes one department from the post; false when it had none such. */
export async function unlinkPostFromOrg(db: DbOrTx, scope: TenantScope, postId: number, orgId: number): Promise<boolean> {
  const gone = await db
    .delete(orgPosts)
    .where(and(linkOfPostInScope(scope, postId), eq(orgPosts.orgId, orgId)))
    .returning();
  return gone.length > 0;
}

/** Whether the company already has a post of this name (other than `exceptId`). */
export async function postNameTaken(db: DbOrTx, companySysCode: string, postName: string, exceptId?: number): Promise<boolean> {
  const clash = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.companySysCode, companySysCode), eq(posts.postName, postName), exceptId ? ne(posts.id, exceptId) : undefined))
    .limit(1);
  return clash.length > 0;
}

/** How many people hold the post, as their post or part-time post (the post was found in scope first). */
export async function holdersOfPost(db: DbOrTx, postId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(or(eq(users.postId, postId), eq(users.partTimePostId, postId)));
  return Number(n);
}
