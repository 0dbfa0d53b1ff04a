import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { type MockApi, mockApi, ok } from '../../test/mockApi';
import { studyCard as card } from '../../test/projectFields';
import { renderWithApp } from '../../test/renderApp';
import { StudyCards } from './StudyCards';
import { cardState, chinaToday, defaultPlan, openPlans, todayHint } from './studyCards';

const P = '/Api/Project_Manage/project_project';
const plans = [
  { planCode: 'A', planName: '一期', startDate: '2030-03-01', endDate: '2030-03-04' },
  { planCode: 'B', planName: '二期', startDate: '2030-03-05', endDate: '2030-03-10' },
];

describe('study card logic', () => {
  it('the plan offered first is the one open today', () => {
    expect(defaultPlan(plans, '2030-03-06')).toBe('B');
    expect(defaultPlan(plans, '2030-02-01')).toBe('A');
    expect(defaultPlan([], '2030-03-06')).toBe('');
    expect(openPlans(plans, '2030-03-04').map((p) => p.planCode)).toEqual(['A']);
  });

  it('state and today hint', () => {
    expect(cardState(card({ isJoined: 0, canJoin: 1 })).text).toBe('未加入');
    expect(cardState(card({ reachState: 1 })).text).toBe('已达标');
    expect(cardState(card({ leftDays: 0 })).text).toBe('未达标（已结束）');
    expect(cardState(card()).text).toBe('学习中');
    expect(todayHint(card())).toBe('今日目标 0.25 学时，已学 0.1 学时');
    expect(todayHint(card({ todayTargetHrs: 0 }))).toBe('学时已达标');
    expect(todayHint(card({ isJoined: 0 }))).toBe('加入后开始计算');
  });

  it('today is the China calendar day', () => {
    expect(chinaToday(new Date('2030-03-04T16:30:00Z'))).toBe('2030-03-05');
  });
});

describe('StudyCards', () => {
  it('a project whose 1-学时 course was completed after 20 s of study reads 已获：1 学时 and 已达标 (ADR 0018 "Crediting by rule")', async () => {
    resetRequestState();
    mockApi().on(
      `${P}/GetFPMyStudyData`,
      ok([card({ checkHrs: 1, getHrs: 1, reachState: 1, reachProgress: 100, todayHrs: 1, todayTargetHrs: 0.17, todayProgress: 100 })]),
    );
    renderWithApp(
      <MemoryRouter>
        <StudyCards />
      </MemoryRouter>,
    );
    const [only] = await screen.findAllByTestId('study-card');
    expect(only).toHaveTextContent('考核标准：1 学时 已获：1 学时');
    expect(only).toHaveTextContent('已达标');
    expect(only).toHaveTextContent('今日目标 0.17 学时，已学 1 学时');
  });

  let api: MockApi;
  let joined = false;
  beforeEach(() => {
    resetRequestState();
    joined = false;
    api = mockApi()
      .on(`${P}/GetFPMyStudyData`, () =>
        ok([card(), card({ projectCode: 'P2', projectName: '安全生产培训', isJoined: joined ? 1 : 0, canJoin: joined ? 0 : 1, plans })]),
      )
      .on(`${P}/JoinProject`, () => {
        joined = true;
        return ok(card({ projectCode: 'P2' }), '加入成功');
      });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows each card with days left, hours and today; joins a project and reloads', async () => {
    renderWithApp(
      <MemoryRouter>
        <StudyCards />
      </MemoryRouter>,
    );
    const cards = await screen.findAllByTestId('study-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('新员工入职培训');
    expect(cards[0]).toHaveTextContent('剩余天数：6 天');
    expect(cards[0]).toHaveTextContent('已获：1.25 学时');
    expect(cards[0]).toHaveTextContent('最近学习：2030-03-05');
    expect(cards[0]).toHaveTextContent('40%');
    expect(cards[1]).toHaveTextContent('未加入');
    fireEvent.click(screen.getByTestId('study-card-join'));
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/JoinProject'))).toBe(true));
    const join = api.calls.find((c) => c.url.endsWith('/JoinProject'))!;
    expect((join.body as { projectCode: string }).projectCode).toBe('P2');
    await waitFor(() => expect(screen.queryByTestId('study-card-join')).toBeNull());
    expect(screen.getAllByTestId('study-card-enter')).toHaveLength(2);
  });
});
