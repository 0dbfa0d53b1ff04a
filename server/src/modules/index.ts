import type { RouteSpec } from '../platform/route.ts';
import { accountRoutes } from './account/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { menuRoutes } from './menu/routes.ts';
import { messageRoutes } from './message/routes.ts';
import { noticeRoutes } from './notices/routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { sessionRoutes } from './session/routes.ts';
import { adminRoutes } from './users/admin-routes.ts';

/** Every API route of the app, module by module. */
// biome-ignore lint/suspicious/noExplicitAny: route inputs differ per module
export const allRoutes: RouteSpec<any>[] = [
  ...sessionRoutes,
  ...adminRoutes,
  ...accountRoutes,
  ...menuRoutes,
  ...messageRoutes,
  ...fileRoutes,
  ...portalRoutes,
  ...noticeRoutes,
  ...contentRoutes,
];
