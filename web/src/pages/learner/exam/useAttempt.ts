import { type ExamPaperView, ExamUserStatus, userexamApi } from '@xuetu/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, callEnvelope } from '../../../api/client';
import { ApiError } from '../../../api/request';
import { dropDraft, putDraft, readDrafts } from './drafts';
import { adoptEntries, deleteEntry, dropHeldEntries, type JournalEntry, pendingEntries, putEntry } from './journal';

export type SaveState = 'saved' | 'pending' | 'error';
/**
 * active: this page answers the attempt; takenOver: another tab or device opened it (the page
 * asks what to do); readOnly: the learner chose to only look. Either way the page shows the
 * server's answers and its inputs are disabled.
 */
export type AttemptMode = 'active' | 'takenOver' | 'readOnly';
type Load = 'open' | 'takeOver' | 'look';
type Answer = string | string[];
const DAY_MS = 24 * 3600 * 1000;
const RETRY_MS = 3000;
/** a read-only page reloads the server's answers this long after the holder (same browser) saved */
const FOLLOW_MS = 500;

/** This page load's id: the attempt's holder while it answers (issue 23 item 3). */
function newHolder(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `h${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
  }
}

type PageMessage = { type: 'opened'; holder: string } | { type: 'changed'; holder: string };

/**
 * One attempt in the browser: the paper, local answers and flags, the journal sync and the
 * server-corrected clock. Every change is kept synchronously as a draft (drafts.ts) the moment it
 * is made; answers go to the IndexedDB journal, then to SaveAnswer one at a time in seq order; a
 * network failure leaves them journalled and retries (and on `online`).
 *
 * One page answers an attempt at a time (issue 23 item 3): the page load gets a random holder id
 * and opening the paper makes it the attempt's holder. When another tab or device opens the
 * attempt, this page learns it from the server (SaveAnswer answers ATTEMPT_TAKEN_OVER) or, in
 * the same browser, at once from the BroadcastChannel `xuetu-exam-<userpaperId>`; it then drops
 * the journal entries it still held (the server refuses them), reloads the server's answers and
 * disables its inputs until the learner takes the attempt back (`takeOver`).
 */
export function useAttempt(userpaperId: number | null) {
  const [paper, setPaper] = useState<ExamPaperView | null>(null);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [flags, setFlags] = useState<Set<string>>(new Set());
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [offline, setOffline] = useState(typeof navigator !== 'undefined' && !navigator.onLine);
  const [closed, setClosed] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [mode, setModeState] = useState<AttemptMode>('active');
  const [holder] = useState(newHolder);
  /** the mode as the async sync loop sees it */
  const modeRef = useRef<AttemptMode>('active');
  const setMode = useCallback((m: AttemptMode) => {
    modeRef.current = m;
    setModeState(m);
  }, []);
  const channel = useRef<BroadcastChannel | null>(null);
  const offset = useRef(0);
  const lastSeq = useRef(0);
  /** the sync pass in progress: a second caller waits for it instead of returning at once */
  const running = useRef<Promise<void> | null>(null);
  /** journal writes not finished yet (record is async): drain waits for them */
  const recording = useRef(new Set<Promise<void>>());
  const base = useRef(0);
  /** drafts restored at load, journalled once `record` can run */
  const pendingDrafts = useRef<{ qCode: string; answer: Answer }[]>([]);

  const serverNow = useCallback(() => Date.now() + offset.current, []);

  /** Shows exactly what the server holds (a page that does not answer the attempt). */
  const showServer = useCallback((p: ExamPaperView) => {
    const st: Record<string, SaveState> = {};
    for (const q of Object.keys(p.answers)) st[q] = 'saved';
    setAnswers({ ...p.answers });
    setFlags(new Set(p.flags));
    setStates(st);
    setClosed(p.status !== ExamUserStatus.InProgress);
    setPaper(p);
  }, []);

  const load = useCallback(
    async (kind: Load = 'open') => {
      if (!userpaperId) return;
      try {
        // `holder`: the page's id (it becomes the attempt's holder unless takeOver is 0, issue 23 item 3)
        const p = await call(userexamApi.getExamPaper, { userpaperId, holder, takeOver: kind === 'look' ? 0 : 1 }, { dedupe: false });
        offset.current = p.serverNowMs - Date.now();
        // seqs are milliseconds of server time since 24 h before the deadline: increasing across reloads and devices
        base.current = p.deadlineMs - DAY_MS;
        for (const s of Object.values(p.seqs)) lastSeq.current = Math.max(lastSeq.current, s);
        const open = p.status === ExamUserStatus.InProgress;
        if (kind === 'look' || (open && !p.heldHere)) {
          // another page took it again between our claim and this answer: look only
          if (kind !== 'look') setMode('takenOver');
          showServer(p);
          return;
        }
        if (open) setMode('active');
        const local: Record<string, Answer> = { ...p.answers };
        const f = new Set(p.flags);
        const st: Record<string, SaveState> = {};
        for (const q of Object.keys(p.answers)) st[q] = 'saved';
        // the journal's unsent entries newer than the server's (a reload's, another tab's) become this page's
        const adopted = await adoptEntries(userpaperId, holder, p.seqs);
        // after adopting: the older tab drops only what it still holds
        if (open) channel.current?.postMessage({ type: 'opened', holder } satisfies PageMessage);
        const journalled: Record<string, number> = {};
        for (const e of adopted) {
          lastSeq.current = Math.max(lastSeq.current, e.seq);
          if (e.answer !== undefined) {
            local[e.qCode] = e.answer;
            journalled[e.qCode] = e.seq;
          }
          if (e.flag !== undefined) e.flag ? f.add(e.qCode) : f.delete(e.qCode);
          st[e.qCode] = 'pending';
        }
        // keystrokes kept just before the page went away, newer than what the server and the journal hold
        // (a take-over shows the server's answers: it restores none)
        const restored: { qCode: string; answer: Answer }[] = [];
        if (kind === 'open')
          for (const [qCode, d] of Object.entries(readDrafts(userpaperId))) {
            if (d.seq > (p.seqs[qCode] ?? 0) && d.seq > (journalled[qCode] ?? 0) && open) {
              local[qCode] = d.answer;
              st[qCode] = 'pending';
              restored.push({ qCode, answer: d.answer });
            } else dropDraft(userpaperId, qCode, d.seq);
          }
        pendingDrafts.current = restored;
        setAnswers(local);
        setFlags(f);
        setStates(st);
        setClosed(!open);
        setPaper(p);
      } catch (err) {
        // a read-only page that cannot refresh keeps what it showed
        if (kind === 'open') setLoadError(err instanceof Error ? err.message : '加载失败');
      }
    },
    [userpaperId, holder, setMode, showServer],
  );

  /** Another page holds the attempt: stop, drop what the server would refuse, show the server's answers. */
  const yieldAttempt = useCallback(async () => {
    if (!userpaperId || modeRef.current !== 'active') return;
    setMode('takenOver');
    await dropHeldEntries(userpaperId, holder);
    await load('look');
  }, [userpaperId, holder, setMode, load]);

  const sync = useCallback((): Promise<void> => {
    if (!userpaperId) return Promise.resolve();
    if (running.current) return running.current;
    const mine = (e: JournalEntry) => !e.holder || e.holder === holder;
    const pass = (async () => {
      for (;;) {
        if (modeRef.current !== 'active') break;
        // another tab's entries are its own business (it sends them, or the server refuses them)
        const [next] = (await pendingEntries(userpaperId)).filter(mine);
        if (!next) break;
        try {
          // silent: the page shows its own saved/offline/taken-over state instead of toasts
          await callEnvelope(
            userexamApi.saveAnswer,
            { userpaperId, qCode: next.qCode, answer: next.answer, flag: next.flag, seq: next.seq, holder },
            { silent: true, dedupe: false },
          );
          await deleteEntry(next);
          setOffline(false);
          channel.current?.postMessage({ type: 'changed', holder } satisfies PageMessage);
          const rest = (await pendingEntries(userpaperId)).filter(mine);
          if (!rest.some((e) => e.qCode === next.qCode)) setStates((s) => ({ ...s, [next.qCode]: 'saved' }));
        } catch (err) {
          const code = err instanceof ApiError ? err.envelope?.code : undefined;
          if (!code) {
            setOffline(true);
            break;
          }
          if (code === 'ATTEMPT_SUBMITTED' || code === 'ATTEMPT_TIME_UP' || code === 'ATTEMPT_NOT_FOUND') {
            setClosed(true);
            break;
          }
          if (code === 'ATTEMPT_TAKEN_OVER') {
            await yieldAttempt();
            break;
          }
          // a refused answer (bad format) is dropped so the ones after it still go
          await deleteEntry(next);
          setStates((s) => ({ ...s, [next.qCode]: 'error' }));
        }
      }
    })().finally(() => {
      running.current = null;
    });
    running.current = pass;
    return pass;
  }, [userpaperId, holder, yieldAttempt]);

  /**
   * Before submitting: waits for journal writes still in progress, then syncs until the journal
   * is empty or a pass makes no progress (offline). Answers true when everything reached the server.
   */
  const drain = useCallback(async (): Promise<boolean> => {
    if (!userpaperId) return true;
    await Promise.all([...recording.current]);
    let before = Number.POSITIVE_INFINITY;
    for (;;) {
      await sync();
      if (modeRef.current !== 'active') return false;
      const left = (await pendingEntries(userpaperId)).filter((e) => !e.holder || e.holder === holder).length;
      if (left === 0) return true;
      if (left >= before) return false;
      before = left;
    }
  }, [userpaperId, holder, sync]);

  const record = useCallback(
    async (qCode: string, change: { answer?: Answer; flag?: number }) => {
      if (!userpaperId || modeRef.current !== 'active') return;
      const seq = Math.max(lastSeq.current + 1, Math.floor(serverNow() - base.current));
      lastSeq.current = seq;
      const entry: Omit<JournalEntry, 'key'> = { userpaperId, qCode, seq, holder, ...change };
      const write = putEntry(entry).then(() => {
        if (change.answer !== undefined) dropDraft(userpaperId, qCode, seq);
      });
      recording.current.add(write);
      try {
        await write;
      } finally {
        recording.current.delete(write);
      }
      setStates((s) => ({ ...s, [qCode]: 'pending' }));
      void sync();
    },
    [userpaperId, holder, serverNow, sync],
  );

  const setAnswer = useCallback(
    (qCode: string, answer: Answer, send = true) => {
      if (modeRef.current !== 'active') return;
      // first, synchronously: a reload a moment later still finds this keystroke
      if (userpaperId) putDraft(userpaperId, qCode, { answer, seq: Math.max(lastSeq.current + 1, Math.floor(serverNow() - base.current)) });
      setAnswers((a) => ({ ...a, [qCode]: answer }));
      if (send) void record(qCode, { answer });
      else setStates((s) => ({ ...s, [qCode]: 'pending' }));
    },
    [record, userpaperId, serverNow],
  );

  const toggleFlag = useCallback(
    (qCode: string) => {
      if (modeRef.current !== 'active') return;
      setFlags((f) => {
        const next = new Set(f);
        const on = !next.has(qCode);
        if (on) next.add(qCode);
        else next.delete(qCode);
        void record(qCode, { flag: on ? 1 : 0 });
        return next;
      });
    },
    [record],
  );

  useEffect(() => {
    void load().then(async () => {
      const restored = pendingDrafts.current;
      pendingDrafts.current = [];
      for (const d of restored) await record(d.qCode, { answer: d.answer });
      return sync();
    });
  }, [load, sync, record]);

  // same-browser tabs hear at once when another one opens the attempt (devices learn it from SaveAnswer)
  useEffect(() => {
    if (!userpaperId || typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(`xuetu-exam-${userpaperId}`);
    let follow: number | undefined;
    ch.onmessage = (ev: MessageEvent<PageMessage>) => {
      const m = ev.data;
      if (!m || m.holder === holder) return;
      if (m.type === 'opened') void yieldAttempt();
      else if (m.type === 'changed' && modeRef.current !== 'active' && follow === undefined)
        follow = window.setTimeout(() => {
          follow = undefined;
          void load('look');
        }, FOLLOW_MS);
    };
    channel.current = ch;
    return () => {
      window.clearTimeout(follow);
      channel.current = null;
      ch.close();
    };
  }, [userpaperId, holder, yieldAttempt, load]);

  /** 在此继续作答: this page holds the attempt again and shows the server's answers. */
  const takeOver = useCallback(async () => {
    await load('takeOver');
    if (modeRef.current === 'active') await sync();
  }, [load, sync]);
  /** 只读查看 */
  const readOnly = useCallback(() => setMode('readOnly'), [setMode]);
  /** 刷新 (read-only): the server's answers now */
  const refresh = useCallback(() => load('look'), [load]);
  /** tells read-only tabs of this browser to look again (after the submit) */
  const announce = useCallback(() => channel.current?.postMessage({ type: 'changed', holder } satisfies PageMessage), [holder]);

  useEffect(() => {
    const online = () => {
      setOffline(false);
      void sync();
    };
    const offlineFn = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', offlineFn);
    const timer = window.setInterval(() => void sync(), RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offlineFn);
      window.clearInterval(timer);
    };
  }, [sync]);

  return {
    paper,
    answers,
    flags,
    states,
    offline,
    closed,
    loadError,
    mode,
    holder,
    serverNow,
    setAnswer,
    record,
    toggleFlag,
    sync,
    drain,
    takeOver,
    yieldAttempt,
    readOnly,
    refresh,
    announce,
  };
}
