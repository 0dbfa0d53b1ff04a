// The directory module's calls (server/src/modules/directory/): its endpoint groups, one per server sub-folder, and their schemas.
import { actionsApi } from './actions.endpoints.ts';
import { companiesApi } from './companies.endpoints.ts';
import { importsApi } from './imports.endpoints.ts';
import { menuApi } from './menu.endpoints.ts';
import { orgsApi } from './orgs.endpoints.ts';
import { postsApi } from './posts.endpoints.ts';
import { rolesApi } from './roles.endpoints.ts';
import { usersApi } from './users.endpoints.ts';

export * from './access.schemas.ts';
export * from './admin.schemas.ts';
export * from './people.schemas.ts';
export { actionsApi, companiesApi, importsApi, menuApi, orgsApi, postsApi, rolesApi, usersApi };

/** Every endpoint group of directory, by the server sub-folder it belongs to. */
export const directoryEndpoints = {
  users: usersApi,
  orgs: orgsApi,
  posts: postsApi,
  companies: companiesApi,
  roles: rolesApi,
  actions: actionsApi,
  menu: menuApi,
  imports: importsApi,
};
