// The exams module's calls (server/src/modules/exams/): its endpoint groups, one per server sub-folder, and their schemas.
import { examsApi } from './exams.endpoints.ts';

export * from './exams.schemas.ts';
export { examsApi };

/** Every endpoint group of exams, by the server sub-folder it belongs to. */
export const examsEndpoints = {
  exams: examsApi,
};
