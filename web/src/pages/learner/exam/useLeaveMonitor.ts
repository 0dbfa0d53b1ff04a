import type { LeaveKind } from '@xuetu/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/request';
import { reportLeaveEnvelope } from '../../../api/userexam';

/**
 * Leaving the exam page (issue 26 item 3, ADR 0040): a hidden tab, lost focus or leaving full
 * screen is one leave (one per time away, however many of these fire together). Each leave gets
 * its own event id and waits in localStorage until the server has counted it, so a leave while
 * offline is sent when the page reconnects and a retry is counted once. The server counts and
 * submits past the limit; the page shows what it answers.
 */
interface Pending {
  eventId: string;
  kind: LeaveKind;
  leftAtMs: number;
}
const storeKey = (userpaperId: number) => `xuetu.exam.leaves.${userpaperId}`;
function readPending(userpaperId: number): Pending[] {
  try {
    return JSON.parse(localStorage.getItem(storeKey(userpaperId)) ?? '[]') as Pending[];
  } catch {
    return [];
  }
}
function writePending(userpaperId: number, list: Pending[]) {
  try {
    if (list.length) localStorage.setItem(storeKey(userpaperId), JSON.stringify(list));
    else localStorage.removeItem(storeKey(userpaperId));
  } catch {
    // storage full or blocked: the leave is still sent from memory below
  }
}
const newEventId = () => {
  try {
    return crypto.randomUUID();
  } catch {
    return `l${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
  }
};

export function useLeaveMonitor(opts: {
  userpaperId: number | null;
  /** 0: not monitored */
  leaveLimit: number;
  leaveCount: number;
  requireFullScreen: boolean;
  /** monitoring only while this page answers the attempt */
  active: boolean;
  holder: string;
  onSubmitted: () => void;
}) {
  const { userpaperId, leaveLimit, active, holder } = opts;
  const [count, setCount] = useState(opts.leaveCount);
  const [fullScreen, setFullScreen] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  const away = useRef(false);
  const sending = useRef(false);
  const memory = useRef<Pending[]>([]);
  const onSubmitted = useRef(opts.onSubmitted);
  onSubmitted.current = opts.onSubmitted;
  useEffect(() => setCount((c) => Math.max(c, opts.leaveCount)), [opts.leaveCount]);
  const monitored = !!userpaperId && leaveLimit > 0;

  const flush = useCallback(async () => {
    if (!userpaperId || sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const next = readPending(userpaperId)[0] ?? memory.current[0];
        if (!next) break;
        try {
          const res = await reportLeaveEnvelope({ userpaperId, ...next, holder });
          const drop = (l: Pending[]) => l.filter((p) => p.eventId !== next.eventId);
          writePending(userpaperId, drop(readPending(userpaperId)));
          memory.current = drop(memory.current);
          setCount((c) => Math.max(c, res.data.leaveCount));
          if (res.data.submitted) {
            writePending(userpaperId, []);
            memory.current = [];
            onSubmitted.current();
            break;
          }
        } catch (err) {
          if (!(err instanceof ApiError && err.envelope?.code)) break; // offline: sent again on reconnect
          // refused (the attempt is gone or held elsewhere): nothing to count
          writePending(userpaperId, []);
          memory.current = [];
          break;
        }
      }
    } finally {
      sending.current = false;
    }
  }, [userpaperId, holder]);

  useEffect(() => {
    if (!monitored || !active || !userpaperId) return;
    const left = (kind: LeaveKind) => {
      if (away.current) return;
      away.current = true;
      const p: Pending = { eventId: newEventId(), kind, leftAtMs: Date.now() };
      memory.current = [...memory.current, p];
      writePending(userpaperId, [...readPending(userpaperId), p]);
      void flush();
    };
    const back = () => {
      if (document.visibilityState === 'visible' && document.hasFocus()) away.current = false;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? left('hidden') : back());
    const onBlur = () => left('blur');
    const onFullScreen = () => {
      const now = !!document.fullscreenElement;
      setFullScreen(now);
      if (!now && opts.requireFullScreen) left('fullscreen');
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', back);
    document.addEventListener('fullscreenchange', onFullScreen);
    window.addEventListener('online', flush);
    void flush(); // leaves from before a reload or while offline
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', back);
      document.removeEventListener('fullscreenchange', onFullScreen);
      window.removeEventListener('online', flush);
    };
  }, [monitored, active, userpaperId, flush, opts.requireFullScreen]);

  const enterFullScreen = useCallback(() => {
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);

  return { monitored, leaveCount: count, leavesLeft: Math.max(0, leaveLimit - count), fullScreen, enterFullScreen };
}
