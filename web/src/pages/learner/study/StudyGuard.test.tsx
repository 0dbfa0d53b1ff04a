import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beatAnswer, playList } from '../../../test/fixtures';
import { fail, mockApi, ok } from '../../../test/mockApi';
import { PresenceDialog, presenceChoices, useStudyGuard } from './StudyGuard';
import { StudyPlayer } from './StudyPlayer';

// The presence check (issue 44 item 1, ADR 0058): the dialog a keyboard and a screen reader can
// use, the page's idle timer, and the player pausing when a beat says the server started a check.
const R = '/Api/Train_Manage/Train_Res';
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('presenceChoices', () => {
  it('four different two-digit numbers, the asked one among them', () => {
    for (const code of [10, 47, 99]) {
      const c = presenceChoices(code);
      expect(c).toHaveLength(4);
      expect(new Set(c).size).toBe(4);
      expect(c).toContain(code);
      for (const n of c) expect(n >= 10 && n <= 99).toBe(true);
    }
  });
});

describe('PresenceDialog', () => {
  it('is a named modal dialog with focus inside; Tab stays in it; a wrong number says so, the right one answers the server', async () => {
    const api = mockApi();
    api.on(`${R}/StudyPresence`, (_config: unknown, body: unknown) =>
      (body as { code: number }).code === 47 ? ok({ presence: 0 }, '已确认，继续计时') : fail('所选数字不正确，请重新选择'),
    );
    const done = vi.fn();
    render(<PresenceDialog code={47} onDone={done} />);
    const dialog = screen.getByRole('dialog', { name: '请确认您仍在学习' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const desc = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(desc?.textContent).toContain('请点击数字 47');
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(4);
    expect(screen.getByRole('button', { name: '数字 47' })).toBeTruthy();
    expect(document.activeElement).toBe(buttons[0]);
    // Tab from the last wraps to the first, Shift+Tab from the first to the last; Escape does not close
    buttons[3].focus();
    fireEvent.keyDown(buttons[3], { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0], { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(buttons[3]);
    fireEvent.keyDown(buttons[3], { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    const wrong = screen.getAllByRole('button').find((b) => b.textContent !== '47') as HTMLElement;
    await act(async () => {
      fireEvent.click(wrong);
    });
    expect((await screen.findByRole('alert')).textContent).toBe('所选数字不正确，请重新选择');
    expect(done).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '数字 47' }));
    });
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(api.calls.filter((c) => c.url.endsWith('/StudyPresence')).map((c) => c.body)).toEqual([
      { code: Number(wrong.textContent) },
      { code: 47 },
    ]);
  });

  it('without a number (the page noticed the learner away): one button, no call', () => {
    const api = mockApi();
    const done = vi.fn();
    render(<PresenceDialog code={0} onDone={done} />);
    const button = screen.getByRole('button', { name: '我还在，继续学习' });
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(done).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(0);
  });
});

function Harness({ minutes, active, pause, resume }: { minutes: number; active: () => boolean; pause: () => void; resume: () => void }) {
  const g = useStudyGuard({ idleMinutes: minutes, randomCheck: false, watermark: '' }, { active, pause, resume });
  return (
    <div>
      <span data-testid="idle">{Math.floor(g.idle())}</span>
      {g.dialog}
    </div>
  );
}

describe('useStudyGuard', () => {
  it('after N minutes without pointer, key, touch or scroll while playing: pauses and asks; activity resets the count; 0 = never', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const pause = vi.fn();
    const resume = vi.fn();
    let playing = true;
    const view = render(<Harness minutes={2} active={() => playing} pause={pause} resume={resume} />);
    await act(async () => {
      vi.advanceTimersByTime(100_000);
    });
    fireEvent.keyDown(window, { key: 'a' });
    await act(async () => {
      vi.advanceTimersByTime(100_000);
    });
    fireEvent.scroll(window);
    await act(async () => {
      vi.advanceTimersByTime(100_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // paused by the learner: no question however long
    playing = false;
    await act(async () => {
      vi.advanceTimersByTime(600_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    playing = true;
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: '请确认您仍在学习' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '我还在，继续学习' }));
    expect(resume).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    view.unmount();
    render(<Harness minutes={0} active={() => true} pause={pause} resume={resume} />);
    await act(async () => {
      vi.advanceTimersByTime(3_600_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pause).toHaveBeenCalledTimes(1);
  });
});

describe('StudyPlayer with the guard', () => {
  const data = playList();
  const beat = (presence: number) => beatAnswer({ presence });

  it('beats report the idle seconds; a beat carrying a check pauses the video and asks for its number; the watermark is drawn over the video', async () => {
    const api = mockApi();
    api.on(`${R}/Study`, () => ok(beat(63), '请确认您仍在学习，确认前不计学习时长'));
    api.on(`${R}/StudyPresence`, () => ok({ presence: 0 }));
    render(
      <StudyPlayer
        rescode="R1"
        data={data}
        rules={{ maxSpeed: 2, allowSeekAhead: true }}
        intervalSeconds={15}
        resumeAt={0}
        onBeat={() => {}}
        onCompleted={() => {}}
        guard={{ idleMinutes: 10, randomCheck: false, watermark: '张三 0001' }}
      />,
    );
    const video = screen.getByTestId('study-video') as HTMLVideoElement;
    expect(video.parentElement?.querySelectorAll('[data-testid="watermark-layer"]').length).toBe(3);
    expect(video.getAttribute('controlsList')).toBe('noplaybackrate nofullscreen');
    let paused = false;
    Object.defineProperty(video, 'paused', { get: () => paused, configurable: true });
    video.pause = vi.fn(() => {
      paused = true;
    });
    video.play = vi.fn(() => {
      paused = false;
      return Promise.resolve();
    });
    await act(async () => {
      fireEvent.play(video);
    });
    await waitFor(() => expect(screen.getByRole('dialog', { name: '请确认您仍在学习' })).toBeTruthy());
    const sent = api.calls.find((c) => c.url.endsWith('/Study'))?.body as { idle: number };
    expect(typeof sent.idle).toBe('number');
    expect(sent.idle).toBeGreaterThanOrEqual(0);
    expect(video.pause).toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '数字 63' }));
    });
    await waitFor(() => expect(video.play).toHaveBeenCalled());
    expect(api.calls.some((c) => c.url.endsWith('/StudyPresence') && (c.body as { code: number }).code === 63)).toBe(true);
  });
});
