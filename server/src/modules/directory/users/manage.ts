import { SysRole } from '@xuetu/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { roles, userRoles } from '../../../db/schema/index.ts';
import type { Actor } from '../../../platform/actor.ts';
import { tenantScope } from '../../../platform/scope.ts';
import { mayManagePlatformRoleHolders } from './users.policy.ts';

/** Why a user in the actor's scope may still not be changed by them (shown in import checks). */
export const UNMANAGEABLE_REASON = '该人员持有平台角色，您无权修改';

/**
 * The "may manage this user" rule (policy.ts) for many users at once, as the import needs it:
 * inside the scope (the caller's query ensures it) and, unless the actor is a platform
 * administrator, holding no platform role (1 or 2). Returns the ids the actor may NOT manage.
 */
export async function unmanageableUserIds(db: DbOrTx, actor: Actor, userIds: number[]): Promise<Set<number>> {
  if (mayManagePlatformRoleHolders({ actor, scope: tenantScope(actor) })) return new Set();
  return platformRoleHolders(db, userIds);
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
