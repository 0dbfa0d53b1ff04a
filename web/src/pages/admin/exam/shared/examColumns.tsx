import type { ExamView } from '@xuetu/contract';

// Columns the exam lists (考试安排, 考试成绩) show alike.

export const examNameColumn = { title: '考试名称', dataIndex: 'examName', width: 240, ellipsis: true };

/** 考试时间: start to minute, end without the year. */
export const examWindowColumn = {
  title: '考试时间',
  key: 'window',
  width: 230,
  render: (_: unknown, e: ExamView) => `${e.examStartTime.slice(0, 16)} 至 ${e.examEndTime.slice(5, 16)}`,
};

/** 参考人数 and 作答次数 (after the status). */
export const examCountColumns = [
  { title: '参考人数', dataIndex: 'userCount', width: 90 },
  { title: '作答次数', dataIndex: 'attemptCount', width: 90 },
];
