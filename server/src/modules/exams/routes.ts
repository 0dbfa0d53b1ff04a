import { examRoutes } from './exam-routes.ts';
import { paperRoutes } from './paper-routes.ts';
import { questionRoutes } from './question-routes.ts';

/** Exam authoring under /Api/Exam_Manage/ (issue 12). */
export const examManageRoutes = [...questionRoutes, ...paperRoutes, ...examRoutes];
