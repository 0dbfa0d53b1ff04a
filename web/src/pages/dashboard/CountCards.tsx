import BookOutlined from '@ant-design/icons/es/icons/BookOutlined';
import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import { isLearnerOnly, learnstatsApi, studyTimeText } from '@xuetu/contract';
import type { ReactNode } from 'react';
import { useCall } from '../../api/hooks';
import { useSession } from '../../app/store/session';
import { LeanCard, LeanStatistic } from '../../components/LeanCard';

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

/**
 * The count cards with their values: GetStatisticsUserStudyData, and for staff GetUserCount
 * (a learner's cards are their own study; isLearnerOnly is the server's rule too).
 */
function LiveCountCards() {
  const sysRoles = useSession((s) => s.sysRoles);
  const learner = isLearnerOnly(sysRoles);
  // quiet: a card without data shows —
  const stats = useCall(learnstatsApi.getStatisticsUserStudyData, {}, { retry: false, config: { silent: true } });
  const users = useCall(learnstatsApi.getUserCount, {}, { enabled: !learner, retry: false, config: { silent: true } });
  const values = { ...(stats.data ?? {}), ...(users.data ?? {}) } as Record<string, number | undefined>;
  const pending = stats.isLoading || (!learner && users.isLoading);
  const seconds = stats.data?.studySeconds;
  const list = countCardsFor(sysRoles).map((c) => ({
    ...c,
    value: values[c.key],
    // 20 s of study is not "0 分钟"
    text: c.key === 'studyHours' && seconds !== undefined ? studyTimeText(seconds) : undefined,
  }));
  return <CardRow list={list} placeholder={pending ? '…' : '—'} />;
}

/** The four cards: `cards` as given, or the signed-in user's, asked for from the server. */
export function CountCards({ cards }: { cards?: CountCard[] }) {
  return cards ? <CardRow list={cards} /> : <LiveCountCards />;
}

/** The four cards (lean: the dashboard's first screen, ADR 0050); a card without a value shows `placeholder`. */
export function CardRow({ list, placeholder = '—' }: { list: CountCard[]; placeholder?: string }) {
  return (
    <div data-testid="count-cards" className="xt-lean-grid is-2-4">
      {list.map((c) => (
        <LeanCard key={c.key} small testId={`count-card-${c.key}`}>
          <LeanStatistic
            title={c.title}
            icon={c.icon}
            value={c.text ?? c.value ?? placeholder}
            suffix={c.value === undefined || c.text !== undefined ? undefined : c.suffix}
            muted={c.value === undefined}
          />
        </LeanCard>
      ))}
    </div>
  );
}
