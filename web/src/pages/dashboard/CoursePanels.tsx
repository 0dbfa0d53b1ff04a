import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type CourseCardView, learnstatsApi, type MonthLogDay, studyTimeText } from '@xuetu/contract';
import { Button, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCall } from '../../api/hooks';
import { Rankings, StudyStars } from '../public/home/SideLists';
import './course-panels.css';

// The dashboard's course panels (spec §2 "Learner dashboard and home panels"; ADR 0019): the
// HOT/NEW/GOOD showcase, the learning calendar (a heat map of study time per day), study stars,
// training count, course ranking and the study-time chart. Study time is added up in seconds and
// written by studyTimeText, as the count cards write it (4 s is "4 秒", never "0 分钟").

const pad = (n: number) => String(n).padStart(2, '0');
export const monthOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(y, m - 1 + by, 1);
  return monthOf(d);
}

/** the statistics fail quietly: a panel without data shows its empty state */
const quiet = { silent: true } as const;

/** The month's credited time per day; the calendar, training count and chart share it. */
export function useMonthLog(month: string) {
  return useCall(learnstatsApi.learningMonthLog, { month }, { retry: false, config: quiet });
}

/** A month's credited seconds: the sum of its days (never of their rounded minutes). */
export const monthSeconds = (days: readonly MonthLogDay[]) => days.reduce((s, d) => s + d.seconds, 0);

/** heat level 0–4 of a day's seconds: any study at all colours the day */
export function heatLevel(seconds: number): number {
  if (seconds <= 0) return 0;
  if (seconds < 10 * 60) return 1;
  if (seconds < 20 * 60) return 2;
  if (seconds < 40 * 60) return 3;
  return 4;
}

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/** A month grid (Monday first) with each day's study time and a heat colour. */
export function MonthGrid({ month, days }: { month: string; days: MonthLogDay[] }) {
  const [y, m] = month.split('-').map(Number);
  const first = new Date(y, m - 1, 1);
  const count = new Date(y, m, 0).getDate();
  const lead = (first.getDay() + 6) % 7;
  const byDate = new Map(days.map((d) => [d.date, d.seconds]));
  const cells: ({ day: number; seconds: number } | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: count }, (_, i) => ({ day: i + 1, seconds: byDate.get(`${month}-${pad(i + 1)}`) ?? 0 })),
  ];
  return (
    <div className="xt-cal" data-testid="calendar-grid">
      {WEEKDAYS.map((w) => (
        <div key={w} className="xt-cal-head">
          {w}
        </div>
      ))}
      {cells.map((c, i) =>
        c ? (
          <div
            key={c.day}
            className={`xt-cal-day xt-heat-${heatLevel(c.seconds)}`}
            title={`${month}-${pad(c.day)}：${studyTimeText(c.seconds)}`}
            data-testid={c.seconds ? 'calendar-day-studied' : 'calendar-day'}
          >
            <span className="xt-cal-num">{c.day}</span>
            {c.seconds > 0 && <span className="xt-cal-min">{studyTimeText(c.seconds, { compact: true })}</span>}
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blank cells before the 1st have no identity
          <div key={`blank-${i}`} className="xt-cal-blank" />
        ),
      )}
    </div>
  );
}

/** 学习记录: the learning calendar, month view; changing the month reloads its log at once. */
export function CalendarPanel() {
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const log = useMonthLog(month);
  const total = monthSeconds(log.data ?? []);
  return (
    <Card
      title="学习记录"
      data-testid="dashboard-calendar"
      style={{ height: '100%' }}
      extra={
        <span className="xt-cal-nav">
          <Button size="small" type="text" icon={<LeftOutlined />} aria-label="上个月" onClick={() => setMonth(shiftMonth(month, -1))} />
          <span data-testid="calendar-month">{month}</span>
          <Button size="small" type="text" icon={<RightOutlined />} aria-label="下个月" onClick={() => setMonth(shiftMonth(month, 1))} />
        </span>
      }
    >
      {log.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <MonthGrid month={month} days={log.data ?? []} />
          <div className="xt-cal-foot" data-testid="calendar-total">
            本月学习 {studyTimeText(total)}
            <span className="xt-cal-legend" aria-hidden>
              少
              {[0, 1, 2, 3, 4].map((l) => (
                <i key={l} className={`xt-heat-${l}`} />
              ))}
              多
            </span>
          </div>
        </>
      )}
    </Card>
  );
}

/** 培训统计: courses studied, study time, and this month's study days and time (personal for a learner, the company's for staff). */
export function TrainingCountPanel() {
  const stats = useCall(learnstatsApi.getStatisticsUserStudyData, {}, { retry: false, config: quiet });
  const month = monthOf(new Date());
  const log = useMonthLog(month);
  const days = log.data ?? [];
  return (
    <Card title="培训统计" data-testid="dashboard-training-count" style={{ height: '100%' }}>
      {stats.isLoading ? (
        <Skeleton active />
      ) : (
        <Row gutter={[12, 12]}>
          <Col span={12}>
            <Statistic title={stats.data?.personal ? '学习课程' : '全员学习课程'} value={stats.data?.studyResCnt ?? 0} suffix="门" />
          </Col>
          <Col span={12}>
            <Statistic title={stats.data?.personal ? '累计学习' : '全员累计学习'} value={studyTimeText(stats.data?.studySeconds ?? 0)} />
          </Col>
          <Col span={12}>
            <Statistic title="本月学习天数" value={days.length} suffix="天" />
          </Col>
          <Col span={12}>
            <Statistic title="本月学习" value={studyTimeText(monthSeconds(days))} />
          </Col>
        </Row>
      )}
    </Card>
  );
}

export function StarsPanel() {
  return (
    <Card title="学习之星" data-testid="dashboard-stars" style={{ height: '100%' }} className="xt-dash-embedded">
      <StudyStars />
    </Card>
  );
}

export function RankingPanel() {
  return (
    <Card title="课程排行" data-testid="dashboard-ranking" style={{ height: '100%' }} className="xt-dash-embedded">
      <Rankings />
    </Card>
  );
}

// the chart is drawn by its own chunk, fetched after the dashboard shows
const StudyChart = lazy(() => import('./StudyChart'));

/** Study time per day or per week of the current month, as bars. */
export function StudyChartPanel() {
  const [mode, setMode] = useState<'day' | 'week'>('day');
  const month = monthOf(new Date());
  const log = useMonthLog(month);
  return (
    <Card
      title="学习时长"
      data-testid="dashboard-study-chart"
      style={{ height: '100%' }}
      extra={
        <span className="xt-chart-modes">
          {(['day', 'week'] as const).map((m) => (
            <Button key={m} size="small" type={mode === m ? 'primary' : 'default'} onClick={() => setMode(m)} aria-pressed={mode === m}>
              {m === 'day' ? '按天' : '按周'}
            </Button>
          ))}
        </span>
      }
    >
      {log.isLoading ? (
        <Skeleton active />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <StudyChart month={month} days={log.data ?? []} mode={mode} />
        </Suspense>
      )}
    </Card>
  );
}

const SHOWCASE = [
  { cate: 1 as const, title: '精选课程', tag: 'HOT' },
  { cate: 2 as const, title: '最新课程', tag: 'NEW' },
  { cate: 3 as const, title: '免费课程', tag: 'GOOD' },
];

function ShowcaseColumn({ cate, tag }: { cate: 1 | 2 | 3; tag: string }) {
  const navigate = useNavigate();
  const q = useCall(learnstatsApi.indexRecommendRes, { cate, top: 5 }, { retry: false, config: quiet });
  if (q.isLoading) return <Skeleton active />;
  const items: CourseCardView[] = Array.isArray(q.data) ? q.data : [];
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无课程" />;
  return (
    <ol className="xt-showcase" data-testid={`showcase-${tag.toLowerCase()}`}>
      {items.map((c) => (
        <li key={c.resCode}>
          <button
            type="button"
            onClick={() => navigate(`/trainres/study?id=${encodeURIComponent(c.resCode)}`)}
            data-testid="showcase-course"
          >
            <span className={`xt-showcase-rank xt-showcase-rank-${c.rank}`}>{c.rank}</span>
            <span className="xt-showcase-cover" style={c.cover ? { backgroundImage: `url("${c.cover}")` } : undefined} />
            <span className="xt-showcase-text">
              <strong>{c.resName}</strong>
              <small>{c.introduce}</small>
              <small className="xt-showcase-views">{c.viewCnt} 人学习</small>
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Course showcase, three columns: selected (HOT), new (NEW), free (GOOD). */
export function ShowcaseColumns() {
  return (
    <Row gutter={[16, 16]}>
      {SHOWCASE.map((c) => (
        <Col key={c.cate} xs={24} md={8}>
          <div className="xt-dash-showcase-head">
            {c.title} <span className={`xt-dash-tag xt-dash-tag-${c.tag.toLowerCase()}`}>{c.tag}</span>
          </div>
          <ShowcaseColumn cate={c.cate} tag={c.tag} />
        </Col>
      ))}
    </Row>
  );
}
