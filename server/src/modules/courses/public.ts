// The public surface of the courses module (ADR 0027): what other modules may use of it.

// What other modules may use of training resources: the directory tree, resource errors and the
// one rule of who sees a resource on the learner side (visibility.ts).
export { listDirs } from './dirs/dirs.repository.ts';
export { dirSubtree } from './dirs/dirs.service.ts';
export { resError } from './resources/errors.ts';
export { isResVisible, viewerScope, visibleResWhere } from './resources/visibility.ts';

// What other modules may use of study tracking.
export { forgetStudyRules } from './study/rules.ts';
