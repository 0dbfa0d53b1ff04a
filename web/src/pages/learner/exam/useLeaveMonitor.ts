import { type LeaveKind, LeaveText, userexamApi } from '@xuetu/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEnvelope } from '../../../api/client';
import { ApiError } from '../../../api/request';

/**
 * Leaving the exam page (issue 26 item 3, ADR 0040): a hidden tab, lost focus or leaving full
 * screen is one leave (one per time away, however many of these fire together). Each leave gets
 * its own event id and waits in localStorage until the server has counted it, so a leave while
 * offline is sent when the page reconnects and a retry is counted once. The server counts and
 * submits past the limit; the page shows what it answers.
 *
 * A reload is not a leave (issue 38 item 11). Unloading a page hides it, so a reload (or following
 * a link in the same tab) fires visibilitychange — and in some browsers blur — like leaving does.
 * The browser fires pagehide before it hides the page (HTML's "unload a document"; beforeunload is
 * not used: a prompt can cancel it), so from that moment the page stops counting (`unloading`,
 * cleared again by pageshow when the page comes back from the back/forward cache). For browsers that hide the page first anyway, pagehide
 * also leaves the time of the unload in sessionStorage (which a reload keeps and a new tab does
 * not have); the next load of the attempt in this tab drops a leave still waiting to be sent that
 * began within UNLOAD_SLACK_MS before it. Leaving the tab before reloading it stays counted: that
 * leave began earlier and was sent at once; so does going to the address bar (blur). Following a
 * bookmark away in the same tab without losing focus is not seen: the page is gone, not hidden.
 */
interface Pending {
  eventId: string;
  kind: LeaveKind;
  leftAtMs: number;
}
const storeKey = (userpaperId: number) => `xuetu.exam.leaves.${userpaperId}`;
const unloadKey = (userpaperId: number) => `xuetu.exam.unload.${userpaperId}`;
/** a leave that began this shortly before the page unloaded was the unload itself */
const UNLOAD_SLACK_MS = 1000;

/** This tab unloaded the attempt's page: the leaves its unload raised are not leaves (see above). */
function dropUnloadLeaves(userpaperId: number) {
  try {
    const at = Number(sessionStorage.getItem(unloadKey(userpaperId)));
    sessionStorage.removeItem(unloadKey(userpaperId));
    if (!at) return;
    const kept = readPending(userpaperId).filter((p) => p.leftAtMs < at - UNLOAD_SLACK_MS || p.leftAtMs > at);
    writePending(userpaperId, kept);
  } catch {
    // storage blocked: nothing was written either
  }
}
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
  const unloading = useRef(false);
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
          // one leave, idempotent per eventId (silent: the page shows the count itself)
          const res = await callEnvelope(userexamApi.reportLeave, { userpaperId, ...next, holder }, { silent: true, dedupe: false });
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
      if (away.current || unloading.current) return;
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
    const onUnload = () => {
      unloading.current = true;
      try {
        sessionStorage.setItem(unloadKey(userpaperId), String(Date.now()));
      } catch {
        // storage blocked: the flag above still covers the events that follow
      }
    };
    const onShow = () => {
      unloading.current = false;
      away.current = false;
    };
    dropUnloadLeaves(userpaperId);
    window.addEventListener('pagehide', onUnload);
    window.addEventListener('pageshow', onShow);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', back);
    document.addEventListener('fullscreenchange', onFullScreen);
    window.addEventListener('online', flush);
    void flush(); // leaves from before a reload or while offline
    return () => {
      window.removeEventListener('pagehide', onUnload);
      window.removeEventListener('pageshow', onShow);
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

  const leavesLeft = Math.max(0, leaveLimit - count);
  // the count and the limit are the server's (GetExamPaper, then each ReportLeave's answer)
  const warning = monitored && count > 0 ? LeaveText.warning(count, leavesLeft) : '';
  return { monitored, leaveCount: count, leavesLeft, warning, fullScreen, enterFullScreen };
}
