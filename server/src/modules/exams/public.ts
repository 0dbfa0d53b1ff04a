// What other modules may use of exams: participant picks (training projects pick people the same
// way), joining the exams a new person matches, and storing an attempt.
export { storeAttempt } from './attempt-store.ts';
export { matchPeople, orgParents } from './exam-repository.ts';
export { checkPicks, joinMatchingExams, presentPicks } from './participants.ts';
