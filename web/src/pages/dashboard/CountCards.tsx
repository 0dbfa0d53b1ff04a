import { BookOutlined, ClockCircleOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { isLearnerOnly } from '@xuetu/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSession } from '../../app/store/session';

export interface CountCard {
  key: string;
  title: string;
  icon: ReactNode;
  /** undefined: not known (yet) */
  value?: number;
  /** shown instead of value and suffix (a study time in minutes and seconds) */
  text?: string;
  suffix?: string;
}

/**
 * spec: total courses, total minutes, total learners, activated learners; a learner (system role 4)
 * sees cumulative courses studied and minutes studied instead of the learner counts.
 * Values come from GetStatisticsUserStudyData and (for staff) GetUserCount. A company administrator who is also a learner
 * sees the organisation's counts (isLearnerOnly, the server's rule too).
 */
export function countCardsFor(sysRoles: readonly number[]): CountCard[] {
  const courses: CountCard[] = [
    { key: 'resCnt', title: '课程总数', icon: <BookOutlined />, suffix: '门' },
    { key: 'resTotalHours', title: '课程总时长', icon: <ClockCircleOutlined />, suffix: '分钟' },
  ];
  if (isLearnerOnly(sysRoles))
    return [
      ...courses,
      { key: 'studyResCnt', title: '累计学习课程', icon: <BookOutlined />, suffix: '门' },
      { key: 'studyHours', title: '累计学习时长', icon: <ClockCircleOutlined />, suffix: '分钟' },
    ];
  return [
    ...courses,
    { key: 'item1', title: '学员总数', icon: <TeamOutlined />, suffix: '人' },
    { key: 'item2', title: '已激活学员', icon: <UserAddOutlined />, suffix: '人' },
  ];
}

// the live cards (their calls) come with the course panels' chunk
const LiveCountCards = lazy(async () => ({ default: (await import('./CoursePanels')).LiveCountCards }));

export function CountCards({ cards }: { cards?: CountCard[] }) {
  const sysRoles = useSession((s) => s.sysRoles);
  if (cards) return <CardRow list={cards} />;
  return (
    <Suspense fallback={<CardRow list={countCardsFor(sysRoles)} placeholder="…" />}>
      <LiveCountCards />
    </Suspense>
  );
}

/** The four cards; a card without a value shows `placeholder`. */
export function CardRow({ list, placeholder = '—' }: { list: CountCard[]; placeholder?: string }) {
  return (
    <div data-testid="count-cards">
      <Row gutter={[16, 16]}>
        {list.map((c) => (
          <Col key={c.key} xs={12} md={6}>
            <Card size="small" data-testid={`count-card-${c.key}`}>
              <Statistic
                title={c.title}
                prefix={c.icon}
                value={c.text ?? c.value ?? placeholder}
                suffix={c.value === undefined || c.text !== undefined ? undefined : c.suffix}
                styles={{ content: c.value === undefined ? { fontSize: 16, color: 'var(--xt-text-tertiary)' } : undefined }}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
