import { act, render, screen, waitFor } from '@testing-library/react';
import { SysRole } from '@xuetu/contract';
import { mockAllIsIntersecting, resetIntersectionMocking, setupIntersectionMocking } from 'react-intersection-observer/test-utils';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { useSession } from '../../app/store/session';
import { type MockApi, mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import DashboardPage from './index';

// issue 23 item 11: on the dashboard, the panels far below the first screen ask for their data
// only when the learner scrolls towards them.
const R = '/Api/Train_Manage/Train_Res';
const BELOW = [
  `${R}/LearningMonthLog`,
  `${R}/GetStudyStarList`,
  `${R}/IndexRecommendRes`,
  `${R}/GetRankingList`,
  '/Api/SysConfig/sys_message/GetMessageDataPageList',
];

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  setupIntersectionMocking(vi.fn);
  useSession.setState({ sysRoles: [SysRole.Learner], userInfo: { name: '学员一' } as never });
  api = mockApi()
    .on(
      `${R}/GetStatisticsUserStudyData`,
      ok({ resCnt: 1, resTotalHours: 60, studyHours: 1, studySeconds: 60, studyResCnt: 1, personal: true }),
    )
    .on('/Api/Ydxs/OpenApi/GetFPLinkInfoList', ok([]))
    .on('/Api/SysConfig/sys_notice/GetHomePageImageNotice', ok([]))
    .on('/Api/Ydxs/OpenApi/GetFPNoticeInfoList', ok({ models: [], totalCount: 0 }))
    .on('/Api/Project_Manage/project_project/GetFPMyStudyData', ok([]))
    .on('/Api/UserExam/ex_userexam/IsExistImgExam', ok(false))
    .on('/Api/UserExam/ex_practice/GetCounts', ok({ practiceCount: 0, wrongCount: 0 }))
    .on(`${R}/LearningMonthLog`, ok([]))
    .on(`${R}/GetStudyStarList`, ok([]))
    .on(`${R}/IndexRecommendRes`, ok([]))
    .on(`${R}/GetRankingList`, ok([]))
    .on('/Api/SysConfig/sys_message/GetMessageDataPageList', ok({ models: [], totalCount: 0 }));
});
afterEach(() => resetIntersectionMocking());

const asked = (path: string) => api.calls.some((c) => c.url.toLowerCase() === path.toLowerCase());

describe('dashboard panels below the first screen', () => {
  it('wait, without a request, until their place nears the screen', async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <DashboardPage />
        </MemoryRouter>
      </Providers>,
    );
    // the first screen renders and asks; everything below it (drawn with antd) waits
    await screen.findByTestId('dashboard-notices');
    await waitFor(() => expect(asked('/Api/SysConfig/sys_notice/GetHomePageImageNotice')).toBe(true));
    expect(screen.getAllByTestId(/^dashboard-waiting-/).map((e) => e.dataset.testid)).toEqual(['dashboard-waiting-below']);
    expect(asked('/Api/Project_Manage/project_project/GetFPMyStudyData')).toBe(false);
    expect(screen.queryByTestId('dashboard-study-exam')).toBeNull();

    // nearing it: the two panels under the first screen render and ask, the far ones still wait
    act(() => mockAllIsIntersecting(true));
    await screen.findByTestId('dashboard-study-exam', {}, { timeout: 10_000 });
    await waitFor(() => expect(asked('/Api/Project_Manage/project_project/GetFPMyStudyData')).toBe(true));
    act(() => mockAllIsIntersecting(false));
    expect(screen.getAllByTestId(/^dashboard-waiting-/).map((e) => e.dataset.testid)).toEqual([
      'dashboard-waiting-record-stars-count',
      'dashboard-waiting-showcase',
      'dashboard-waiting-chart-ranking',
      'dashboard-waiting-messages',
    ]);
    expect(BELOW.filter(asked)).toEqual([]);
    expect(screen.queryByTestId('dashboard-messages')).toBeNull();

    act(() => mockAllIsIntersecting(true));
    expect(await screen.findByTestId('dashboard-messages')).toBeInTheDocument();
    expect(await screen.findByTestId('dashboard-showcase')).toBeInTheDocument();
    await waitFor(() => expect(BELOW.filter(asked)).toEqual(BELOW));
    expect(screen.queryAllByTestId(/^dashboard-waiting-/)).toEqual([]);
  });
});
