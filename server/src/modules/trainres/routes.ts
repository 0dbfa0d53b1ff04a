import { resDirRoutes } from './dir-routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { resAdminRoutes } from './res-routes.ts';

/** Every route of the resource library (directories, administration, media). */
export const trainResRoutes = [...resDirRoutes, ...resAdminRoutes, ...mediaRoutes];
