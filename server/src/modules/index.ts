import { provideAuditWriter } from '../platform/audit.ts';
import type { AppContext } from '../platform/context.ts';
import { subscribe } from '../platform/events.ts';
import { purgeOrphanFilesJob, purgeTempFilesJob } from '../platform/files/index.ts';
import type { JobDefinition } from '../platform/jobs/index.ts';
import type { RouteSpec } from '../platform/route.ts';
import { certificateRoutes } from './certificates/certificates.routes.ts';
import { examResultJob, projectSweepJob } from './certificates/jobs.ts';
import { onExamResult } from './certificates/public.ts';
import { invalidatePortal } from './content/public.ts';
import { contentRoutes } from './content/site/site.routes.ts';
import { forgetStudyRules, provideProjectStudyRules } from './courses/public.ts';
import { actionRoutes } from './directory/actions/actions.routes.ts';
import { companyRoutes } from './directory/companies/companies.routes.ts';
import { assignParticipants, examCounts, examsWithAttempts, provideExamResultHook } from './exam-taking/public.ts';
import { provideExamTaking, provideProjectLookup } from './exams/public.ts';
import { accountRoutes } from './identity/account/account.routes.ts';
import { connectionRoutes } from './identity/connections/connections.routes.ts';
import { oidcRoutes } from './identity/connections/oidc.routes.ts';
import { endSessionsOf } from './identity/public.ts';
import { auditLogRoutes } from './operations/auditlog/auditlog.routes.ts';
import { insertAuditEntry } from './operations/public.ts';
import { companyHasProject, projectStudyRules } from './projects/public.ts';
import './file-references.ts';
import { messageRoutes } from './content/message/message.routes.ts';
import { noticeFanOutJob } from './content/notices/jobs.ts';
import { noticeRoutes } from './content/notices/notices.routes.ts';
import { portalRoutes } from './content/portal/portal.routes.ts';
import { trainResRoutes } from './courses/courses.routes.ts';
import { processMediaJob } from './courses/media/jobs.ts';
import { learnStatsRoutes } from './courses/stats/stats.routes.ts';
import { studyRoutes } from './courses/study/study.routes.ts';
import { importRoutes } from './directory/imports/imports.routes.ts';
import { importUsersJob } from './directory/imports/jobs.ts';
import { menuRoutes } from './directory/menu/menu.routes.ts';
import { orgRoutes } from './directory/orgs/orgs.routes.ts';
import { postRoutes } from './directory/posts/posts.routes.ts';
import { roleRoutes } from './directory/roles/roles.routes.ts';
import { userRoutes } from './directory/users/users.routes.ts';
import { userExamRoutes } from './exam-taking/exam-taking.routes.ts';
import { closeAttemptJob } from './exam-taking/jobs.ts';
import { practiceRoutes } from './exam-taking/practice/practice.routes.ts';
import { notifyAssignedJob } from './exam-taking/roster/jobs.ts';
import { examManageRoutes } from './exams/exams.routes.ts';
import { sessionRoutes } from './identity/session/session.routes.ts';
import { fileRoutes } from './operations/files/files.routes.ts';
import { healthRoutes } from './operations/health/health.routes.ts';
import { jobRoutes } from './operations/jobs/jobs.routes.ts';
import { notifyProjectJob } from './projects/jobs.ts';
import { projectRoutes } from './projects/projects.routes.ts';

// After-commit events (ADR 0039): who reacts to what another module announces.
subscribe('projects.changed', (ctx) => forgetStudyRules(ctx));
subscribe('courses.homeChanged', (ctx) => invalidatePortal(ctx));
subscribe('directory.accessEnded', (ctx, whose) => endSessionsOf(ctx, whose));

/** Wires one app's modules together as it is built (what is per app, on its context). */
export function wireModules(ctx: AppContext): void {
  // courses and exams ask training projects without depending on them: the study rules, and
  // whether the project an exam names is the company's
  provideProjectStudyRules(ctx, projectStudyRules);
  provideProjectLookup(ctx, companyHasProject);
  // exams ask exam taking (which depends on exams) to assign a published exam's people and for
  // the roster's and attempts' counts (ADR 0052)
  provideExamTaking(ctx, { assignParticipants: (db, exam, now) => assignParticipants(db, exam, now), examCounts, examsWithAttempts });
  // exam taking tells certificates (above it) of a scored or re-marked result, in that transaction:
  // certificates enqueue their issue or revoke job there (issue 42)
  provideExamResultHook(ctx, onExamResult);
  // every module records its admin writes (platform/audit.ts) in operations' audit log
  provideAuditWriter(ctx, insertAuditEntry);
}

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
  ...connectionRoutes,
  ...oidcRoutes,
  ...menuRoutes,
  ...messageRoutes,
  ...fileRoutes,
  ...portalRoutes,
  ...noticeRoutes,
  ...contentRoutes,
  ...healthRoutes,
  ...examManageRoutes,
  ...userExamRoutes,
  ...practiceRoutes,
  ...jobRoutes,
  ...trainResRoutes,
  ...studyRoutes,
  ...projectRoutes,
  ...learnStatsRoutes,
  ...certificateRoutes,
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
  examResultJob,
  projectSweepJob,
] as JobDefinition<never>[];
