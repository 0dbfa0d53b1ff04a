import { Perm } from '@xuetu/contract';
import { hasAction } from '../../../platform/actor.ts';
import { forbidden } from '../../../platform/errors.ts';
import { definePolicy, isPlatformStaff, type Subject } from '../../../platform/policy.ts';

/** Companies are managed by system roles 1 and 2 only, whatever a custom role grants. */
export const companyPolicy = definePolicy({
  /** SaveCompany adds (no sys code) with 新增 and edits with 修改 */
  save: (subject: Subject, company: { companySysCode: string }) =>
    (isPlatformStaff(subject) &&
      subject.actor !== null &&
      hasAction(subject.actor, company.companySysCode ? Perm.CompanyEdit : Perm.CompanyAdd)) ||
    forbidden(),
  toggleStatus: (subject: Subject, _company: { companySysCode: string }) => isPlatformStaff(subject) || forbidden(),
});

export const { authorize, can } = companyPolicy;
