import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

// The cards (with antd Progress circles) load in their own chunk, out of the dashboard's first load.
const StudyCardList = lazy(() => import('./StudyCardList'));

/** The dashboard's 我的学习 tab (and /project/mystudy): a study card per training project. */
export function StudyCards() {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
      <StudyCardList />
    </Suspense>
  );
}
