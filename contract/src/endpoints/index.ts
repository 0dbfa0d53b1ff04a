// Every endpoint of the API, one object per domain (ADR 0039). A new domain's object is added to
// `allEndpoints` too: the server's test checks each of them is registered exactly once.
import type { EndpointGroup } from '../endpoint.ts';
import { accountApi } from './account.ts';
import { actionsApi } from './actions.ts';
import { auditlogApi } from './auditlog.ts';
import { companiesApi } from './companies.ts';
import { contentApi } from './content.ts';
import { examsApi } from './exams.ts';
import { importsApi } from './imports.ts';
import { jobsApi } from './jobs.ts';
import { learnstatsApi } from './learnstats.ts';
import { menuApi } from './menu.ts';
import { messageApi } from './message.ts';
import { noticesApi } from './notices.ts';
import { orgsApi } from './orgs.ts';
import { portalApi } from './portal.ts';
import { postsApi } from './posts.ts';
import { practiceApi } from './practice.ts';
import { projectsApi } from './projects.ts';
import { rolesApi } from './roles.ts';
import { sessionApi } from './session.ts';
import { studyApi } from './study.ts';
import { resDirApi, trainResApi } from './trainres.ts';
import { userexamApi } from './userexam.ts';
import { usersApi } from './users.ts';

export {
  accountApi,
  actionsApi,
  auditlogApi,
  companiesApi,
  contentApi,
  examsApi,
  importsApi,
  jobsApi,
  learnstatsApi,
  menuApi,
  messageApi,
  noticesApi,
  orgsApi,
  portalApi,
  postsApi,
  practiceApi,
  projectsApi,
  resDirApi,
  rolesApi,
  sessionApi,
  studyApi,
  trainResApi,
  userexamApi,
  usersApi,
};

export const allEndpoints: Readonly<Record<string, EndpointGroup>> = {
  posts: postsApi,
  orgs: orgsApi,
  roles: rolesApi,
  actions: actionsApi,
  companies: companiesApi,
  menu: menuApi,
  message: messageApi,
  jobs: jobsApi,
  auditlog: auditlogApi,
  learnstats: learnstatsApi,
  users: usersApi,
  imports: importsApi,
  session: sessionApi,
  account: accountApi,
  notices: noticesApi,
  content: contentApi,
  portal: portalApi,
  exams: examsApi,
  userexam: userexamApi,
  projects: projectsApi,
  resDir: resDirApi,
  trainRes: trainResApi,
  study: studyApi,
  practice: practiceApi,
};
