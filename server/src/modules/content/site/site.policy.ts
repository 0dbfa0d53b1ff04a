import { appError } from '../../../platform/errors.ts';
import { definePolicy, type Subject } from '../../../platform/policy.ts';
import { inScope } from '../../../platform/scope.ts';

/**
 * Company-owned content (regulations documents): a company administrator manages their own
 * company's documents and files new ones under it; platform-wide ones (company null) and other
 * companies' belong to platform staff. Another company's document answers like a missing one.
 * Links, lecturers and display models are platform-wide: the route's action is the whole rule.
 */
export const contentPolicy = definePolicy({
  manageRegulation: ({ scope }: Subject, doc: { companySysCode: string | null }) =>
    inScope(scope, doc.companySysCode) || appError('REGULATION_NOT_FOUND'),
  /** file under `companySysCode` (null or '' = platform-wide) */
  fileUnder: ({ scope }: Subject, owner: { companySysCode: string | null }) =>
    scope.all || !owner.companySysCode || owner.companySysCode === scope.companySysCode || appError('CONTENT_COMPANY_DENIED'),
});

export const { authorize, can } = contentPolicy;
