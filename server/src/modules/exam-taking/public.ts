// The public surface of exam taking (ADR 0027): what the composition root hands other modules.
// Exam taking depends on exams; the exams module reads what it needs of the attempts (exam
// taking's tables, ADR 0049) through these reads, wired per app in modules/index.ts.
export { attemptCounts, examsWithAttempts } from './exam-taking.repository.ts';
