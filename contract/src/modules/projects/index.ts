// The projects module's calls (server/src/modules/projects/): its endpoint groups, one per server sub-folder, and their schemas.
import { projectsApi } from './projects.endpoints.ts';

export * from './projects.schemas.ts';
export { projectsApi };

/** Every endpoint group of projects, by the server sub-folder it belongs to. */
export const projectsEndpoints = {
  projects: projectsApi,
};
