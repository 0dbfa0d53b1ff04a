import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PlayListAnswer } from '@xuetu/contract';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { playList } from '../../../test/fixtures';
import { mockApi, ok } from '../../../test/mockApi';
import { StudyPlayer, type StudyPlayerHandle } from './StudyPlayer';

const R = '/Api/Train_Manage/Train_Res';
const data = playList({
  playList: [
    { item1: 'FD', item2: '/prod-api/media/play/M1/FD/source.mp4?t=a' },
    { item1: 'OD', item2: '/prod-api/media/play/M1/OD/source.mp4?t=b' },
  ],
});
const show = (rules = { maxSpeed: 2, allowSeekAhead: true }) =>
  render(<StudyPlayer rescode="R1" data={data} rules={rules} intervalSeconds={15} resumeAt={0} onBeat={() => {}} onCompleted={() => {}} />);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('StudyPlayer', () => {
  it('offers the qualities in Chinese and only the allowed speeds', async () => {
    mockApi();
    show({ maxSpeed: 1, allowSeekAhead: false });
    expect(screen.getByTestId('study-video').getAttribute('src')).toBe('/prod-api/media/play/M1/FD/source.mp4?t=a');
    const quality = screen.getByLabelText('清晰度') as HTMLSelectElement;
    expect([...quality.options].map((o) => o.textContent)).toEqual(['流畅', '原画']);
    expect(quality.selectedOptions[0]?.textContent).toBe('流畅');
    const speed = screen.getByLabelText('倍速') as HTMLSelectElement;
    expect([...speed.options].map((o) => o.textContent)).toEqual(['0.5x', '0.75x', '1x']);
    // a chosen speed is the element's rate
    fireEvent.change(speed, { target: { value: '0.75' } });
    expect((screen.getByTestId('study-video') as HTMLVideoElement).playbackRate).toBe(0.75);
    expect(screen.getByText('本课程不允许快进')).toBeTruthy();
  });

  it('sends a heartbeat when playing starts and pauses with the message when another window took over', async () => {
    const api = mockApi();
    let n = 0;
    api.on(`${R}/Study`, () => {
      n++;
      return n === 1
        ? ok({ accepted: true, opened: true, takenOver: false, credited: 0, studySeconds: 0, duration: 100, progress: 0, completed: 0 })
        : ok(
            { accepted: false, opened: false, takenOver: true, credited: 0, studySeconds: 0, duration: 100, progress: 0, completed: 0 },
            '已在其他窗口或设备继续学习',
          );
    });
    show();
    const video = screen.getByTestId('study-video') as HTMLVideoElement;
    await act(async () => {
      fireEvent.play(video);
    });
    await waitFor(() => expect(api.calls.filter((c) => c.url.endsWith('/Study'))).toHaveLength(1));
    const first = api.calls.find((c) => c.url.endsWith('/Study'))?.body as { rescode: string; guid: string; speed: number };
    expect(first).toMatchObject({ rescode: 'R1', speed: 1 });
    expect(first.guid).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await act(async () => {
      fireEvent.pause(video);
    });
    expect(await screen.findByTestId('study-takeover')).toHaveProperty(
      'textContent',
      expect.stringContaining('已在其他窗口或设备继续学习'),
    );
  });

  it('keeps the place and the play state when another quality is chosen', async () => {
    mockApi().on(`${R}/Study`, () =>
      ok({ accepted: true, opened: true, takenOver: false, credited: 0, studySeconds: 0, duration: 100, progress: 0, completed: 0 }),
    );
    show();
    const video = screen.getByTestId('study-video') as HTMLVideoElement;
    // jsdom plays nothing: the element's clock and play state are the test's
    let time = 0;
    let paused = true;
    Object.defineProperty(video, 'currentTime', { get: () => time, set: (v: number) => (time = v), configurable: true });
    Object.defineProperty(video, 'paused', { get: () => paused, configurable: true });
    Object.defineProperty(video, 'duration', { get: () => 100, configurable: true });
    let plays = 0;
    video.play = () => {
      plays++;
      paused = false;
      return Promise.resolve();
    };
    await act(async () => {
      await video.play();
      fireEvent.play(video);
    });
    time = 7;
    await act(async () => {
      fireEvent.change(screen.getByLabelText('清晰度'), { target: { value: 'OD' } });
    });
    expect(video.getAttribute('src')).toBe('/prod-api/media/play/M1/OD/source.mp4?t=b');
    // the new source loads from the start, paused, as a browser does; its metadata puts it back
    time = 0;
    paused = true;
    await act(async () => {
      fireEvent.loadedMetadata(video);
    });
    expect(time).toBe(7);
    expect(plays).toBe(2);
    expect(paused).toBe(false);
  });

  describe('an HLS video waits for the learner (issue 23 item 11: no hls.js nor segment while the page opens)', () => {
    const hls: PlayListAnswer = { ...data, format: 'hls', playList: [{ item1: 'FD', item2: '/prod-api/media/play/M1/FD/index.m3u8?t=a' }] };
    const showHls = (resumeAt = 0) => {
      const handle = createRef<StudyPlayerHandle>();
      render(
        <StudyPlayer
          ref={handle}
          rescode="R1"
          data={hls}
          rules={{ maxSpeed: 2, allowSeekAhead: true }}
          intervalSeconds={15}
          resumeAt={resumeAt}
          onBeat={() => {}}
          onCompleted={() => {}}
        />,
      );
      return handle;
    };

    it('shows the poster and a play button, and attaches the stream when it is pressed', async () => {
      mockApi();
      showHls(65);
      const video = screen.getByTestId('study-video') as HTMLVideoElement;
      // nothing attached, no controls to press in vain
      await new Promise((r) => setTimeout(r, 50));
      expect(video.getAttribute('src')).toBeNull();
      expect(video.controls).toBe(false);
      const start = screen.getByRole('button', { name: '继续播放（从 1:05）' });
      expect(start).toHaveTextContent('1:40');
      fireEvent.click(start);
      // jsdom has no MediaSource: hls.js hands the address to the element, as in Safari
      await waitFor(() => expect(video.getAttribute('src')).toBe('/prod-api/media/play/M1/FD/index.m3u8?t=a'));
      expect(video.controls).toBe(true);
      expect(screen.queryByTestId('study-start')).toBeNull();
    });

    it('a quality chosen before the start attaches nothing; the press attaches the chosen one', async () => {
      mockApi();
      render(
        <StudyPlayer
          rescode="R1"
          data={{ ...hls, playList: [...hls.playList, { item1: 'OD', item2: '/prod-api/media/play/M1/OD/index.m3u8?t=b' }] }}
          rules={{ maxSpeed: 2, allowSeekAhead: true }}
          intervalSeconds={15}
          resumeAt={0}
          onBeat={() => {}}
          onCompleted={() => {}}
        />,
      );
      const video = screen.getByTestId('study-video') as HTMLVideoElement;
      await act(async () => {
        fireEvent.change(screen.getByLabelText('清晰度'), { target: { value: 'OD' } });
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(video.getAttribute('src')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '播放' }));
      await waitFor(() => expect(video.getAttribute('src')).toBe('/prod-api/media/play/M1/OD/index.m3u8?t=b'));
    });

    it("a note's time before the start attaches the stream and starts there", async () => {
      mockApi();
      const handle = showHls();
      const video = screen.getByTestId('study-video') as HTMLVideoElement;
      await act(async () => handle.current?.seek(30));
      await waitFor(() => expect(video.getAttribute('src')).toBeTruthy());
      Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
      fireEvent.loadedMetadata(video);
      expect(video.currentTime).toBe(30);
    });
  });
});
