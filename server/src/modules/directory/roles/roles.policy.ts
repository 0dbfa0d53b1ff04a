import { appError, notFound } from '../../../platform/errors.ts';
import { definePolicy, type Subject } from '../../../platform/policy.ts';
import type { RoleRow } from './roles.repository.ts';
import { isPlatformAdmin, isRestrictedSysRole } from './rules.ts';

const platformAdmin = (subject: Subject) => subject.actor !== null && isPlatformAdmin(subject.actor);
/** the action values the caller holds (the platform administrator holds every one) */
const holdsAll = (subject: Subject, values: string[]) => {
  if (platformAdmin(subject)) return true;
  const held = new Set(subject.actor?.actions ?? []);
  return values.every((v) => held.has(v));
};

/**
 * Roles: which roles a caller may edit, which role types it may give, which roles it may grant
 * to a person. System roles 1 and 2 are defined and granted by the platform administrator only;
 * nobody gives more than they hold.
 */
export const rolePolicy = definePolicy({
  /** change this role's definition; one the caller may not edit answers like a missing one */
  edit: (subject: Subject, role: Pick<RoleRow, 'companySysCode' | 'sysRoleEnum'>) => {
    if (!subject.scope.all) return role.companySysCode === subject.scope.companySysCode || notFound();
    return platformAdmin(subject) || !isRestrictedSysRole(role.sysRoleEnum) || notFound();
  },
  /** give a role the type `to` (a new role starts from 0); spec §4: only a type-0 role changes type */
  setType: (subject: Subject, change: { from: number; to: number }) => {
    if (change.from !== 0 && change.to !== change.from) return appError('ROLE_SYS_LOCKED');
    return change.from !== 0 || !isRestrictedSysRole(change.to) || platformAdmin(subject) || appError('ROLE_SYS_RESTRICTED');
  },
  /** put these action values in a role */
  includeActions: (subject: Subject, actions: { values: string[] }) =>
    holdsAll(subject, actions.values) || appError('ROLE_ACTIONS_NOT_HELD'),
  /** give (or take away) a role granting `grantedValues` */
  grant: (subject: Subject, role: Pick<RoleRow, 'sysRoleEnum'> & { grantedValues: string[] }) => {
    if (platformAdmin(subject)) return true;
    return (!isRestrictedSysRole(role.sysRoleEnum) && holdsAll(subject, role.grantedValues)) || appError('ROLE_NOT_GRANTABLE');
  },
  /** a company's own role belongs to that company's people only */
  giveTo: (_subject: Subject, pair: { role: Pick<RoleRow, 'companySysCode'>; user: { companySysCode: string | null } }) =>
    pair.role.companySysCode === null || pair.role.companySysCode === pair.user.companySysCode || appError('ROLE_NOT_FOUND'),
});

export const { authorize, can } = rolePolicy;
