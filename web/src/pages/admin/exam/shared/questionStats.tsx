import { Q_TYPE_LABELS } from '@xuetu/contract';
import { Col, Statistic } from 'antd';

// What the exam's statistics pages (统计分析, 试题分析, 阅卷) show alike: a stem as one line of
// text, the question columns that open their tables, and the row of figures above them.

/** A rich-text stem as one line of text for a table cell (the dialogs show it formatted). */
export const plainLine = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** 题号, 题型 and 试题: the first columns of a per-question table. */
export const questionColumns = [
  { title: '题号', dataIndex: 'order', width: 60 },
  { title: '题型', dataIndex: 'qType', width: 80, render: (t: number) => Q_TYPE_LABELS[t] },
  { title: '试题', dataIndex: 'qName', ellipsis: true, render: (h: string) => plainLine(h) },
];

/** A per-question table's own props: a row per question, on one page, scrolling in its box at `width`. */
export const questionTable = <T,>(questions: T[], width: number, testId: string) => ({
  rowKey: 'qCode',
  size: 'small' as const,
  pagination: false as const,
  dataSource: questions,
  scroll: { x: width },
  'data-testid': testId,
});

export type Figure = { title: string; value: number | string; suffix?: string; testId?: string };

/** Figures as the cells of a row, six to a line on a wide screen and two on a phone. */
export const figureCols = (figures: Figure[]) =>
  figures.map((f) => (
    <Col key={f.title} xs={12} md={4}>
      <Statistic title={f.title} value={f.value} suffix={f.suffix} data-testid={f.testId} />
    </Col>
  ));
