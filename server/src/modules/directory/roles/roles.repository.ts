import { EnableStatus } from '@xuetu/contract';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { assertOwnerInScope } from '../../../platform/policy.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { companies } from '../schema/orgs.ts';
import { actions, roleActions, roles, userRoles, users } from '../schema/users.ts';

export type RoleRow = typeof roles.$inferSelect;

/**
 * Roles a scope may see: everything for platform staff; for a company its own roles and the
 * platform's company-level roles (company administrator, learner) that it may assign.
 */
export function visibleRoles(scope: TenantScope): SQL {
  if (scope.all) return sql`true`;
  return or(eq(roles.companySysCode, scope.companySysCode), and(isNull(roles.companySysCode), inArray(roles.sysRoleEnum, [3, 4]))) as SQL;
}

export async function listRoles(db: DbOrTx, scope: TenantScope, q: { key: string; limit: number; offset: number }) {
  const conds: SQL[] = [visibleRoles(scope)];
  if (q.key) conds.push(ilike(roles.roleName, `%${q.key.replace(/[%_\\]/g, '\\$&')}%`));
  const where = and(...conds);
  const userCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;
  const rows = await db
    .select({ role: roles, companyName: companies.companyName, userCount })
    .from(roles)
    .leftJoin(companies, eq(companies.companySysCode, roles.companySysCode))
    .where(where)
    .orderBy(asc(roles.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: count() }).from(roles).where(where);
  return { rows, total: Number(total.n) };
}

export async function findRolesInScope(db: DbOrTx, scope: TenantScope, codes: string[]): Promise<RoleRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(and(inArray(roles.code, codes), visibleRoles(scope)));
}

/** Action ids and values each role grants. */
export async function grantsOf(db: DbOrTx, roleIds: number[]): Promise<Map<number, { id: number; value: string; status: number }[]>> {
  const out = new Map<number, { id: number; value: string; status: number }[]>();
  if (roleIds.length === 0) return out;
  const rows = await db
    .select({ roleId: roleActions.roleId, id: actions.id, value: actions.value, status: actions.status })
    .from(roleActions)
    .innerJoin(actions, eq(actions.id, roleActions.actionId))
    .where(inArray(roleActions.roleId, roleIds));
  for (const r of rows) out.set(r.roleId, [...(out.get(r.roleId) ?? []), { id: r.id, value: r.value, status: r.status }]);
  return out;
}

// ---------- writes: a role is changed only inside the caller's scope ----------

type RoleValues = Pick<typeof roles.$inferInsert, 'roleName' | 'sysRoleEnum'>;

const roleInScope = (scope: TenantScope, roleId: number) => and(eq(roles.id, roleId), scopeWhere(scope, roles.companySysCode));

export async function insertRole(
  db: DbOrTx,
  scope: TenantScope,
  values: RoleValues & { code: string; companySysCode: string | null },
  actionIds: number[],
): Promise<RoleRow> {
  assertOwnerInScope(scope, values.companySysCode);
  const [row] = await db.insert(roles).values(values).returning();
  if (actionIds.length) await db.insert(roleActions).values(actionIds.map((actionId) => ({ roleId: row.id, actionId })));
  return row;
}

/** Renames/retypes a role; `actionIds` null leaves its grants as they are. */
export async function updateRole(
  db: DbOrTx,
  scope: TenantScope,
  roleId: number,
  values: RoleValues,
  actionIds: number[] | null,
): Promise<RoleRow> {
  const [row] = await db.update(roles).set(values).where(roleInScope(scope, roleId)).returning();
  if (!row) throw notFound();
  if (actionIds) {
    await db.delete(roleActions).where(eq(roleActions.roleId, row.id));
    if (actionIds.length) await db.insert(roleActions).values(actionIds.map((actionId) => ({ roleId: row.id, actionId })));
  }
  return row;
}

/** Replaces a person's roles; the person must be inside the scope. */
export async function replaceUserRoles(db: DbOrTx, scope: TenantScope, userId: number, roleIds: number[]): Promise<void> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), scopeWhere(scope, users.companySysCode)))
    .limit(1);
  if (!user) throw notFound();
  await db.delete(userRoles).where(eq(userRoles.userId, user.id));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
}

// sys_action is platform-owned (no company): read without a tenant scope (ADR 0023).
/** The ids of every valid action (what the platform administrator holds). */
export async function enabledActionIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: actions.id }).from(actions).where(eq(actions.status, EnableStatus.Enabled));
  return rows.map((a) => a.id);
}

/** The actions of these ids with their values (missing ids are left out). */
export function actionValuesByIds(db: DbOrTx, ids: number[]) {
  return db.select({ id: actions.id, value: actions.value }).from(actions).where(inArray(actions.id, ids));
}

/** A user of the scope, with what a role change needs; another company's answers undefined. */
export async function findUserInScope(db: DbOrTx, scope: TenantScope, userId: number) {
  const [row] = await db
    .select({ id: users.id, companySysCode: users.companySysCode, accountCode: users.accountCode })
    .from(users)
    .where(and(eq(users.id, userId), scopeWhere(scope, users.companySysCode)))
    .limit(1);
  return row;
}

/** The roles a user holds (the user was found in the caller's scope first). */
export function rolesOfUser(db: DbOrTx, userId: number) {
  return db.select({ role: roles }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId));
}
