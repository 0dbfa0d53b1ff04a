import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { companies, orgs, posts, roles, userRoles, users } from '../../../db/schema/index.ts';

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

type UserLabels = Awaited<ReturnType<typeof readUserLabels>>;
const partTimePosts = alias(posts, 'part_time_post');

/** A user and the labels GetUserInfo shows, in one query (GetUserInfo runs on every page load). */
export async function findUserWithLabels(db: DbOrTx, id: number): Promise<{ user: UserRow; labels: UserLabels } | undefined> {
  const [row] = await db
    .select({
      user: users,
      companyName: companies.companyName,
      orgName: orgs.orgName,
      postName: posts.postName,
      partTimePostName: partTimePosts.postName,
      roles: sql<
        UserLabels['roles']
      >`coalesce((select json_agg(json_build_object('code', r.code, 'name', r.role_name, 'sysRoleEnum', r.sys_role_enum) order by r.id)
        from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id}), '[]'::json)`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.companySysCode, users.companySysCode))
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(posts, eq(posts.id, users.postId))
    .leftJoin(partTimePosts, eq(partTimePosts.id, users.partTimePostId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return undefined;
  const roleList = typeof row.roles === 'string' ? (JSON.parse(row.roles) as UserLabels['roles']) : row.roles;
  return {
    user: row.user,
    labels: {
      companyName: row.companyName ?? '',
      orgName: row.orgName ?? '',
      postName: row.postName ?? '',
      partTimePostName: row.partTimePostName ?? '',
      roles: roleList,
    },
  };
}
