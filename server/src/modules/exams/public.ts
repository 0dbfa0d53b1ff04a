// What other modules may use of exams: participant picks (training projects pick people the same
// way), joining the exams a new person matches, storing an attempt, and the questions papers can
// give (exam taking hides their keys while the learner can still take an exam on them).
export { type NewAttempt, type StoredAttempt, storeAttempt, storeAttempts } from './exams/attempt-store.ts';
export { joinMatchingExams } from './exams/participants.ts';
// Training projects link exams and read people's standing in them; the composition root wires
// their project lookup into the exam settings' check (exams do not depend on projects).
export { type ProjectLookup, provideProjectLookup } from './exams/project-lookup.ts';
export { type ExamStandings, examStandings, examsInCompany } from './exams/standings.repository.ts';
export { questionsOfPapers } from './papers/draw.ts';
// Practice (exam taking's, ADR 0043) reads the questions a directory or paper gives, and bank questions with their key.
export {
  type BankQuestion,
  bankQuestions,
  DEMO_PRACTICE_DIR,
  type PracticeSourceQuestions,
  practiceSourceQuestions,
  questionDirCode,
} from './papers/practice-source.ts';
