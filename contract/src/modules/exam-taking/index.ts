// The exam-taking module's calls (server/src/modules/exam-taking/): its endpoint groups, one per server sub-folder, and their schemas.
import { userexamApi } from './attempts.endpoints.ts';
import { practiceApi } from './practice.endpoints.ts';

export * from './attempts.schemas.ts';
export * from './itemanalysis.schemas.ts';
export * from './practice.schemas.ts';
export { practiceApi, userexamApi };

/** Every endpoint group of exam-taking, by the server sub-folder it belongs to. */
export const examTakingEndpoints = {
  attempts: userexamApi,
  practice: practiceApi,
};
