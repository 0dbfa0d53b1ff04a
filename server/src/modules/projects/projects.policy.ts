import { ProjectStatus } from '@xuetu/contract';
import { appError } from '../../platform/errors.ts';
import { definePolicy, type Subject } from '../../platform/policy.ts';
import { inScope } from '../../platform/scope.ts';

type Project = { companySysCode: string; status: number };

/**
 * Training projects: a company administrator manages their own company's projects, platform
 * staff every company's; another company's project answers like a missing one. A closed project
 * takes no more changes, and one with enrolled learners is not deleted.
 */
export const projectPolicy = definePolicy({
  read: ({ scope }: Subject, project: Project) => inScope(scope, project.companySysCode) || appError('PROJECT_NOT_FOUND'),
  change: ({ scope }: Subject, project: Project) => {
    if (!inScope(scope, project.companySysCode)) return appError('PROJECT_NOT_FOUND');
    return project.status !== ProjectStatus.Closed || appError('PROJECT_CLOSED');
  },
  delete: ({ scope }: Subject, project: Project & { enrolled: number }) => {
    if (!inScope(scope, project.companySysCode)) return appError('PROJECT_NOT_FOUND');
    return project.enrolled === 0 || appError('PROJECT_HAS_ENROLMENTS');
  },
});

export const { authorize, can } = projectPolicy;
