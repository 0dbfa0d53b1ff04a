import { EnableStatus, SysRole } from '@xuetu/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { ActorData } from '../../../platform/actor.ts';
import { companies } from '../schema/orgs.ts';
import { actions, roleActions, roles, userRoles, users } from '../schema/users.ts';

// What access checks know of a person, read from the directory's tables: identity loads (and
// caches) the request's actor from it, the user import checks its importer with it.

/**
 * A person as access checks see them: roles, system roles, granted action values, company; null
 * when the person is gone, disabled, cancelled, without a password, or of a disabled company. Two
 * statements (the person with their company's status, then their roles with the actions they grant).
 */
export async function readActorData(db: DbOrTx, userId: number): Promise<ActorData | null> {
  const [row] = await db
    .select({ user: users, companyStatus: companies.status })
    .from(users)
    .leftJoin(companies, eq(companies.companySysCode, users.companySysCode))
    .where(eq(users.id, userId))
    .limit(1);
  const user = row?.user;
  if (user?.status !== EnableStatus.Enabled || user.cancelledAt || !user.passwordHash) return null;
  // like companyActive: a person without a company (the platform's own) is never held back
  if (row!.companyStatus !== null && row!.companyStatus !== EnableStatus.Enabled) return null;
  const grants = await db
    .select({ id: roles.id, code: roles.code, sysRoleEnum: roles.sysRoleEnum, action: actions.value })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(roleActions, eq(roleActions.roleId, roles.id))
    .leftJoin(actions, and(eq(actions.id, roleActions.actionId), eq(actions.status, EnableStatus.Enabled)))
    .where(eq(userRoles.userId, userId));
  const roleRows = [...new Map(grants.map((g) => [g.id, g])).values()];
  const sysRoles = [...new Set(roleRows.map((r) => r.sysRoleEnum).filter((v) => v > 0))].sort();
  return {
    userId,
    accountCode: user.accountCode,
    chnName: user.chnName,
    userType: user.userType,
    companySysCode: user.companySysCode,
    mustChangePassword: user.mustChangePassword,
    sysRoles,
    roleCodes: roleRows.map((r) => r.code),
    actions: sysRoles.includes(SysRole.PlatformAdmin)
      ? await grantedActionValues(db, [], sysRoles)
      : [...new Set(grants.map((g) => g.action).filter((v): v is string => !!v))].sort(),
  };
}

/** Values of the valid actions a set of roles grants; the platform administrator holds all of them. */
export async function grantedActionValues(db: DbOrTx, roleIds: number[], sysRoles: number[]): Promise<string[]> {
  const rows = sysRoles.includes(SysRole.PlatformAdmin)
    ? await db.select({ value: actions.value }).from(actions).where(eq(actions.status, EnableStatus.Enabled))
    : roleIds.length === 0
      ? []
      : await db
          .selectDistinct({ value: actions.value })
          .from(roleActions)
          .innerJoin(actions, eq(actions.id, roleActions.actionId))
          .where(and(inArray(roleActions.roleId, roleIds), eq(actions.status, EnableStatus.Enabled)));
  return [...new Set(rows.map((r) => r.value).filter(Boolean))].sort();
}

/** False when the user belongs to a company that is disabled. */
export async function companyActive(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: companies.status })
    .from(users)
    .innerJoin(companies, eq(companies.companySysCode, users.companySysCode))
    .where(eq(users.id, userId))
    .limit(1);
  return !row || row.status === EnableStatus.Enabled;
}
