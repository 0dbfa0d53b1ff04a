import { Card } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LightTabPanels, LightTabs } from '../../components/LightTabs';
import { ExamCards } from '../learner/myexam/ExamCards';
import { ShowcaseSlot } from './courseSlots';
import { StudyCards } from './StudyCards';

// The learner dashboard panels of spec §2 "Learner dashboard and home panels" below the first
// screen, drawn with antd (the first screen's are in FirstPanels.tsx).

const STUDY_EXAM_TABS = [
  { key: 'study', label: '我的学习' },
  { key: 'exam', label: '我的考试' },
];

/** My study (training projects) and my exams: cards from the courses / exams modules. */
export function StudyExamPanel() {
  const [params] = useSearchParams();
  // exam messages link to /dashboard?tab=exam
  const [tab, setTab] = useState(params.get('tab') === 'exam' ? 'exam' : 'study');
  return (
    <Card data-testid="dashboard-study-exam">
      <LightTabs label="我的学习与考试" items={STUDY_EXAM_TABS} activeKey={tab} onChange={setTab} />
      <LightTabPanels
        activeKey={tab}
        items={[
          { key: 'study', children: <StudyCards /> },
          { key: 'exam', children: <ExamCards /> },
        ]}
      />
    </Card>
  );
}

/** Course showcase, three columns: selected (HOT), new (NEW), free (GOOD). */
export function ShowcasePanel() {
  return (
    <Card title="课程推荐" data-testid="dashboard-showcase">
      <ShowcaseSlot />
    </Card>
  );
}
