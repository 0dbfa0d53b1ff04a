// What other modules may use of exams: participant picks (training projects pick people the same
// way), joining the exams a new person matches, drawing an attempt's questions, and the questions
// papers can give (exam taking hides their keys while the learner can still take an exam on them).
// The attempts are exam taking's (ADR 0049): the composition root wires its counts of them in.
export { type AttemptFacts, provideAttemptFacts } from './exams/attempt-facts.ts';
export { joinMatchingExams } from './exams/participants.ts';
// Training projects link exams and read people's standing in them; the composition root wires
// their project lookup into the exam settings' check (exams do not depend on projects).
export { type ProjectLookup, provideProjectLookup } from './exams/project-lookup.ts';
export { type ExamStandings, examStandings, examsInCompany } from './exams/standings.repository.ts';
// Exam taking's reads of exams and papers, and the exam-user rows (who is assigned, and the
// standing exam taking keeps on them), ADR 0049.
export {
  assignedExamIds,
  assignedExamsOf,
  countExamUsers,
  type ExamRow,
  type ExamUserRow,
  examColumns,
  examView,
  examWithPaper,
  findExamInScope,
  findExamUser,
  findVisibleExam,
  lockExamUsers,
  markBegun,
  myExams,
  type PaperRow,
  updateBestScore,
  updateExamUser,
  visibleExamsByCode,
} from './exams/taking.repository.ts';
export { type AttemptQuestion, drawExamAttempts } from './papers/draw.ts';
// The questions open exams' fixed papers hold (exam taking hides their keys meanwhile, issue 38 item 9).
export { fixedPaperQuestionsAmong, type OpenExamOverlap, openExamsHolding } from './papers/open-exam-questions.repository.ts';
// Practice (exam taking's, ADR 0043) reads the questions a directory or paper gives, and bank questions with their key.
export {
  type BankQuestion,
  bankQuestions,
  DEMO_PRACTICE_DIR,
  type PracticeSourceQuestions,
  type PracticeSourceSummary,
  practiceSourceKey,
  practiceSourceQuestions,
  practiceSourceSummaries,
  questionDirCode,
} from './papers/practice-source.ts';
export { cachedBankQuestions, cachedPracticeSource } from './papers/practice-source-cache.ts';
// Exam taking seeds the closed demo exam's history.
export { DEMO_HISTORY_EXAM, demoHistoryExam } from './seed.ts';
