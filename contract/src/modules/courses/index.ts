// The courses module's calls (server/src/modules/courses/): its endpoint groups, one per server sub-folder, and their schemas.
import { resDirApi, trainResApi } from './resources.endpoints.ts';
import { learnstatsApi } from './stats.endpoints.ts';
import { studyApi } from './study.endpoints.ts';

export * from './resources.schemas.ts';
export * from './stats.schemas.ts';
export * from './study.schemas.ts';
export { learnstatsApi, resDirApi, studyApi, trainResApi };

/** Every endpoint group of courses, by the server sub-folder it belongs to. */
export const coursesEndpoints = {
  resources: trainResApi,
  dirs: resDirApi,
  study: studyApi,
  stats: learnstatsApi,
};
