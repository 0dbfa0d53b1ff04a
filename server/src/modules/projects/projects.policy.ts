import { ProjectStatus } from '@xuetu/contract';
import { definePolicy, type Subject } from '../../platform/policy.ts';
import { inScope } from '../../platform/scope.ts';
import { projectError } from './errors.ts';

type Project = { companySysCode: string; status: number };

/**
 * Training projects: a company administrator manages their own company's projects, platform
 * staff every company's; another company's project answers like a missing one. A closed project
 * takes no more changes, and one with enrolled learners is not deleted.
 */
export const projectPolicy = definePolicy({
  read: ({ scope }: Subject, project: Project) => inScope(scope, project.companySysCode) || projectError('PROJECT_NOT_FOUND'),
  change: ({ scope }: Subject, project: Project) => {
    if (!inScope(scope, project.companySysCode)) return projectError('PROJECT_NOT_FOUND');
    return project.status !== ProjectStatus.Closed || projectError('PROJECT_CLOSED');
  },
  delete: ({ scope }: Subject, project: Project & { enrolled: number }) => {
    if (!inScope(scope, project.companySysCode)) return projectError('PROJECT_NOT_FOUND');
    return project.enrolled === 0 || projectError('PROJECT_HAS_ENROLMENTS');
  },
});

export const { authorize, can } = projectPolicy;
