import { Card } from 'antd';
import { ExamCards } from './ExamCards';

/** /ysUserExam/myexam: every assigned exam as a card. */
export default function MyExamPage() {
  return (
    <Card title="我的考试">
      <ExamCards />
    </Card>
  );
}
