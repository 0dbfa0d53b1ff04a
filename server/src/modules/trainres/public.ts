// What other modules may use of training resources: the directory tree and resource errors.
export { listDirs } from './dir-repository.ts';
export { dirSubtree } from './dir-service.ts';
export { resError } from './errors.ts';
