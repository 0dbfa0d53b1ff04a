import { appError } from '../../../platform/errors.ts';
import { definePolicy, type Subject } from '../../../platform/policy.ts';
import { inScope } from '../../../platform/scope.ts';
import { contentPolicy } from '../site/site.policy.ts';

type Owned = { companySysCode: string | null };

/**
 * Notices: a company administrator manages their own company's notices; platform-wide ones
 * (company null) and other companies' belong to platform staff. Another company's notice
 * answers like a missing one.
 */
export const noticePolicy = definePolicy({
  manage: ({ scope }: Subject, notice: Owned) => inScope(scope, notice.companySysCode) || appError('NOTICE_NOT_FOUND'),
  /** file a notice under `companySysCode` (null or '' = platform-wide): the content rule */
  fileUnder: contentPolicy.rules.fileUnder,
});

export const { authorize, can } = noticePolicy;
