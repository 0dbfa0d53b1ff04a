import { Perm } from '@xuetu/contract';
import { hasAction } from '../../../platform/actor.ts';
import { appError, forbidden, notFound } from '../../../platform/errors.ts';
import { definePolicy, type Subject } from '../../../platform/policy.ts';
import { inScope } from '../../../platform/scope.ts';
import { isPlatformAdmin } from '../roles/rules.ts';
import { EDIT_MODE } from './access.ts';

/** A user as the rules see them; `holdsPlatformRole` is looked up by the service (manage.ts). */
export type ManagedUser = { id: number; companySysCode: string | null; holdsPlatformRole: boolean };

/** Only a platform administrator changes people who hold a platform role (system role 1 or 2). */
export const mayManagePlatformRoleHolders = (subject: Subject) => subject.actor !== null && isPlatformAdmin(subject.actor);

/**
 * Users: "may manage this user" — inside the caller's scope (another company's person answers
 * like a missing one) and, below the platform administrator, holding no platform role. The
 * import applies the same rule to a whole sheet through `unmanageableUserIds`.
 */
export const userPolicy = definePolicy({
  manage: (subject: Subject, user: Omit<ManagedUser, 'id'>) => {
    if (!inScope(subject.scope, user.companySysCode)) return notFound();
    return !user.holdsPlatformRole || mayManagePlatformRoleHolders(subject) || forbidden();
  },
  /** nobody disables their own account */
  toggleStatus: (subject: Subject, user: Pick<ManagedUser, 'id'>) =>
    user.id !== subject.actor?.userId || appError('USER_CANNOT_DISABLE_SELF'),
  /** EditUserInfo adds with 新增 and edits in edit mode (spec §2) */
  add: (subject: Subject, _none: null) => (subject.actor !== null && hasAction(subject.actor, Perm.UserAdd)) || forbidden(),
  edit: (subject: Subject, _none: null) => (subject.actor !== null && hasAction(subject.actor, EDIT_MODE)) || forbidden(),
});

export const { authorize, can } = userPolicy;
