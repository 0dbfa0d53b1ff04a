// What other modules may use of study tracking.
export { forgetStudyRules } from './rules.ts';
