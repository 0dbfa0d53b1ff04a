// Every endpoint of the API, cut like the server: one folder per domain module (server/src/modules/),
// one endpoint group per server sub-folder, stamped with its module and group by `defineGroup`
// (ADR 0039, ADR 0053). A new group is added to its module's object: the server's test checks each
// endpoint is registered exactly once.
import type { EndpointGroup, ModuleName } from '../endpoint.ts';
import { certAdminApi, certificatesEndpoints, certMineApi, certVerifyApi } from './certificates/index.ts';
import { contentApi, contentEndpoints, messageApi, noticesApi, portalApi } from './content/index.ts';
import { coursesEndpoints, learnstatsApi, resDirApi, studyApi, trainResApi } from './courses/index.ts';
import {
  actionsApi,
  companiesApi,
  directoryEndpoints,
  importsApi,
  menuApi,
  orgsApi,
  postsApi,
  rolesApi,
  usersApi,
} from './directory/index.ts';
import { examTakingEndpoints, practiceApi, userexamApi } from './exam-taking/index.ts';
import { examsApi, examsEndpoints } from './exams/index.ts';
import { accountApi, connectionsApi, identityEndpoints, sessionApi } from './identity/index.ts';
import { auditlogApi, jobsApi, operationsEndpoints } from './operations/index.ts';
import { projectsApi, projectsEndpoints } from './projects/index.ts';

export * from './certificates/index.ts';
export * from './content/index.ts';
export * from './courses/index.ts';
export * from './directory/index.ts';
export * from './exam-taking/index.ts';
export * from './exams/index.ts';
export * from './identity/index.ts';
export * from './operations/index.ts';
export * from './projects/index.ts';

/** Each module's endpoint groups, by the server module's name. */
export const moduleEndpoints: Readonly<Record<ModuleName, Readonly<Record<string, EndpointGroup>>>> = {
  identity: identityEndpoints,
  directory: directoryEndpoints,
  content: contentEndpoints,
  courses: coursesEndpoints,
  projects: projectsEndpoints,
  exams: examsEndpoints,
  'exam-taking': examTakingEndpoints,
  operations: operationsEndpoints,
  certificates: certificatesEndpoints,
};

/** Every group, as `module.group` (what the server's endpoint test walks); a plain object, so the web bundles only the groups it uses. */
export const allEndpoints: Readonly<Record<string, EndpointGroup>> = {
  'identity.session': sessionApi,
  'identity.account': accountApi,
  'identity.connections': connectionsApi,
  'directory.users': usersApi,
  'directory.orgs': orgsApi,
  'directory.posts': postsApi,
  'directory.companies': companiesApi,
  'directory.roles': rolesApi,
  'directory.actions': actionsApi,
  'directory.menu': menuApi,
  'directory.imports': importsApi,
  'content.portal': portalApi,
  'content.notices': noticesApi,
  'content.site': contentApi,
  'content.message': messageApi,
  'courses.resources': trainResApi,
  'courses.dirs': resDirApi,
  'courses.study': studyApi,
  'courses.stats': learnstatsApi,
  'projects.projects': projectsApi,
  'exams.exams': examsApi,
  'exam-taking.attempts': userexamApi,
  'exam-taking.practice': practiceApi,
  'operations.jobs': jobsApi,
  'operations.auditlog': auditlogApi,
  'certificates.admin': certAdminApi,
  'certificates.mine': certMineApi,
  'certificates.verify': certVerifyApi,
};
