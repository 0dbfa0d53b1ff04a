import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CourseCardView, PlayListAnswer, RankingItem, StudyStarView } from '@xuetu/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { useSession } from '../../../app/store/session';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { createQueryClient, Providers } from '../../../test/providers';
import { HotCourses, Rankings, StudyStars } from './Courses';

// The /home course blocks: hot courses by category, rankings and study stars.
const R = '/Api/Train_Manage/Train_Res';
const course = (n: number, over: Partial<CourseCardView> = {}): CourseCardView => ({
  rank: n,
  resCode: `R${n}`,
  resName: `课程${n}`,
  cover: '',
  introduce: `简介${n}`,
  viewCnt: 100 - n,
  resType: 1,
  duration: 40,
  ...over,
});
const preview: PlayListAnswer & { introduce: string } = {
  playList: [{ item1: 'OD', item2: '/prod-api/media/play/M1/OD/source.mp4?t=x' }],
  attExt: '.mp4',
  cover: '',
  resType: 1,
  resName: '课程1',
  duration: 40,
  previewSeconds: 30,
  format: 'file',
  note: '',
  introduce: '',
};

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  useSession.getState().resetToken();
  // jsdom has no media playback
  vi.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  api = mockApi()
    .on('/Api/Train_Manage/Train_ResDir/GetIndexResDirList', ok([{ dCode: 'D1', dName: '安全生产', dNo: '01', dpNo: '00' }]))
    .on(`${R}/IndexHotRes`, (_c: unknown, body: { dCode: string }) => ok(body.dCode ? [course(3)] : [course(1), course(2)]))
    .on(`${R}/GetTrainResPreView`, ok(preview))
    .on(
      `${R}/GetRankingList`,
      ok<RankingItem[]>([
        { ...course(1), studyMinutes: 320, studySeconds: 320 * 60, learnerCnt: 6 },
        { ...course(2), studyMinutes: 0, studySeconds: 4, learnerCnt: 3 },
      ]),
    )
    .on(
      `${R}/GetStudyStarList`,
      ok<StudyStarView[]>([
        { rank: 1, chnName: '张学员', orgName: '安全部', headImg: '', studySeconds: 7500, studyHoursStr: '2 小时 5 分钟' },
      ]),
    );
});
afterEach(() => vi.restoreAllMocks());

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{`${loc.pathname}${loc.search}`}</div>;
}

const renderHome = (onNeedLogin = vi.fn()) =>
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route
            path="/home"
            element={
              <>
                <HotCourses onNeedLogin={onNeedLogin} />
                <Rankings />
                <StudyStars />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );

describe('/home course blocks', () => {
  it('shows hot courses under 全部 (empty code) and per category; rankings and study stars', async () => {
    renderHome();
    expect(await screen.findByText('课程1')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url.endsWith('/IndexHotRes'))?.body).toEqual({ dCode: '', top: 10 });
    expect(screen.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(await screen.findByRole('tab', { name: '安全生产' }));
    expect(await screen.findByText('课程3')).toBeInTheDocument();
    const ranking = await screen.findByTestId('ranking-list');
    expect(within(ranking).getAllByRole('listitem')).toHaveLength(2);
    // study time written as everywhere else: hours and minutes, and a few seconds as seconds (not "0 分钟")
    expect(ranking).toHaveTextContent('5 小时 20 分钟');
    expect(ranking).toHaveTextContent('4 秒');
    expect(api.calls.find((c) => c.url.endsWith('/GetRankingList'))?.body).toEqual({ limit: 5 });
    expect(await screen.findByTestId('star-list')).toHaveTextContent('张学员安全部2 小时 5 分钟');
  });

  it('a signed-out visitor: More opens the login dialog; a course opens the preview that locks at 30 s', async () => {
    const onNeedLogin = vi.fn();
    renderHome(onNeedLogin);
    fireEvent.click(screen.getByRole('button', { name: '更多 >' }));
    expect(onNeedLogin).toHaveBeenCalledWith('/trainres/index?dcode=&dno=00');
    onNeedLogin.mockClear();

    fireEvent.click((await screen.findAllByTestId('hot-course'))[0]);
    const video = (await screen.findByTestId('preview-video')) as HTMLVideoElement;
    expect(api.calls.find((c) => c.url.endsWith('/GetTrainResPreView'))?.body).toEqual({ rescode: 'R1' });
    expect(screen.queryByTestId('preview-lock')).toBeNull();
    // 29 s: still playing
    Object.defineProperty(video, 'currentTime', { value: 29, writable: true, configurable: true });
    fireEvent(video, new Event('timeupdate'));
    expect(screen.queryByTestId('preview-lock')).toBeNull();
    // 30 s: paused, the overlay with its login button
    video.currentTime = 30;
    fireEvent(video, new Event('timeupdate'));
    expect(window.HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(await screen.findByTestId('preview-lock')).toHaveTextContent('登录后查看完整视频');
    fireEvent.click(screen.getByTestId('preview-login'));
    expect(onNeedLogin).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('preview-video')).toBeNull());
  });

  it('entering fullscreen locks the preview', async () => {
    renderHome();
    fireEvent.click((await screen.findAllByTestId('hot-course'))[1]);
    await screen.findByTestId('preview-video');
    Object.defineProperty(document, 'fullscreenElement', { value: document.body, configurable: true });
    Object.defineProperty(document, 'exitFullscreen', { value: () => Promise.resolve(), configurable: true });
    fireEvent(document, new Event('fullscreenchange'));
    expect(await screen.findByTestId('preview-lock')).toHaveTextContent('登录后查看完整视频');
    Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
  });

  it('a signed-in viewer goes to the study page', async () => {
    useSession.setState({ token: 't' });
    renderHome();
    fireEvent.click((await screen.findAllByTestId('hot-course'))[1]);
    expect(await screen.findByTestId('where')).toHaveTextContent('/trainres/study?id=R2');
  });
});
