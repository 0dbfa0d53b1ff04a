import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, orgs, posts, roles, userRoles, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByAccount(db: DbOrTx, accountCode: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.accountCode})`, accountCode.toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The names GetUserInfo shows next to a user: company, department, posts, roles. */
export async function readUserLabels(db: DbOrTx, user: UserRow) {
  const [company] = user.companySysCode
    ? await db.select({ name: companies.companyName }).from(companies).where(eq(companies.companySysCode, user.companySysCode)).limit(1)
    : [];
  const [org] = user.orgId ? await db.select({ name: orgs.orgName }).from(orgs).where(eq(orgs.id, user.orgId)).limit(1) : [];
  const postIds = [user.postId, user.partTimePostId].filter((v): v is number => v != null);
  const postRows = postIds.length
    ? await db.select({ id: posts.id, name: posts.postName }).from(posts).where(inArray(posts.id, postIds))
    : [];
  const roleRows = await db
    .select({ code: roles.code, name: roles.roleName, sysRoleEnum: roles.sysRoleEnum })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id));
  const postName = (id: number | null) => postRows.find((p) => p.id === id)?.name ?? '';
  return {
    companyName: company?.name ?? '',
    orgName: org?.name ?? '',
    postName: postName(user.postId),
    partTimePostName: postName(user.partTimePostId),
    roles: roleRows,
  };
}
