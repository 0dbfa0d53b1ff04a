// The certificates module's calls (server/src/modules/certificates/, issue 42): its endpoint groups and their schemas.
import { certAdminApi, certMineApi, certVerifyApi } from './certificates.endpoints.ts';

export * from './certificates.schemas.ts';
export { certAdminApi, certMineApi, certVerifyApi };

/** Every endpoint group of certificates. */
export const certificatesEndpoints = {
  admin: certAdminApi,
  mine: certMineApi,
  verify: certVerifyApi,
};
