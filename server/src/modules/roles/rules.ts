import { SysRole } from '@xuetu/contract';
import type { Actor } from '../../platform/actor.ts';
import { tenantScope } from '../../platform/scope.ts';
import type { RoleRow } from './repository.ts';

export const isPlatformAdmin = (actor: Actor) => actor.sysRoles.includes(SysRole.PlatformAdmin);

/** System roles 1 and 2 are granted and defined by the platform administrator only. */
export const isRestrictedSysRole = (sysRoleEnum: number) =>
  sysRoleEnum === SysRole.PlatformAdmin || sysRoleEnum === SysRole.PlatformOperator;

/** Whether the actor may change this role's definition. */
export function canEditRole(actor: Actor, role: Pick<RoleRow, 'companySysCode' | 'sysRoleEnum'>): boolean {
  const scope = tenantScope(actor);
  if (!scope.all) return role.companySysCode === scope.companySysCode;
  return isPlatformAdmin(actor) || !isRestrictedSysRole(role.sysRoleEnum);
}

/** Whether the actor may give (or take away) this role: never more than they hold themselves. */
export function canGrantRole(actor: Actor, role: Pick<RoleRow, 'sysRoleEnum'>, grantedValues: string[]): boolean {
  if (isPlatformAdmin(actor)) return true;
  if (isRestrictedSysRole(role.sysRoleEnum)) return false;
  const held = new Set(actor.actions);
  return grantedValues.every((v) => held.has(v));
}
