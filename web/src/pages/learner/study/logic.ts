import type { Envelope } from '@xuetu/contract';
import { STUDY_SPEEDS, type StudyBeatAnswer } from '@xuetu/contract';

/** The speeds the menu offers: the usual ones up to the allowed maximum. */
export function allowedSpeeds(maxSpeed: number): number[] {
  const list = STUDY_SPEEDS.filter((s) => s <= maxSpeed + 1e-9);
  return list.length ? [...list] : [1];
}

/**
 * Where a seek may land. Seeking back is always fine; ahead of the furthest point watched only
 * when the rules allow it (a second of slack for the player's own rounding). Answers the
 * position to jump back to, or null when the seek stands.
 */
export function seekGuard(target: number, furthest: number, allowSeekAhead: boolean): number | null {
  if (allowSeekAhead || target <= furthest + 1) return null;
  return furthest;
}

/** m:ss or h:mm:ss */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A viewing-session id: new for every stretch of playing (pausing ends a stretch). */
export function newGuid(): string {
  const rnd =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : Math.random().toString(36).slice(2);
  return `w${Date.now().toString(36)}${rnd}`.slice(0, 40);
}

export interface HeartbeatDeps {
  rescode: string;
  /** the lesson playing (ADR 0022); the position is within it */
  lesson?: number;
  intervalSeconds: number;
  send: (body: {
    rescode: string;
    guid: string;
    speed: number;
    position: number;
    lesson?: number;
    idle?: number;
  }) => Promise<Envelope<StudyBeatAnswer>>;
  position: () => number;
  speed: () => number;
  /** seconds since the learner last touched the page (ADR 0058): the server decides the idle limit from it */
  idle?: () => number;
  onAnswer: (a: StudyBeatAnswer) => void;
  onTakenOver: (msg: string) => void;
  /** the server started a presence check: the number to tap (ADR 0058) */
  onPresence?: (code: number) => void;
}

/**
 * The player's side of study tracking (ADR 0017). Each stretch of playing is one viewing
 * session: `play` opens it with a fresh guid (the opening beat earns nothing, so paused time is
 * never claimed), beats follow every interval, `pause`/`end` send the closing beat. The server
 * decides what is credited; when it answers takenOver another window has the session: stop.
 */
export class StudyHeartbeat {
  guid = '';
  private timer: ReturnType<typeof setInterval> | undefined;
  private playing = false;
  private stopped = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: HeartbeatDeps) {}

  get active(): boolean {
    return this.playing;
  }

  play(): void {
    if (this.playing) return;
    this.playing = true;
    this.stopped = false;
    this.guid = newGuid();
    void this.beat();
    this.timer = setInterval(() => void this.beat(), Math.max(1, this.deps.intervalSeconds) * 1000);
  }

  /** Ends the stretch: one last beat credits the time up to now. */
  pause(): Promise<unknown> {
    if (!this.playing) return this.queue;
    this.playing = false;
    clearInterval(this.timer);
    return this.beat();
  }

  /** Stops without a closing beat (the page is leaving, or another window took over). */
  dispose(): void {
    this.playing = false;
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Beats go out one after another, in order (the server credits by its own clock). */
  beat(): Promise<unknown> {
    if (this.stopped) return this.queue;
    const guid = this.guid;
    this.queue = this.queue.then(async () => {
      if (this.stopped || guid !== this.guid) return;
      try {
        const env = await this.deps.send({
          rescode: this.deps.rescode,
          guid,
          speed: this.deps.speed(),
          position: Math.floor(this.deps.position()),
          ...(this.deps.lesson ? { lesson: this.deps.lesson } : {}),
          ...(this.deps.idle ? { idle: Math.max(0, Math.floor(this.deps.idle())) } : {}),
        });
        if (env.data?.takenOver) {
          this.dispose();
          this.deps.onTakenOver(env.msg || '已在其他窗口或设备继续学习');
          return;
        }
        this.deps.onAnswer(env.data);
        if (env.data?.presence > 0) this.deps.onPresence?.(env.data.presence);
      } catch {
        // a failed beat is just not credited; the next one measures from the last accepted one
      }
    });
    return this.queue;
  }
}
