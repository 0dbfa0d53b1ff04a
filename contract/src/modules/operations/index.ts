// The operations module's calls (server/src/modules/operations/): its endpoint groups, one per server sub-folder, and their schemas.
import { auditlogApi } from './auditlog.endpoints.ts';
import { jobsApi } from './jobs.endpoints.ts';

export { auditlogApi, jobsApi };

/** Every endpoint group of operations, by the server sub-folder it belongs to. */
export const operationsEndpoints = {
  jobs: jobsApi,
  auditlog: auditlogApi,
};
