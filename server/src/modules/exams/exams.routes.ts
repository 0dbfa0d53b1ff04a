import { examRoutes } from './exams/exams.routes.ts';
import { paperRoutes } from './papers/papers.routes.ts';
import { questionRoutes } from './questions/questions.routes.ts';

/** Exam authoring under /Api/Exam_Manage/ (issue 12). */
export const examManageRoutes = [...questionRoutes, ...paperRoutes, ...examRoutes];
