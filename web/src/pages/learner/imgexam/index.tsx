import { Alert, Card } from 'antd';
import { ExamCards } from '../myexam/ExamCards';

/** /ysUserExam/imgexam: the open exam(s) to complete before studying (IsExistImgExam). */
export default function ImgExamPage() {
  return (
    <Card title="必考考试">
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="请先完成以下考试，完成后才能开始学习。" />
      <ExamCards mustComplete />
    </Card>
  );
}
