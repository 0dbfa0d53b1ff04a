/**
 * Where every service reads the time. Business times are passed into SQL from here (never
 * `now()` in SQL), so tests move time with a ManualClock instead of sleeping or rewriting rows.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told to (tests). */
export class ManualClock implements Clock {
  private ms: number;

  constructor(start: Date | string | number = Date.now()) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(at: Date | string | number): void {
    this.ms = new Date(at).getTime();
  }

  advance(ms: number): Date {
    this.ms += ms;
    return this.now();
  }
}

/** lru-cache's time source (`perf`) read from a Clock: entries age with the app's clock (a ManualClock in tests). */
export function perfOf(clock: Clock): { now(): number } {
  return { now: () => clock.now().getTime() };
}
