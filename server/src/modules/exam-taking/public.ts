// The public surface of exam taking (ADR 0027). Exam taking depends on exams; what exams ask of it
// (assigning the people of a published exam's picks, the roster and attempt counts, which exams
// have attempts) the composition root wires into exams' port per app (ADR 0052). Training
// projects read people's standing in the exams they link.
export { examsWithAttempts } from './exam-taking.repository.ts';
export { assignParticipants } from './roster/assignment.ts';
export { type ExamStandings, examCounts, examStandings } from './roster/roster.repository.ts';
