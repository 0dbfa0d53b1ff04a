import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type CourseCardView, type MonthLogDay, SysRole, studyTimeText } from '@xuetu/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { useSession } from '../../app/store/session';
import { type MockApi, mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import { CountCards } from './CountCards';
import { CalendarPanel, heatLevel, monthOf, ShowcaseColumns, StudyChartPanel, shiftMonth, TrainingCountPanel } from './CoursePanels';
import { chartBars } from './StudyChart';

// The dashboard's course panels.
const R = '/Api/Train_Manage/Train_Res';
const thisMonth = monthOf(new Date());
const log: MonthLogDay[] = [
  { date: `${thisMonth}-01`, minute: 5, seconds: 300 },
  { date: `${thisMonth}-03`, minute: 45, seconds: 2700 },
];
const card = (cate: number, n: number): CourseCardView => ({
  rank: n,
  resCode: `R${cate}${n}`,
  resName: `课程${cate}-${n}`,
  cover: '',
  introduce: '简介',
  viewCnt: 10 * n,
  resType: 1,
  duration: 60,
});

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi()
    .on(
      `${R}/GetStatisticsUserStudyData`,
      ok({ resCnt: 12, resTotalHours: 340, studyHours: 95, studySeconds: 5700, studyResCnt: 3, personal: true }),
    )
    .on('/Api/User/user_user/GetUserCount', ok({ item1: 21, item2: 20 }))
    .on(`${R}/LearningMonthLog`, (_c: unknown, body: { month: string }) => ok(body.month === thisMonth ? log : []))
    .on(`${R}/IndexRecommendRes`, (_c: unknown, body: { cate: number }) => ok([card(body.cate, 1), card(body.cate, 2)]));
});
afterEach(() => vi.restoreAllMocks());

const wrap = (ui: React.ReactNode) =>
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );

describe('count cards with data', () => {
  it('a learner (role 4 only): courses, minutes, own courses studied and minutes; no learner counts asked', async () => {
    useSession.setState({ sysRoles: [SysRole.Learner] });
    wrap(<CountCards />);
    expect(await screen.findByText('1 小时 35 分钟')).toBeInTheDocument();
    expect(screen.getByTestId('count-card-resCnt')).toHaveTextContent('12门');
    expect(screen.getByTestId('count-card-resTotalHours')).toHaveTextContent('340分钟');
    expect(screen.getByTestId('count-card-studyResCnt')).toHaveTextContent('3门');
    expect(screen.getByTestId('count-card-studyHours')).toHaveTextContent('1 小时 35 分钟');
    expect(api.calls.some((c) => c.url.endsWith('/GetUserCount'))).toBe(false);
  });

  it('shows 20 s of study as seconds, and minutes with seconds under an hour, not as 0 分钟', async () => {
    api.on(
      `${R}/GetStatisticsUserStudyData`,
      ok({ resCnt: 12, resTotalHours: 340, studyHours: 0, studySeconds: 20, studyResCnt: 1, personal: true }),
    );
    useSession.setState({ sysRoles: [SysRole.Learner] });
    wrap(<CountCards />);
    await waitFor(() => expect(screen.getByTestId('count-card-studyHours')).toHaveTextContent('20 秒'));
    expect(studyTimeText(200)).toBe('3 分 20 秒');
    expect(studyTimeText(3600 * 2 + 29)).toBe('2 小时');
    expect(studyTimeText(5400)).toBe('1 小时 30 分钟');
    expect(studyTimeText(600)).toBe('10 分钟');
    expect([4, 59, 60, 3700].map((n) => studyTimeText(n, { compact: true }))).toEqual(['4秒', '59秒', '1分', '61分']);
  });

  it('a company administrator who is also a learner sees learner counts', async () => {
    useSession.setState({ sysRoles: [SysRole.CompanyAdmin, SysRole.Learner] });
    wrap(<CountCards />);
    await waitFor(() => expect(screen.getByTestId('count-card-item1')).toHaveTextContent('21人'));
    expect(screen.getByTestId('count-card-item2')).toHaveTextContent('20人');
  });
});

describe('learning calendar', () => {
  it('shows minutes per day as a heat map and reloads when the month changes', async () => {
    wrap(<CalendarPanel />);
    const grid = await screen.findByTestId('calendar-grid');
    const studied = within(grid).getAllByTestId('calendar-day-studied');
    expect(studied.map((d) => d.textContent)).toEqual(['15分', '345分']);
    expect(studied[1]).toHaveClass('xt-heat-4');
    expect(screen.getByTestId('calendar-total')).toHaveTextContent('本月学习 50 分钟');
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    expect(screen.getByTestId('calendar-month')).toHaveTextContent(shiftMonth(thisMonth, -1));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url.endsWith('/LearningMonthLog')).map((c) => (c.body as { month: string }).month)).toContain(
        shiftMonth(thisMonth, -1),
      ),
    );
    expect(await screen.findByTestId('calendar-total')).toHaveTextContent('本月学习 0 秒');
  });

  it('month arithmetic and heat levels', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect([0, 4, 5 * 60, 15 * 60, 30 * 60, 60 * 60].map(heatLevel)).toEqual([0, 1, 1, 2, 3, 4]);
  });
});

describe('showcase, training count, chart', () => {
  it('three columns HOT / NEW / GOOD with rank, name, intro and views', async () => {
    wrap(<ShowcaseColumns />);
    for (const tag of ['hot', 'new', 'good']) expect(await screen.findByTestId(`showcase-${tag}`)).toBeInTheDocument();
    expect(screen.getByTestId('showcase-new')).toHaveTextContent('1课程2-1简介10 人学习');
    expect(
      api.calls
        .filter((c) => c.url.endsWith('/IndexRecommendRes'))
        .map((c) => (c.body as { cate: number }).cate)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('training count: courses, minutes, this month days and minutes', async () => {
    wrap(<TrainingCountPanel />);
    const panel = await screen.findByTestId('dashboard-training-count');
    await waitFor(() => expect(panel).toHaveTextContent('学习课程3门'));
    expect(panel).toHaveTextContent('本月学习天数2天');
    expect(panel).toHaveTextContent('本月学习50 分钟');
  });

  it('the chart (its own chunk) draws a bar per day, or per week', async () => {
    wrap(<StudyChartPanel />);
    const chart = await screen.findByTestId('study-chart');
    const [y, m] = thisMonth.split('-').map(Number);
    expect(within(chart).getAllByTestId('study-chart-bar')).toHaveLength(new Date(y, m, 0).getDate());
    fireEvent.click(screen.getByRole('button', { name: /按\s*周/ }));
    await waitFor(() => expect(within(screen.getByTestId('study-chart')).getAllByTestId('study-chart-bar').length).toBeLessThanOrEqual(6));
    expect(
      chartBars(
        '2026-11',
        log.map((d) => ({ ...d, date: d.date.replace(thisMonth, '2026-11') })),
        'week',
      )[0],
    ).toEqual({
      label: '第1周',
      seconds: 300,
    });
  });
});

// issue 38: the card said "4 秒" while the calendar and 培训统计 said "本月学习 0 分钟" (they added
// up each day's rounded minutes); every place now adds seconds and writes them with studyTimeText.
describe('a few seconds of study read the same everywhere', () => {
  beforeEach(() => {
    api
      .on(
        `${R}/GetStatisticsUserStudyData`,
        ok({ resCnt: 12, resTotalHours: 340, studyHours: 0, studySeconds: 4, studyResCnt: 1, personal: true }),
      )
      .on(`${R}/LearningMonthLog`, (_c: unknown, body: { month: string }) =>
        ok(body.month === thisMonth ? [{ date: `${thisMonth}-02`, minute: 0, seconds: 4 }] : []),
      );
    useSession.setState({ sysRoles: [SysRole.Learner] });
  });

  it('the count card', async () => {
    wrap(<CountCards />);
    await waitFor(() => expect(screen.getByTestId('count-card-studyHours')).toHaveTextContent('累计学习时长4 秒'));
  });

  it('the calendar: the day is marked and the month says 4 秒', async () => {
    wrap(<CalendarPanel />);
    const grid = await screen.findByTestId('calendar-grid');
    const [day] = within(grid).getAllByTestId('calendar-day-studied');
    expect(day).toHaveTextContent('24秒');
    expect(day).toHaveClass('xt-heat-1');
    expect(day).toHaveAttribute('title', `${thisMonth}-02：4 秒`);
    expect(screen.getByTestId('calendar-total')).toHaveTextContent('本月学习 4 秒');
  });

  it('培训统计: 累计学习 and 本月学习 both 4 秒', async () => {
    wrap(<TrainingCountPanel />);
    const panel = await screen.findByTestId('dashboard-training-count');
    await waitFor(() => expect(panel).toHaveTextContent('累计学习4 秒'));
    expect(panel).toHaveTextContent('本月学习天数1天');
    expect(panel).toHaveTextContent(/本月学习4 秒/);
  });

  it('the chart: the day’s bar is drawn and titled 4 秒', async () => {
    wrap(<StudyChartPanel />);
    const chart = await screen.findByTestId('study-chart');
    const bar = within(chart).getAllByTestId('study-chart-bar')[1];
    expect(bar.querySelector('title')).toHaveTextContent('2日：4 秒');
    expect(Number(bar.querySelector('rect')?.getAttribute('height'))).toBeGreaterThan(0);
  });
});
