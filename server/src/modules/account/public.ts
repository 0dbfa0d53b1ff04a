// What other modules may use of account: the brute-force guard around a credential check.
export { guarded } from './guard.ts';
