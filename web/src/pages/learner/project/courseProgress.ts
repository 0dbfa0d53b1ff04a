import { type CourseProgress, studyTimeText } from '@xuetu/contract';

/**
 * A course's line on the project page: its declared 学时 and length, the time studied (20 s is
 * "20 秒", not "0 分钟"), and, for an enrolled learner, the hours it counts toward the project
 * (ADR 0018 "Crediting by rule").
 */
export function courseLine(c: CourseProgress, joined: boolean): string {
  const parts = [`${c.creditHours} 学时`];
  if (c.duration) parts.push(`时长 ${studyTimeText(c.duration)}`);
  parts.push(`已学 ${studyTimeText(c.studySeconds)}`);
  if (joined) parts.push(`计入项目 ${c.creditedHrs} 学时`);
  return parts.join(' · ');
}

/** A course's state for its tag. */
export function courseState(c: CourseProgress): { text: string; color: string } {
  if (c.completed) return { text: '已完成', color: 'success' };
  if (c.studySeconds > 0) return { text: '学习中', color: 'processing' };
  return { text: '未开始', color: 'default' };
}

/** The study page of a course (built by the study module). */
export const studyPath = (resCode: string) => `/trainres/study?id=${encodeURIComponent(resCode)}`;
