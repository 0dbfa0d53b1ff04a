/**
 * sessionStorage key of BeginExam's answer (spec: stored under the exam code). Its own module so
 * the exam cards (dashboard, /ysUserExam/myexam) do not import the exam-taking page (issue 15).
 */
export const beginStorageKey = (examCode: string) => examCode;
