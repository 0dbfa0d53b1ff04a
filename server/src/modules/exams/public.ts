// What other modules may use of exams: the exams and papers exam taking reads (and views of them
// to join), the picks it assigns people from, drawing an attempt's questions, and the questions
// papers can give (exam taking hides their keys while the learner can still take an exam on them).
// The roster and the attempts are exam taking's (ADR 0052): the composition root wires exam
// taking's side into the port exams ask it through (assigning on publish, counts, the paper lock).

export {
  examColumns,
  examView,
  examWithPaper,
  findExamInScope,
  findVisibleExam,
  type PaperRow,
  paperColumns,
  paperView,
  visibleExamsByCode,
} from './exams/exam-reads.repository.ts';
export {
  type ExamRow,
  findExamById,
  listParticipants as listExamPicks,
  openExamsWithGroupsFor,
  participantsOfExams as picksOfExams,
} from './exams/exams.repository.ts';
// Training projects link exams (their standing in them is exam taking's); the composition root
// wires their project lookup into the exam settings' check (exams do not depend on projects).
export { type ProjectLookup, provideProjectLookup } from './exams/project-lookup.ts';
export { examsInCompany } from './exams/standings.repository.ts';
export { type ExamTakingPort, provideExamTaking } from './exams/taking-port.ts';
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
// Exam taking seeds the demo exams' people and the closed demo exam's history.
export { DEMO_HISTORY_EXAM, demoExamsToAssign, demoHistoryExam } from './seed.ts';
