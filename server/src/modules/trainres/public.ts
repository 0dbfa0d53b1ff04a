// What other modules may use of training resources: the directory tree, resource errors and the
// one rule of who sees a resource on the learner side (visibility.ts).
export { listDirs } from './dir-repository.ts';
export { dirSubtree } from './dir-service.ts';
export { resError } from './errors.ts';
export { isResVisible, viewerScope, visibleResWhere } from './visibility.ts';
