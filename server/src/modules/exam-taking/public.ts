// The public surface of exam taking (ADR 0027). Exam taking depends on exams; what exams ask of it
// (assigning the people of a published exam's picks, the roster and attempt counts, which exams
// have attempts) the composition root wires into exams' port per app (ADR 0052). Training
// projects read people's standing in the exams they link.
// Certificates (issue 42) act on results: a hook exam taking calls in the transaction that scores or
// re-marks an attempt (wired by the composition root), and who passed an exam with what best score.
export { examsWithAttempts, passedScores } from './exam-taking.repository.ts';
export { type ExamResultChange, type ExamResultHook, provideExamResultHook } from './results/standing-hook.ts';
export { assignParticipants } from './roster/assignment.ts';
export { type ExamStandings, examCounts, examStandings } from './roster/roster.repository.ts';
