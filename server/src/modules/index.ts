import { purgeOrphanFilesJob, purgeTempFilesJob } from '../platform/files/index.ts';
import type { JobDefinition } from '../platform/jobs/index.ts';
import type { RouteSpec } from '../platform/route.ts';
import { accountRoutes } from './account/routes.ts';
import { actionRoutes } from './actions/routes.ts';
import { auditLogRoutes } from './auditlog/routes.ts';
import { companyRoutes } from './companies/routes.ts';
import { contentRoutes } from './content/routes.ts';
import './file-references.ts';
import { notifyAssignedJob } from './exams/jobs.ts';
import { examManageRoutes } from './exams/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { importUsersJob } from './imports/job.ts';
import { importRoutes } from './imports/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { learnStatsRoutes } from './learnstats/routes.ts';
import { menuRoutes } from './menu/routes.ts';
import { messageRoutes } from './message/routes.ts';
import { noticeRoutes } from './notices/routes.ts';
import { noticeFanOutJob } from './notices/service.ts';
import { orgRoutes } from './orgs/routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { postRoutes } from './posts/routes.ts';
import { notifyProjectJob } from './projects/jobs.ts';
import { projectRoutes } from './projects/routes.ts';
import { roleRoutes } from './roles/routes.ts';
import { sessionRoutes } from './session/routes.ts';
import { studyRoutes } from './study/routes.ts';
import { processMediaJob } from './trainres/media/job.ts';
import { trainResRoutes } from './trainres/routes.ts';
import { closeAttemptJob } from './userexam/jobs.ts';
import { userExamRoutes } from './userexam/routes.ts';
import { userRoutes } from './users/routes.ts';

/** Every API route of the app, module by module. */
// biome-ignore lint/suspicious/noExplicitAny: route inputs differ per module
export const allRoutes: RouteSpec<any>[] = [
  ...sessionRoutes,
  // the administration area (issue 4): users, organisations, posts, companies, roles, permissions, import, audit log
  ...userRoutes,
  ...importRoutes,
  ...companyRoutes,
  ...orgRoutes,
  ...postRoutes,
  ...roleRoutes,
  ...actionRoutes,
  ...auditLogRoutes,
  ...accountRoutes,
  ...menuRoutes,
  ...messageRoutes,
  ...fileRoutes,
  ...portalRoutes,
  ...noticeRoutes,
  ...contentRoutes,
  ...healthRoutes,
  ...examManageRoutes,
  ...userExamRoutes,
  ...jobRoutes,
  ...trainResRoutes,
  ...studyRoutes,
  ...projectRoutes,
  ...learnStatsRoutes,
];

/** Every background job kind of the app (platform/jobs); modules add theirs here. */
export const allJobs: JobDefinition<never>[] = [
  notifyAssignedJob,
  closeAttemptJob,
  purgeTempFilesJob,
  purgeOrphanFilesJob,
  noticeFanOutJob,
  processMediaJob,
  notifyProjectJob,
  importUsersJob,
] as JobDefinition<never>[];
