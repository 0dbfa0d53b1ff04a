import { Card, Skeleton } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

// The course panels' code (CoursePanels, the /home side lists, the preview hook) is a chunk of its
// own, fetched after the dashboard's first screen (the dashboard's first-load budget, issue 15).

const load = () => import('./CoursePanels');
const pick = (name: 'CalendarPanel' | 'StarsPanel' | 'TrainingCountPanel' | 'RankingPanel' | 'StudyChartPanel' | 'ShowcaseColumns') =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const panels = {
  calendar: { Panel: pick('CalendarPanel'), title: '学习记录', testId: 'dashboard-calendar' },
  stars: { Panel: pick('StarsPanel'), title: '学习之星', testId: 'dashboard-stars' },
  count: { Panel: pick('TrainingCountPanel'), title: '培训统计', testId: 'dashboard-training-count' },
  ranking: { Panel: pick('RankingPanel'), title: '课程排行', testId: 'dashboard-ranking' },
  chart: { Panel: pick('StudyChartPanel'), title: '学习时长', testId: 'dashboard-study-chart' },
};

/** One course panel, loaded lazily; a card with a skeleton meanwhile. */
export function CourseSlot({ name }: { name: keyof typeof panels }) {
  const { Panel, title, testId } = panels[name];
  return (
    <Suspense
      fallback={
        <Card title={title} data-testid={testId} style={{ height: '100%' }}>
          <Skeleton active />
        </Card>
      }
    >
      <Panel />
    </Suspense>
  );
}

const Showcase = pick('ShowcaseColumns');

/** The HOT / NEW / GOOD columns. */
export function ShowcaseSlot() {
  return (
    <Suspense fallback={<Skeleton active />}>
      <Showcase />
    </Suspense>
  );
}
