import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { PLATFORM_WIDE } from '../../../platform/scope.ts';
import { topDepartmentOf } from '../people/people.repository.ts';
import { companies, orgs, posts } from '../schema/orgs.ts';
import { roles, userRoles, users } from '../schema/users.ts';
import { accountCodeTaken, insertUser } from '../users/users.repository.ts';

// The account rows signing in, recovery and the own-account calls work on (the identity module's,
// through public.ts): the user table is the directory's (ADR 0039).

export type UserRow = typeof users.$inferSelect;

export async function findUserByAccount(db: DbOrTx, accountCode: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.accountCode})`, accountCode.toLowerCase()))
    .limit(1);
  return row;
}

/** The names GetUserInfo shows next to a user: company, department, posts, roles. */
export interface UserLabels {
  companyName: string;
  orgName: string;
  postName: string;
  partTimePostName: string;
  roles: { code: string; name: string; sysRoleEnum: number }[];
}

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

export type AccountRow = typeof users.$inferSelect & { companyName: string };

const withCompany = (db: DbOrTx) =>
  db
    .select({ user: users, companyName: companies.companyName })
    .from(users)
    .leftJoin(companies, eq(companies.companySysCode, users.companySysCode));

const flat = (rows: { user: typeof users.$inferSelect; companyName: string | null }[]): AccountRow[] =>
  rows.map((r) => ({ ...r.user, companyName: r.companyName ?? '' }));

/** Accounts a sign-in name may mean: an account code, a phone or an ID number (not cancelled). */
export async function findAccountsByIdentifier(db: DbOrTx, identifier: string): Promise<AccountRow[]> {
  const value = identifier.trim();
  if (!value) return [];
  const rows = await withCompany(db)
    .where(
      and(
        isNull(users.cancelledAt),
        or(
          eq(sql`lower(${users.accountCode})`, value.toLowerCase()),
          eq(users.mobile, value),
          eq(sql`upper(${users.idCard})`, value.toUpperCase()),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(20);
  return flat(rows);
}

export async function findAccountsByPhone(db: DbOrTx, phone: string): Promise<AccountRow[]> {
  const rows = await withCompany(db)
    .where(and(isNull(users.cancelledAt), eq(users.mobile, phone)))
    .orderBy(users.id)
    .limit(20);
  return flat(rows);
}

export async function findAccountById(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
  return flat(await withCompany(db).where(eq(users.id, id)).limit(1))[0];
}

/** Imported employees matching name + ID number + phone (registration is activation). */
export async function findEmployees(db: DbOrTx, p: { name: string; idCard: string; phone: string }): Promise<AccountRow[]> {
  const rows = await withCompany(db).where(
    and(
      isNull(users.cancelledAt),
      eq(users.mobile, p.phone),
      eq(users.chnName, p.name),
      eq(sql`upper(${users.idCard})`, p.idCard.toUpperCase()),
    ),
  );
  return flat(rows);
}

/**
 * Changes an account by its holder: the signed-in user on their own account, or a person who
 * proved who they are (SMS code, ID number) in recovery. The owner is the user, so this takes the
 * user's id, not a company scope (ADR 0023). `now` is the caller's time (updatedAt).
 */
export async function updateOwnAccount(db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id));
}

/**
 * The account in `company` that a person of the company's directory stands for (issue 41 item 1):
 * the one with their job number, else their phone, else their directory name as account code
 * (not cancelled; the earliest when several match the same way).
 */
export async function findDirectoryAccount(
  db: DbOrTx,
  company: string,
  person: { jobNumber: string; phone: string; username: string },
): Promise<AccountRow | undefined> {
  const ways = [
    person.jobNumber ? eq(users.jobNum, person.jobNumber) : undefined,
    person.phone ? eq(users.mobile, person.phone) : undefined,
    person.username ? eq(sql`lower(${users.accountCode})`, person.username.toLowerCase()) : undefined,
  ];
  for (const way of ways) {
    if (!way) continue;
    const [row] = flat(
      await withCompany(db)
        .where(and(eq(users.companySysCode, company), isNull(users.cancelledAt), way))
        .orderBy(users.id)
        .limit(1),
    );
    if (row) return row;
  }
  return undefined;
}

/**
 * A directory person's new account in `company` (just-in-time at their first sign-in): activated
 * with `passwordHash` (a password nobody knows: they sign in with the directory's), a learner, in the department
 * of the directory's name when the company has one, else the company's top department. The
 * account code is their directory name, or it with the company code when that is taken.
 */
export async function insertDirectoryAccount(
  db: DbOrTx,
  companySysCode: string,
  person: { username: string; name: string; phone: string; email: string; jobNumber: string; department: string },
  passwordHash: string,
  now: Date,
): Promise<number> {
  const [dept] = person.department
    ? await db
        .select({ id: orgs.id })
        .from(orgs)
        .where(and(eq(orgs.companySysCode, companySysCode), eq(orgs.orgName, person.department)))
        .orderBy(orgs.id)
        .limit(1)
    : [];
  const [company] = await db.select({ code: companies.companyCode }).from(companies).where(eq(companies.companySysCode, companySysCode));
  let accountCode = `${company?.code}-${person.username}-${now.getTime().toString(36)}`;
  for (const candidate of [person.username, `${company?.code}-${person.username}`]) {
    if (!(await accountCodeTaken(db, candidate))) {
      accountCode = candidate;
      break;
    }
  }
  // a learner, as every account the directory's people get
  return insertUser(db, PLATFORM_WIDE, {
    accountCode,
    chnName: person.name || person.username,
    mobile: person.phone,
    email: person.email,
    jobNum: person.jobNumber,
    companySysCode,
    orgId: dept?.id ?? (await topDepartmentOf(db, companySysCode)) ?? null,
    passwordHash,
    activatedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

/** An account the company's directory vouched for, not yet activated: activated now with `passwordHash` (a password nobody knows). */
export async function activateDirectoryAccount(db: DbOrTx, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, activatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)));
}
