import { type MyPracticeCard, practiceApi } from '@xuetu/contract';
import { Button, Card, Col, Empty, Progress, Result, Row, Skeleton, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/client';
import { useCall, useInvalidate } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { PracticeQuestion } from './PracticeQuestion';

/** /ysUserExam/practice: the learner's practices; ?practiceCode= opens one, question by question (issue 26 item 1). */
export default function PracticePage() {
  const [params, setParams] = useSearchParams();
  const code = params.get('practiceCode');
  return code ? <Practising code={code} onBack={() => setParams({})} /> : <PracticeList onOpen={(c) => setParams({ practiceCode: c })} />;
}

function PracticeList({ onOpen }: { onOpen: (code: string) => void }) {
  const list = useCall(practiceApi.getMyPracticeList, {});
  if (list.isLoading) return <Skeleton active />;
  const cards = list.data ?? [];
  // one card around the list and its empty state, at every width (issue 38 item 14: a phone had a bare Empty)
  return (
    <Card title="我的练习" data-testid="practice-list-card">
      {cards.length ? (
        <PracticeCards cards={cards} onOpen={onOpen} />
      ) : (
        <Empty description="暂无可参加的练习" data-testid="practice-empty" />
      )}
    </Card>
  );
}

/** Counts of a practice as the learner reads them; answers whose key is still hidden are 待公布, not wrong (issue 38 item 9). */
const standingText = (answered: number, right: number, pending: number) =>
  `已答 ${answered} 题，答对 ${right} 题${pending ? `，${pending} 题待公布` : ''}`;

function PracticeCards({ cards, onOpen }: { cards: MyPracticeCard[]; onOpen: (code: string) => void }) {
  return (
    <Row gutter={[16, 16]} data-testid="practice-list">
      {cards.map((c: MyPracticeCard) => (
        <Col key={c.practiceCode} xs={24} md={12} xl={8}>
          <Card size="small" title={c.practiceName} data-testid={`practice-card-${c.practiceCode}`}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {c.sourceName} · 共 {c.questionCount} 题
            </Typography.Paragraph>
            <Progress percent={c.questionCount ? Math.round((c.answeredCount * 100) / c.questionCount) : 0} size="small" />
            <Space style={{ marginTop: 8, justifyContent: 'space-between', width: '100%' }} wrap>
              <span data-testid="practice-standing">{standingText(c.answeredCount, c.rightCount, c.pendingCount)}</span>
              <Button type="primary" onClick={() => onOpen(c.practiceCode)} data-testid="practice-open">
                {c.answeredCount === 0 ? '开始练习' : c.answeredCount < c.questionCount ? '继续练习' : '查看'}
              </Button>
            </Space>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Practising({ code, onBack }: { code: string; onBack: () => void }) {
  const invalidate = useInvalidate();
  // dedupe off: each call asks for the next unanswered question
  const next = useCall(practiceApi.getNextQuestion, { practiceCode: code }, { config: { dedupe: false } });
  // the next question, the learner's practices, the 错题本 and the dashboard's counts
  const refresh = () => invalidate('exam-taking');
  const restart = useAppMutation({
    mutationFn: () => call(practiceApi.restart, { practiceCode: code }),
    success: '已重新开始练习',
    onSuccess: () => void refresh(),
  });
  if (next.isLoading) return <Skeleton active />;
  if (next.isError || !next.data)
    return (
      <Result
        status="warning"
        title="练习不存在或已关闭"
        extra={<Button onClick={onBack}>返回练习列表</Button>}
        data-testid="practice-missing"
      />
    );
  const n = next.data;
  return (
    <div style={{ maxWidth: 760, margin: '0 auto' }} data-testid="practice-page">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 12 }} wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {n.practiceName}
        </Typography.Title>
        <Button onClick={onBack}>返回练习列表</Button>
      </Space>
      <Progress percent={n.total ? Math.round((n.answered * 100) / n.total) : 0} format={() => `${n.answered}/${n.total}`} />
      {n.question ? (
        <PracticeQuestion
          key={n.question.qCode}
          q={n.question}
          title={`第 ${n.position} 题 / 共 ${n.total} 题`}
          submit={(answer) => call(practiceApi.answerQuestion, { practiceCode: code, qCode: n.question!.qCode, answer }, { dedupe: false })}
          next={() => (
            <Button type="primary" block onClick={() => void refresh()} data-testid="practice-next">
              {n.answered + 1 < n.total ? '下一题' : '完成练习'}
            </Button>
          )}
        />
      ) : (
        <Result
          status="success"
          title="本练习已全部完成"
          subTitle={`共 ${n.total} 题，答对 ${n.right} 题${n.pending ? `，${n.pending} 题待公布（含有它们的考试结束后公布对错）` : ''}`}
          data-testid="practice-done"
          extra={[
            <Button key="again" onClick={() => restart.mutate()} loading={restart.isPending}>
              重新练习
            </Button>,
            <Button key="back" type="primary" onClick={onBack}>
              返回练习列表
            </Button>,
          ]}
        />
      )}
    </div>
  );
}
