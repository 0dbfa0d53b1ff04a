// Every endpoint of the API, one object per domain (ADR 0039). A new domain's object is added to
// `allEndpoints` too: the server's test checks each of them is registered exactly once.
import type { EndpointGroup } from '../endpoint.ts';
import { actionsApi } from './actions.ts';
import { companiesApi } from './companies.ts';
import { orgsApi } from './orgs.ts';
import { postsApi } from './posts.ts';
import { rolesApi } from './roles.ts';

export { actionsApi, companiesApi, orgsApi, postsApi, rolesApi };

export const allEndpoints: Readonly<Record<string, EndpointGroup>> = {
  posts: postsApi,
  orgs: orgsApi,
  roles: rolesApi,
  actions: actionsApi,
  companies: companiesApi,
};
