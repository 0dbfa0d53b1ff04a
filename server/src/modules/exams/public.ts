// What other modules may use of exams: participant picks (training projects pick people the same
// way), joining the exams a new person matches, storing an attempt, and the questions papers can
// give (exam taking hides their keys while the learner can still take an exam on them).
export { storeAttempt } from './exams/attempt-store.ts';
export { matchPeople, orgParents } from './exams/exams.repository.ts';
export { checkPicks, joinMatchingExams, presentPicks } from './exams/participants.ts';
export { questionsOfPapers } from './papers/draw.ts';
