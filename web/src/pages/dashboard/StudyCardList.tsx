import { projectsApi, type StudyCard } from '@xuetu/contract';
import { App, Button, Card, Col, Empty, Progress, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { useCall, useInvalidate } from '../../api/hooks';
import { cardState, chinaToday, defaultPlan, openPlans, todayHint } from './studyCards';

const projectDetailPath = (projectCode: string) => `/project/detail?projectCode=${encodeURIComponent(projectCode)}`;

function OneCard({ card }: { card: StudyCard }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { message } = App.useApp();
  const today = chinaToday();
  const plans = openPlans(card.plans, today);
  const [plan, setPlan] = useState(() => defaultPlan(plans, today));
  const [busy, setBusy] = useState(false);
  const state = cardState(card);

  const join = async () => {
    setBusy(true);
    try {
      await call(projectsApi.joinProject, { projectCode: card.projectCode, planCode: plan });
      message.success('加入成功');
      await invalidate(projectsApi.getFPMyStudyData);
    } catch {
      // shown by the request wrapper
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      title={card.projectName}
      extra={<Tag color={state.color}>{state.text}</Tag>}
      data-testid="study-card"
      actions={[
        card.canJoin ? (
          <Space key="join" wrap>
            {plans.length > 1 && (
              <Select
                aria-label="培训计划"
                size="small"
                style={{ width: 120 }}
                value={plan}
                onChange={setPlan}
                options={plans.map((p) => ({ value: p.planCode, label: p.planName }))}
              />
            )}
            <Button type="primary" size="small" loading={busy} onClick={() => void join()} data-testid="study-card-join">
              加入项目
            </Button>
          </Space>
        ) : (
          <Button
            key="enter"
            type="link"
            size="small"
            onClick={() => navigate(projectDetailPath(card.projectCode))}
            data-testid="study-card-enter"
          >
            进入学习
          </Button>
        ),
      ]}
    >
      <Row gutter={12} align="middle" wrap={false}>
        <Col flex="none" style={{ textAlign: 'center' }}>
          <Progress type="circle" size={76} percent={card.todayProgress} aria-label="今日完成率" />
          <div style={{ fontSize: 12, marginTop: 4 }}>今日完成</div>
        </Col>
        <Col flex="auto" style={{ minWidth: 0, fontSize: 13, lineHeight: '22px' }}>
          <div>
            剩余天数：<b data-testid="study-card-leftdays">{card.leftDays}</b> 天
          </div>
          <div>
            考核标准：{card.checkHrs} 学时　已获：<b data-testid="study-card-gethrs">{card.getHrs}</b> 学时
          </div>
          <div>
            达标进度：
            <Progress
              percent={card.reachProgress}
              aria-label="达标进度"
              size="small"
              style={{ display: 'inline-flex', width: 120, margin: 0 }}
            />
          </div>
          <div>最近学习：{card.lastStudyDate || '暂无'}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {todayHint(card)}
          </Typography.Text>
        </Col>
      </Row>
    </Card>
  );
}

/** The study cards themselves (loaded lazily by StudyCards). */
export default function StudyCardList() {
  const q = useCall(projectsApi.getFPMyStudyData, { filter: {} });
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  const cards = q.data ?? [];
  if (!cards.length) return <Empty description="暂无培训项目" />;
  return (
    <Row gutter={[16, 16]} data-testid="study-cards">
      {cards.map((c) => (
        <Col key={c.projectCode} xs={24} md={12} xl={8}>
          <OneCard card={c} />
        </Col>
      ))}
    </Row>
  );
}
