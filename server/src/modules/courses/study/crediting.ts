/**
 * The crediting rule of a Study heartbeat (ADR 0017), free of I/O so it can be reasoned about
 * and tested alone. The server's clock is the only source of time: a beat earns at most the
 * wall-clock time since the session's mark (the previous accepted beat) times the allowed
 * speed, with the wall time capped at the interval plus a grace, and never more than the
 * seconds the media has left to credit. Whole seconds are credited; the mark moves by exactly
 * the wall time those seconds used, so fractions carry over to the next beat instead of being
 * lost (and never counted twice). When the cap or the remaining duration cut the credit, the
 * mark moves to now: time beyond them is not owed later.
 */
export const STUDY_GRACE_SECONDS = 5;

export interface CreditInput {
  /** the session's mark (ms) */
  markMs: number;
  nowMs: number;
  claimedSpeed: number;
  maxSpeed: number;
  intervalSeconds: number;
  /** media duration minus the seconds already credited */
  remainingSeconds: number;
  /**
   * the anti-idle guard (ADR 0058): the learner's last activity the server knows of (after this
   * beat's report, ms), the company's limit (ms, 0 = off) and whether a presence check waits.
   * Absent = no guard.
   */
  guard?: { activeMs: number; idleMs: number; pending: boolean };
}

/**
 * Whether this beat passes the idle limit: the learner has done nothing for longer than the
 * company allows (ADR 0058). The beat credits at most up to the limit and a presence check is due.
 */
export function idleTripped(c: Pick<CreditInput, 'nowMs' | 'guard'>): boolean {
  const g = c.guard;
  return Boolean(g && g.idleMs > 0 && c.nowMs > g.activeMs + g.idleMs);
}

export function creditBeat(c: CreditInput): { seconds: number; markMs: number } {
  const elapsed = c.nowMs - c.markMs;
  // a beat at (or before) the mark — simultaneous or out of order — earns nothing, moves nothing
  if (!(elapsed > 0)) return { seconds: 0, markMs: c.markMs };
  const speed = Math.max(0, Math.min(c.claimedSpeed, c.maxSpeed));
  const capMs = (c.intervalSeconds + STUDY_GRACE_SECONDS) * 1000;
  const pending = Boolean(c.guard?.pending);
  const tripped = idleTripped(c);
  // while a check waits nothing counts; past the idle limit only the time up to it
  const counted = pending ? 0 : tripped && c.guard ? Math.max(0, Math.min(elapsed, c.guard.activeMs + c.guard.idleMs - c.markMs)) : elapsed;
  let cut = elapsed > capMs || pending || tripped;
  const wallMs = Math.min(counted, capMs);
  let seconds = Math.floor((wallMs * speed) / 1000 + 1e-9);
  const remaining = Math.max(0, Math.floor(c.remainingSeconds));
  if (seconds >= remaining) {
    seconds = remaining;
    cut = true;
  }
  if (cut || speed <= 0) return { seconds, markMs: c.nowMs };
  return { seconds, markMs: c.markMs + Math.ceil((seconds * 1000) / speed) };
}

/** The calendar day (YYYY-MM-DD) in Asia/Shanghai (UTC+8, no daylight saving) of an instant. */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
