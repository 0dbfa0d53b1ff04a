import { type ExamPaperView, ExamUserStatus } from '@xuetu/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/request';
import { getExamPaper, saveAnswerEnvelope } from '../../../api/userexam';
import { dropDraft, putDraft, readDrafts } from './drafts';
import { deleteEntry, type JournalEntry, pendingEntries, putEntry } from './journal';

export type SaveState = 'saved' | 'pending' | 'error';
type Answer = string | string[];
const DAY_MS = 24 * 3600 * 1000;
const RETRY_MS = 3000;

/**
 * One attempt in the browser: the paper, local answers and flags, the journal sync and the
 * server-corrected clock. Every change is kept synchronously as a draft (drafts.ts) the moment it
 * is made; answers go to the IndexedDB journal, then to SaveAnswer one at a time in seq order; a
 * network failure leaves them journalled and retries (and on `online`).
 */
export function useAttempt(userpaperId: number | null) {
  const [paper, setPaper] = useState<ExamPaperView | null>(null);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [flags, setFlags] = useState<Set<string>>(new Set());
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const [offline, setOffline] = useState(typeof navigator !== 'undefined' && !navigator.onLine);
  const [closed, setClosed] = useState(false);
  const [loadError, setLoadError] = useState('');
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

  const load = useCallback(async () => {
    if (!userpaperId) return;
    try {
      const p = await getExamPaper(userpaperId);
      offset.current = p.serverNowMs - Date.now();
      // seqs are milliseconds of server time since 24 h before the deadline: increasing across reloads and devices
      base.current = p.deadlineMs - DAY_MS;
      const local: Record<string, Answer> = { ...p.answers };
      const f = new Set(p.flags);
      const st: Record<string, SaveState> = {};
      for (const q of Object.keys(p.answers)) st[q] = 'saved';
      for (const e of await pendingEntries(userpaperId)) {
        lastSeq.current = Math.max(lastSeq.current, e.seq);
        if (e.seq <= (p.seqs[e.qCode] ?? 0)) {
          void deleteEntry(e);
          continue;
        }
        if (e.answer !== undefined) local[e.qCode] = e.answer;
        if (e.flag !== undefined) e.flag ? f.add(e.qCode) : f.delete(e.qCode);
        st[e.qCode] = 'pending';
      }
      for (const s of Object.values(p.seqs)) lastSeq.current = Math.max(lastSeq.current, s);
      // keystrokes kept just before the page went away, newer than what the server and the journal hold
      const journalled: Record<string, number> = {};
      for (const e of await pendingEntries(userpaperId)) if (e.answer !== undefined) journalled[e.qCode] = e.seq;
      const restored: { qCode: string; answer: Answer }[] = [];
      for (const [qCode, d] of Object.entries(readDrafts(userpaperId))) {
        if (d.seq > (p.seqs[qCode] ?? 0) && d.seq > (journalled[qCode] ?? 0) && p.status === ExamUserStatus.InProgress) {
          local[qCode] = d.answer;
          st[qCode] = 'pending';
          restored.push({ qCode, answer: d.answer });
        } else dropDraft(userpaperId, qCode, d.seq);
      }
      pendingDrafts.current = restored;
      setAnswers(local);
      setFlags(f);
      setStates(st);
      setClosed(p.status !== ExamUserStatus.InProgress);
      setPaper(p);
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : '加载失败');
    }
  }, [userpaperId]);

  const sync = useCallback((): Promise<void> => {
    if (!userpaperId) return Promise.resolve();
    if (running.current) return running.current;
    const pass = (async () => {
      for (;;) {
        const [next] = await pendingEntries(userpaperId);
        if (!next) break;
        try {
          await saveAnswerEnvelope({ userpaperId, qCode: next.qCode, answer: next.answer, flag: next.flag, seq: next.seq });
          await deleteEntry(next);
          setOffline(false);
          const rest = await pendingEntries(userpaperId);
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
  }, [userpaperId]);

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
      const left = (await pendingEntries(userpaperId)).length;
      if (left === 0) return true;
      if (left >= before) return false;
      before = left;
    }
  }, [userpaperId, sync]);

  const record = useCallback(
    async (qCode: string, change: { answer?: Answer; flag?: number }) => {
      if (!userpaperId) return;
      const seq = Math.max(lastSeq.current + 1, Math.floor(serverNow() - base.current));
      lastSeq.current = seq;
      const entry: Omit<JournalEntry, 'key'> = { userpaperId, qCode, seq, ...change };
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
    [userpaperId, serverNow, sync],
  );

  const setAnswer = useCallback(
    (qCode: string, answer: Answer, send = true) => {
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

  return { paper, answers, flags, states, offline, closed, loadError, serverNow, setAnswer, record, toggleFlag, sync, drain };
}
