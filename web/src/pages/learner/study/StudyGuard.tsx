import { type StudyGuard, StudyMsg, studyApi } from '@xuetu/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { callEnvelope } from '../../../api/client';

/** What counts as the learner being there: any pointer, key, touch, wheel or scroll on the page. */
export const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/** Four different two-digit numbers, one of them `code`, in a random order. */
export function presenceChoices(code: number, random: () => number = Math.random): number[] {
  const set = new Set([code]);
  while (set.size < 4) set.add(10 + Math.floor(random() * 90));
  return [...set].sort(() => random() - 0.5);
}

/**
 * The presence check (issue 44 item 1, ADR 0058): a modal dialog the keyboard and a screen reader
 * can use — focus moves into it and stays there, its title and text are its name and
 * description, the number buttons say what they are. `code` 0: the page noticed the learner was
 * away (我还在); otherwise the server started a check and the learner taps the number shown.
 */
export function PresenceDialog({ code, onDone }: { code: number; onDone: () => void }) {
  const titleId = useId();
  const descId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [choices, setChoices] = useState(() => (code ? presenceChoices(code) : []));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setChoices(code ? presenceChoices(code) : []);
    setError('');
  }, [code]);
  // focus into the dialog when it opens (and after a wrong answer reshuffles the numbers)
  const shown = choices.join(',');
  useEffect(() => {
    if (shown || !shown) box.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [shown]);
  const answer = async (n: number) => {
    setBusy(true);
    try {
      await callEnvelope(studyApi.studyPresence, { code: n }, { silent: true, dedupe: false });
      onDone();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : StudyMsg.presenceWrong);
      setChoices(presenceChoices(code));
    } finally {
      setBusy(false);
    }
  };
  // Tab stays within the dialog; Escape does not close it (it must be answered)
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') e.preventDefault();
    if (e.key !== 'Tab') return;
    const buttons = Array.from(box.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    if (!buttons.length) return;
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="xt-presence-mask">
      <div
        ref={box}
        className="xt-presence"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descId}
        data-testid="presence-dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="xt-presence-title">
          请确认您仍在学习
        </h2>
        <p id={descId}>
          {code ? `视频已暂停，确认前不计学习时长。请点击数字 ${code}。` : '您已较长时间没有操作，视频已暂停，确认前不计学习时长。'}
        </p>
        {error && (
          <p role="alert" className="xt-presence-error">
            {error}
          </p>
        )}
        <div className="xt-presence-actions">
          {code ? (
            choices.map((n) => (
              <button
                key={n}
                type="button"
                className="xt-lean-btn"
                disabled={busy}
                aria-label={`数字 ${n}`}
                data-testid={`presence-choice-${n}`}
                onClick={() => void answer(n)}
              >
                {n}
              </button>
            ))
          ) : (
            <button type="button" className="xt-lean-btn is-primary" data-testid="presence-confirm" onClick={onDone}>
              我还在，继续学习
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The page's side of the anti-idle guard: tracks the learner's last activity (the beats report it,
 * the server decides), pauses and asks after `guard.idleMinutes` without any while `active()`
 * (playing, or reading a visible document), and asks when a beat says the server started a check.
 * `resume` runs once the learner answered.
 */
export function useStudyGuard(guard: StudyGuard | undefined, o: { active: () => boolean; pause: () => void; resume: () => void }) {
  const last = useRef(Date.now());
  const [asking, setAsking] = useState<{ code: number } | null>(null);
  const askingRef = useRef(asking);
  askingRef.current = asking;
  const ops = useRef(o);
  ops.current = o;
  const idleMinutes = guard?.idleMinutes ?? 0;

  useEffect(() => {
    const touch = () => {
      last.current = Date.now();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, touch, { capture: true, passive: true });
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, touch, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (!idleMinutes) return;
    const timer = window.setInterval(() => {
      if (askingRef.current || !ops.current.active()) return;
      if (Date.now() - last.current >= idleMinutes * 60_000) {
        setAsking({ code: 0 });
        ops.current.pause();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [idleMinutes]);

  /** seconds since the last activity, for the beats */
  const idle = useCallback(() => (Date.now() - last.current) / 1000, []);
  /** a beat's answer carried a presence check */
  const onPresence = useCallback((code: number) => {
    if (askingRef.current?.code === code) return;
    setAsking({ code });
    ops.current.pause();
  }, []);
  const dialog = asking ? (
    <PresenceDialog
      code={asking.code}
      onDone={() => {
        last.current = Date.now();
        setAsking(null);
        ops.current.resume();
      }}
    />
  ) : null;
  /** a check is open (the page stays paused until it is answered) */
  const isAsking = useCallback(() => askingRef.current !== null, []);
  return { idle, onPresence, dialog, isAsking };
}
