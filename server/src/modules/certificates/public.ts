// The public surface of certificates (issue 42). Certificates sit above exams and exam taking;
// nobody below imports them: exam taking calls the hook the composition root wires to `onExamResult`.
export { onExamResult } from './jobs.ts';
