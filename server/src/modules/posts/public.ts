// What other modules may use of posts.
export { findPostInScope } from './repository.ts';
