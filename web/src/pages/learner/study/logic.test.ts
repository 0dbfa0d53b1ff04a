import { studyTimeText } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beatAnswer } from '../../../test/fixtures';
import { allowedSpeeds, formatClock, StudyHeartbeat, seekGuard } from './logic';

describe('study player rules', () => {
  it('offers the speeds up to the allowed maximum', () => {
    expect(allowedSpeeds(2)).toEqual([0.5, 0.75, 1, 1.25, 1.5, 2]);
    expect(allowedSpeeds(1)).toEqual([0.5, 0.75, 1]);
    expect(allowedSpeeds(0.1)).toEqual([1]);
  });
  it('blocks seeking ahead of the furthest point only when not allowed', () => {
    expect(seekGuard(100, 20, true)).toBeNull();
    expect(seekGuard(100, 20, false)).toBe(20);
    expect(seekGuard(20.5, 20, false)).toBeNull();
    expect(seekGuard(5, 20, false)).toBeNull();
  });
  it('formats positions and studied time', () => {
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(studyTimeText(42)).toBe('42 秒');
    expect(studyTimeText(200)).toBe('3 分 20 秒');
  });
});

describe('StudyHeartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const answer = beatAnswer;

  it('opens with a fresh guid on play, beats every interval, closes on pause; a new stretch gets a new guid', async () => {
    const sent: { guid: string; position: number }[] = [];
    let pos = 0;
    const hb = new StudyHeartbeat({
      rescode: 'R1',
      intervalSeconds: 15,
      send: async (b) => {
        sent.push({ guid: b.guid, position: b.position });
        return { success: true, msg: '', errorCode: 0, data: answer() };
      },
      position: () => pos,
      speed: () => 1,
      onAnswer: () => {},
      onTakenOver: () => {},
    });
    hb.play();
    await vi.advanceTimersByTimeAsync(0);
    pos = 15;
    await vi.advanceTimersByTimeAsync(15_000);
    pos = 20;
    await hb.pause();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.guid)).size).toBe(1);
    expect(sent.map((s) => s.position)).toEqual([0, 15, 20]);
    // paused: no beats
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(3);
    hb.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(4);
    expect(sent[3].guid).not.toBe(sent[0].guid);
    hb.dispose();
  });

  it('stops and tells the page when another window took over', async () => {
    const onTakenOver = vi.fn();
    let calls = 0;
    const hb = new StudyHeartbeat({
      rescode: 'R1',
      intervalSeconds: 15,
      send: async () => {
        calls++;
        return calls === 1
          ? { success: true, msg: '', errorCode: 0, data: answer({ opened: true }) }
          : { success: true, msg: '已在其他窗口或设备继续学习', errorCode: 0, data: answer({ takenOver: true, accepted: false }) };
      },
      position: () => 0,
      speed: () => 1,
      onAnswer: () => {},
      onTakenOver,
    });
    hb.play();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(onTakenOver).toHaveBeenCalledWith('已在其他窗口或设备继续学习');
    expect(hb.active).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
  });
});
