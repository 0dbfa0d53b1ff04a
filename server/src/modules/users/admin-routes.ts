import { actionRoutes } from '../actions/routes.ts';
import { auditLogRoutes } from '../auditlog/routes.ts';
import { companyRoutes } from '../companies/routes.ts';
import { importRoutes } from '../imports/routes.ts';
import { orgRoutes } from '../orgs/routes.ts';
import { postRoutes } from '../posts/routes.ts';
import { roleRoutes } from '../roles/routes.ts';
import { userRoutes } from './routes.ts';

/** The administration area (issue 4): users, organisations, posts, companies, roles, permissions, import, audit log. */
export const adminRoutes = [
  ...userRoutes,
  ...importRoutes,
  ...companyRoutes,
  ...orgRoutes,
  ...postRoutes,
  ...roleRoutes,
  ...actionRoutes,
  ...auditLogRoutes,
];
