// Project progress arithmetic (docs/adr/0018-training-projects.md), pure so it is tested on its own.

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (Asia/Shanghai, yyyy-MM-dd) of an instant: res_study_day's day. */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (yyyy-MM-dd): b − a. */
export function dayDiff(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** Seconds as hours with two decimals, rounded down (a card never shows more than was credited). */
export function hoursOf(seconds: number): number {
  return Math.floor(Math.max(0, seconds) / 36) / 100;
}

/** Seconds as hours with two decimals, rounded up (a target is never understated). */
function hoursUp(seconds: number): number {
  return Math.ceil(Math.max(0, seconds) / 36) / 100;
}

/** Days of the period left, today included; the whole period before it starts; 0 once it has ended. */
export function leftDays(startDate: string, endDate: string, today: string): number {
  if (today > endDate) return 0;
  if (today < startDate) return dayDiff(startDate, endDate) + 1;
  return dayDiff(today, endDate) + 1;
}

export interface ProgressInput {
  startDate: string;
  endDate: string;
  checkHrs: number;
  /** 1 hours only, 2 hours and exams */
  reachRule: number;
  /** yyyy-MM-dd, Asia/Shanghai */
  today: string;
  /** credited seconds on the project's resources on days within the period */
  periodSeconds: number;
  /** of those, today's */
  todaySeconds: number;
  /** every linked exam passed (true when none is linked) */
  examsPassed: boolean;
}

export interface Progress {
  leftDays: number;
  getHrs: number;
  reachState: number;
  reachProgress: number;
  todayHrs: number;
  todayTargetHrs: number;
  todayProgress: number;
}

/**
 * - getHrs: period seconds in hours (2 decimals, down).
 * - reachProgress: period seconds against checkHrs in whole %, down, at most 100 (100 when checkHrs is 0).
 * - reachState: 1 when the hours are reached (and, rule 2, every linked exam passed).
 * - today's target: what was still missing at the start of today, spread evenly over the days
 *   left (today included); todayProgress is today's seconds against it in whole %, at most 100.
 *   Nothing missing → 100. Before the period: target 0, progress 0. After it: 100 if the hours
 *   were reached, else 0.
 */
export function projectProgress(p: ProgressInput): Progress {
  const required = Math.round(p.checkHrs * 3600);
  const hoursReached = p.periodSeconds >= required;
  const left = leftDays(p.startDate, p.endDate, p.today);
  const base = {
    leftDays: left,
    getHrs: hoursOf(p.periodSeconds),
    reachState: hoursReached && (p.reachRule !== 2 || p.examsPassed) ? 1 : 0,
    reachProgress: required <= 0 ? 100 : Math.min(100, Math.floor((p.periodSeconds * 100) / required)),
  };
  if (p.today < p.startDate) return { ...base, todayHrs: 0, todayTargetHrs: 0, todayProgress: 0 };
  if (p.today > p.endDate) return { ...base, todayHrs: 0, todayTargetHrs: 0, todayProgress: hoursReached ? 100 : 0 };
  const missingAtDawn = Math.max(0, required - (p.periodSeconds - p.todaySeconds));
  const target = missingAtDawn / left;
  return {
    ...base,
    todayHrs: hoursOf(p.todaySeconds),
    todayTargetHrs: hoursUp(target),
    todayProgress: target <= 0 ? 100 : Math.min(100, Math.floor((p.todaySeconds * 100) / target)),
  };
}

/** Speeds stored as a comma list. */
export function parseSpeeds(list: string): number[] {
  const out = list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
  return out.length ? [...new Set(out)].sort((a, b) => a - b) : [1];
}
