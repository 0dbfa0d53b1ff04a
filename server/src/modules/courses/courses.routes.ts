import { resDirRoutes } from './dirs/dirs.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { resAdminRoutes } from './resources/resources.routes.ts';

/** Every route of the resource library (directories, administration, media). */
export const trainResRoutes = [...resDirRoutes, ...resAdminRoutes, ...mediaRoutes];
