import { forbidden } from '../../../platform/errors.ts';
import { definePolicy, isPlatformStaff, type Subject } from '../../../platform/policy.ts';

/**
 * The job queue serves every company at once and has no company column: its rows are platform
 * bookkeeping, so its writes (retry) take no tenant scope (ADR 0023) and only a caller who sees
 * all companies reads or retries them.
 */
export const jobPolicy = definePolicy({
  manage: (subject: Subject, _none: null) => isPlatformStaff(subject) || forbidden(),
});

export const { authorize, can } = jobPolicy;
