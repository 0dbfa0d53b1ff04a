import { ORG_ROOT_ID, Perm } from '@xuetu/contract';
import { hasAction } from '../../../platform/actor.ts';
import { appError, forbidden } from '../../../platform/errors.ts';
import { definePolicy, type Subject } from '../../../platform/policy.ts';

/**
 * Departments: the caller's scope limits which it finds (another company's answers like a missing
 * one). On top: the virtual root -1 is never changed, deleting needs its own action, and a
 * department moves under a department of its own company only.
 */
export const orgPolicy = definePolicy({
  edit: (_subject: Subject, org: { id?: number }) => org.id !== ORG_ROOT_ID || appError('ORG_ROOT_LOCKED'),
  delete: (subject: Subject, org: { id?: number }) => {
    if (org.id === ORG_ROOT_ID) return appError('ORG_ROOT_LOCKED');
    return (subject.actor !== null && hasAction(subject.actor, Perm.OrgDelete)) || forbidden();
  },
  placeUnder: (_subject: Subject, pair: { org: { companySysCode: string }; parent: { companySysCode: string } | undefined }) =>
    (pair.parent !== undefined && pair.parent.companySysCode === pair.org.companySysCode) || appError('ORG_PARENT_NOT_FOUND'),
});

export const { authorize, can } = orgPolicy;
