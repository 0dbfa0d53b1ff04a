import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { actions, companies, roleActions, roles, userRoles } from '../../db/schema/index.ts';
import type { TenantScope } from '../../platform/scope.ts';

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
