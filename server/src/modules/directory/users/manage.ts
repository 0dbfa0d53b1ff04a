import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/actor.ts';
import { tenantScope } from '../../../platform/scope.ts';
import { mayManagePlatformRoleHolders } from './users.policy.ts';
import { platformRoleHolders } from './users.repository.ts';

export { platformRoleHolders };

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
