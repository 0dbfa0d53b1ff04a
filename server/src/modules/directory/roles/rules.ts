import { SysRole } from '@xuetu/contract';
import type { Actor } from '../../../platform/actor.ts';

export const isPlatformAdmin = (actor: Actor) => actor.sysRoles.includes(SysRole.PlatformAdmin);

/** System roles 1 and 2 are granted and defined by the platform administrator only (policy.ts). */
export const isRestrictedSysRole = (sysRoleEnum: number) =>
  sysRoleEnum === SysRole.PlatformAdmin || sysRoleEnum === SysRole.PlatformOperator;
