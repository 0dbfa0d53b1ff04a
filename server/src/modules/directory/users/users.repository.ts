import { EnableStatus, SysRole } from '@xuetu/contract';
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { assertOwnerInScope } from '../../../platform/policy.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { companies, orgs, posts } from '../schema/orgs.ts';
import { roles, userRoles, users } from '../schema/users.ts';

export type UserRow = typeof users.$inferSelect;
const partTimePosts = alias(posts, 'pt_post');

export interface UserFilter {
  key: string;
  status: string;
  /** department ids (a department and those below it) */
  orgIds?: number[];
  postId?: number;
  /** undefined: every company of the scope */
  company?: string;
}

export function userWhere(scope: TenantScope, f: UserFilter): SQL {
  const conds: SQL[] = [scopeWhere(scope, users.companySysCode)];
  if (f.company) conds.push(eq(users.companySysCode, f.company));
  if (f.key) {
    const like = `%${f.key.replace(/[%_\\]/g, '\\$&')}%`;
    conds.push(or(ilike(users.chnName, like), ilike(users.idCard, like), ilike(users.mobile, like), ilike(users.accountCode, like)) as SQL);
  }
  if (f.status === '1') conds.push(eq(users.status, EnableStatus.Enabled));
  if (f.status === '0') conds.push(ne(users.status, EnableStatus.Enabled));
  if (f.orgIds) conds.push(f.orgIds.length ? inArray(users.orgId, f.orgIds) : sql`false`);
  if (f.postId !== undefined) conds.push(or(eq(users.postId, f.postId), eq(users.partTimePostId, f.postId)) as SQL);
  return and(...conds) as SQL;
}

const listColumns = {
  user: users,
  companyCode: companies.companyCode,
  companyName: companies.companyName,
  orgCode: orgs.orgCode,
  orgName: orgs.orgName,
  postCode: posts.postCode,
  postName: posts.postName,
  partTimePostCode: partTimePosts.postCode,
  partTimePostName: partTimePosts.postName,
};

function joined(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(users)
    .leftJoin(companies, eq(companies.companySysCode, users.companySysCode))
    .leftJoin(orgs, eq(orgs.id, users.orgId))
    .leftJoin(posts, eq(posts.id, users.postId))
    .leftJoin(partTimePosts, eq(partTimePosts.id, users.partTimePostId));
}

export type UserListRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];

export async function listUsers(db: DbOrTx, where: SQL, page: { limit: number; offset: number }) {
  const rows = await joined(db).where(where).orderBy(desc(users.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: Number(total.n) };
}

/** A company's people by ID number and phone, as an import matches its rows against them. */
export async function idCardsAndMobilesOfCompany(db: DbOrTx, companySysCode: string) {
  return db
    .select({ id: users.id, idCard: users.idCard, mobile: users.mobile })
    .from(users)
    .where(eq(users.companySysCode, companySysCode));
}

/** The account codes among `lowerCodes` (lower case) that are taken, as stored. */
export async function takenAccountCodes(db: DbOrTx, lowerCodes: string[]): Promise<string[]> {
  if (!lowerCodes.length) return [];
  const rows = await db
    .select({ code: users.accountCode })
    .from(users)
    .where(inArray(sql`lower(${users.accountCode})`, lowerCodes));
  return rows.map((r) => r.code);
}

/** The people in scope whose ID number (upper case) is among `idCards` or whose phone is among `mobiles`. */
export async function usersByIdCardsOrMobiles(db: DbOrTx, scope: TenantScope, idCards: string[], mobiles: string[], limit: number) {
  const conds = [
    idCards.length ? inArray(sql`upper(${users.idCard})`, idCards) : undefined,
    mobiles.length ? inArray(users.mobile, mobiles) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (conds.length === 0) return [];
  return (await listUsers(db, and(scopeWhere(scope, users.companySysCode), or(...conds)) as SQL, { limit, offset: 0 })).rows;
}

/** One batch of the export, newest first, continuing below `beforeId` (keyset paging). */
export async function exportBatch(db: DbOrTx, where: SQL, beforeId: number | null, size: number) {
  const w = beforeId === null ? where : (and(where, sql`${users.id} < ${beforeId}`) as SQL);
  return joined(db).where(w).orderBy(desc(users.id)).limit(size);
}

export async function rolesOfUsers(db: DbOrTx, userIds: number[]) {
  const out = new Map<number, { code: string; roleName: string; sysRoleEnum: number }[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userRoles.userId, code: roles.code, roleName: roles.roleName, sysRoleEnum: roles.sysRoleEnum })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds));
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r]);
  return out;
}

export async function findUserInScope(db: DbOrTx, scope: TenantScope, userId: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), scopeWhere(scope, users.companySysCode)))
    .limit(1);
  return row;
}

/** Another user of the company with this ID number or phone. */
export async function findClash(db: DbOrTx, companySysCode: string | null, field: 'idCard' | 'mobile', value: string, exceptId?: number) {
  const col = field === 'idCard' ? users.idCard : users.mobile;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        companySysCode ? eq(users.companySysCode, companySysCode) : sql`${users.companySysCode} is null`,
        field === 'idCard' ? eq(sql`upper(${col})`, value.toUpperCase()) : eq(col, value),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function accountCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.accountCode})`, code.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

// ---------- writes (each takes the caller's scope: a user outside it is never changed) ----------

type UserValues = Partial<typeof users.$inferInsert>;

const userInScope = (scope: TenantScope, userId: number) => and(eq(users.id, userId), scopeWhere(scope, users.companySysCode));

export async function updateUser(db: DbOrTx, scope: TenantScope, userId: number, values: UserValues): Promise<void> {
  if ('companySysCode' in values) assertOwnerInScope(scope, values.companySysCode);
  await db.update(users).set(values).where(userInScope(scope, userId));
}

/** A new user of `companySysCode`, holding the learner role as everyone starts. */
export async function insertUser(db: DbOrTx, scope: TenantScope, values: typeof users.$inferInsert): Promise<number> {
  assertOwnerInScope(scope, values.companySysCode);
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  const [learner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'learner')).limit(1);
  if (learner) await db.insert(userRoles).values({ userId: row.id, roleId: learner.id });
  return row.id;
}

/** Takes away the user's company roles (platform-wide roles, company null, stay). */
export async function dropCompanyRoles(db: DbOrTx, scope: TenantScope, userId: number): Promise<void> {
  await db
    .delete(userRoles)
    .where(
      and(
        eq(userRoles.userId, userId),
        sql`${userRoles.userId} in (select ${users.id} from ${users} where ${userInScope(scope, userId)})`,
        sql`${userRoles.roleId} in (select ${roles.id} from ${roles} where ${roles.companySysCode} is not null)`,
      ),
    );
}

/** One chunk of an import's changed people, as JSON rows (one parameter, not thousands). */
export type ImportedUpdate = {
  id: number;
  chn_name: string;
  mobile: string;
  org_id: number | null;
  post_id: number | null;
  part_time_post_id: number | null;
  valid_date: string | null;
};

export async function updateImportedUsers(db: DbOrTx, scope: TenantScope, part: ImportedUpdate[], now: Date): Promise<void> {
  await db.execute(sql`
    update ${users} set
      chn_name = v.chn_name, mobile = v.mobile, org_id = v.org_id, post_id = v.post_id,
      part_time_post_id = v.part_time_post_id, valid_date = v.valid_date, updated_at = ${now.toISOString()}::timestamptz
    from json_to_recordset(${JSON.stringify(part)}::json)
      as v(id int, chn_name text, mobile text, org_id int, post_id int, part_time_post_id int, valid_date timestamptz)
    where ${users.id} = v.id and ${scopeWhere(scope, users.companySysCode)}`);
}

export type ImportedInsert = Omit<ImportedUpdate, 'id'> & { account_code: string; id_card: string; company_sys_code: string };

/** One chunk of an import's new people, each holding the learner role. */
export async function insertImportedUsers(db: DbOrTx, scope: TenantScope, part: ImportedInsert[], now: Date): Promise<void> {
  for (const r of part) assertOwnerInScope(scope, r.company_sys_code);
  const [learner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'learner')).limit(1);
  // one JSON parameter per chunk: building thousands of bound parameters blocked the event loop
  await db.execute(sql`
    with v as (
      select * from json_to_recordset(${JSON.stringify(part)}::json)
        as v(account_code text, chn_name text, id_card text, mobile text, company_sys_code text,
             org_id int, post_id int, part_time_post_id int, valid_date timestamptz)
    ), created as (
      insert into ${users} (account_code, chn_name, id_card, mobile, company_sys_code, org_id, post_id, part_time_post_id, valid_date,
                            created_at, updated_at)
      select account_code, chn_name, id_card, mobile, company_sys_code, org_id, post_id, part_time_post_id, valid_date,
             ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from v
      returning id
    )
    insert into ${userRoles} (user_id, role_id)
    select id, ${learner?.id ?? null}::int from created where ${learner?.id ?? null}::int is not null`);
}

/** Which of these users hold a platform role (system role 1 or 2). */
export async function platformRoleHolders(db: DbOrTx, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  // one array parameter and only the few holders back: an import of 20,000 people asks once,
  // without building 20,000 parameters or reading everyone's roles
  const ids = `{${userIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(sql`${userRoles.userId} = any(${ids}::int[])`, inArray(roles.sysRoleEnum, [SysRole.PlatformAdmin, SysRole.PlatformOperator])),
    );
  return new Set(rows.map((r) => r.userId));
}
