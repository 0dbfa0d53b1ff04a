import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import { useEffect, useRef, useState } from 'react';

const clockText = (s: number) => {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
};

interface Props {
  /** the attempt's deadline on the server's clock (GetExamPaper) */
  deadlineMs: number;
  /** the server's clock now */
  serverNow: () => number;
  /** false once the attempt is closed: the clock stops */
  running: boolean;
  /** called on every tick at zero (the page submits once, whatever calls it again) */
  onTimeUp: () => void;
}

/**
 * The exam's countdown, on the server's clock. Its own component: the tick every second re-renders
 * this line only, not the whole paper (on a phone a tick of the page was a long task, issue 23
 * item 11).
 */
export function ExamCountdown({ deadlineMs, serverNow, running, onTimeUp }: Props) {
  const [remaining, setRemaining] = useState<number | null>(null);
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;

  useEffect(() => {
    if (!running) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadlineMs - serverNow()) / 1000));
      setRemaining(left);
      if (left === 0) timeUp.current();
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadlineMs, serverNow, running]);

  return (
    <strong className={`xt-countdown${(remaining ?? 999) < 300 ? ' is-ending' : ''}`} data-testid="countdown">
      <ClockCircleOutlined /> {remaining === null ? '--:--' : clockText(remaining)}
    </strong>
  );
}
