import { Card } from 'antd';
import { StudyCards } from '../../dashboard/StudyCards';

/** /project/mystudy (我的学习): every training project of the learner as a study card. */
export default function MyStudyPage() {
  return (
    <Card title="我的学习">
      <StudyCards />
    </Card>
  );
}
