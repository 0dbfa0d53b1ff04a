import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { isPlatformAdmin, isRestrictedSysRole } from '../roles/rules.ts';
import { rolesOfUsers } from './repository.ts';

/** Why a user in the actor's scope may still not be changed by them (shown in import checks). */
export const UNMANAGEABLE_REASON = '该人员持有平台角色，您无权修改';

/**
 * The "may manage this user" rule shared by the direct edit routes, the import and role changes:
 * inside the scope (the caller's query ensures it) and, unless the actor is a platform
 * administrator, holding no platform role (1 or 2). Returns the ids the actor may NOT manage.
 */
export async function unmanageableUserIds(db: DbOrTx, actor: Actor, userIds: number[]): Promise<Set<number>> {
  if (isPlatformAdmin(actor) || userIds.length === 0) return new Set();
  const out = new Set<number>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const part = userIds.slice(i, i + 1000);
    const held = await rolesOfUsers(db, part);
    for (const id of part) if ((held.get(id) ?? []).some((r) => isRestrictedSysRole(r.sysRoleEnum))) out.add(id);
  }
  return out;
}
