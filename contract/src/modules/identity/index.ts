// The identity module's calls (server/src/modules/identity/): its endpoint groups, one per server sub-folder, and their schemas.
import { accountApi } from './account.endpoints.ts';
import { connectionsApi } from './connections.endpoints.ts';
import { sessionApi } from './session.endpoints.ts';

export * from './account.schemas.ts';
export * from './connections.schemas.ts';
export * from './session.schemas.ts';
export { accountApi, connectionsApi, sessionApi };

/** Every endpoint group of identity, by the server sub-folder it belongs to. */
export const identityEndpoints = {
  session: sessionApi,
  account: accountApi,
  connections: connectionsApi,
};
