// What other modules may use of roles.
export { isPlatformAdmin } from './rules.ts';
