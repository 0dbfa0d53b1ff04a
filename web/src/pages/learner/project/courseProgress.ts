import type { CourseProgress } from '@xuetu/contract';

/** Seconds as "x 分钟" / "x 小时 y 分钟". */
export function durationText(seconds: number): string {
  const m = Math.floor(Math.max(0, seconds) / 60);
  if (m < 60) return `${m} 分钟`;
  return m % 60 ? `${Math.floor(m / 60)} 小时 ${m % 60} 分钟` : `${m / 60} 小时`;
}

/** A course's state for its tag. */
export function courseState(c: CourseProgress): { text: string; color: string } {
  if (c.completed) return { text: '已完成', color: 'success' };
  if (c.studySeconds > 0) return { text: '学习中', color: 'processing' };
  return { text: '未开始', color: 'default' };
}

/** The study page of a course (built by the study module). */
export const studyPath = (resCode: string) => `/trainres/study?id=${encodeURIComponent(resCode)}`;
