import { EditOutlined, ExceptionOutlined } from '@ant-design/icons';
import { Perm, practiceApi } from '@xuetu/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { useCall } from '../../api/hooks';
import { useCan } from '../../components/Can';

/** The dashboard's practice counts (issue 26 item 1): practices open to the learner and questions in their 错题本. */
export function PracticePanel() {
  const can = useCan();
  const shown = can(Perm.StudyPractice) || can(Perm.StudyWrongBook);
  const counts = useCall(practiceApi.getCounts, {}, { enabled: shown, config: { silent: true } });
  if (!shown) return null;
  const value = (n: number | undefined) => (n === undefined ? '—' : n);
  return (
    <Row gutter={[16, 16]} data-testid="practice-counts">
      <Col xs={12}>
        <Link to="/ysUserExam/practice" aria-label="我的练习">
          <Card size="small" hoverable data-testid="count-card-practice">
            <Statistic title="我的练习" prefix={<EditOutlined />} value={value(counts.data?.practiceCount)} suffix="个" />
          </Card>
        </Link>
      </Col>
      <Col xs={12}>
        <Link to="/ysUserExam/wrongbook" aria-label="错题本">
          <Card size="small" hoverable data-testid="count-card-wrong">
            <Statistic title="错题本" prefix={<ExceptionOutlined />} value={value(counts.data?.wrongCount)} suffix="题" />
          </Card>
        </Link>
      </Col>
    </Row>
  );
}
