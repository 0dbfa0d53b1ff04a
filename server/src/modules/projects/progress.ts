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

/**
 * One course of a project for one learner, as `studyTotals` reads it: the 学时 the administrator
 * declared for the course (0 = none), the study seconds credited on it on days within the
 * project's period (res_study_day), today's part of them, the day (Asia/Shanghai) the learner
 * completed it ('' = not completed) and the last day within the period they studied it.
 */
export interface CourseStudy {
  resId: number;
  creditHours: number;
  periodSeconds: number;
  todaySeconds: number;
  completedDay: string;
  lastDay: string;
}

/**
 * What one course credits to a project, in seconds (the ADR 0018 amendment "Crediting by rule"):
 * completed within the period → its declared 学时 in full; not (yet) completed → the time studied
 * within the period, at most its declared 学时; no declared 学时 → the time studied.
 */
export function courseCreditSeconds(declaredHours: number, studiedSeconds: number, completed: boolean): number {
  const declared = Math.round(Math.max(0, declaredHours) * 3600);
  const studied = Math.max(0, studiedSeconds);
  if (declared <= 0) return studied;
  return completed ? declared : Math.min(studied, declared);
}

export interface ProjectCredit {
  /** seconds credited to the project by its courses (the rule above) */
  periodSeconds: number;
  /** of those, what today added: the credit now minus the credit at the start of today */
  todaySeconds: number;
  /** the last day within the period the learner studied or completed one of the courses ('' none) */
  lastDay: string;
  /** per course (resId) */
  byRes: Map<number, number>;
}

/** A learner's credit in a project from their study of its courses, as of `today`. */
export function projectCredit(courses: CourseStudy[], period: { startDate: string; endDate: string }, today: string): ProjectCredit {
  const out: ProjectCredit = { periodSeconds: 0, todaySeconds: 0, lastDay: '', byRes: new Map() };
  for (const c of courses) {
    const doneInPeriod = c.completedDay !== '' && period.startDate <= c.completedDay && c.completedDay <= period.endDate;
    const now = courseCreditSeconds(c.creditHours, c.periodSeconds, doneInPeriod);
    const atDawn = courseCreditSeconds(c.creditHours, c.periodSeconds - c.todaySeconds, doneInPeriod && c.completedDay < today);
    out.periodSeconds += now;
    out.todaySeconds += Math.max(0, now - atDawn);
    out.byRes.set(c.resId, (out.byRes.get(c.resId) ?? 0) + now);
    for (const day of [c.lastDay, doneInPeriod ? c.completedDay : '']) if (day > out.lastDay) out.lastDay = day;
  }
  return out;
}

export interface ProgressInput {
  startDate: string;
  endDate: string;
  checkHrs: number;
  /** 1 hours only, 2 hours and exams */
  reachRule: number;
  /** yyyy-MM-dd, Asia/Shanghai */
  today: string;
  /** seconds credited to the project by its courses (projectCredit) */
  periodSeconds: number;
  /** of those, what today added */
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
 * - getHrs: the project's credited seconds (projectCredit) in hours (2 decimals, down).
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

/**
 * A person's progress in a project from what was read for many at once: the study totals by
 * `${projectId}:${userId}` (projects.repository studyTotals) and the linked exams' standings
 * (linked-exams.ts; by rule 2 every one must be passed). The learner's card and the completions
 * certificates ask for (completion.ts) both come through here.
 */
export function personProgress(
  p: { id: number; startDate: string; endDate: string; checkHrs: number | string; reachRule: number },
  userId: number,
  totals: Map<string, { periodSeconds: number; todaySeconds: number }>,
  exams: (projectId: number, userId: number) => { passed: boolean }[],
  today: string,
): Progress {
  const t = totals.get(`${p.id}:${userId}`);
  return projectProgress({
    startDate: p.startDate,
    endDate: p.endDate,
    checkHrs: Number(p.checkHrs),
    reachRule: p.reachRule,
    today,
    periodSeconds: t?.periodSeconds ?? 0,
    todaySeconds: t?.todaySeconds ?? 0,
    examsPassed: p.reachRule === 2 ? exams(p.id, userId).every((x) => x.passed) : true,
  });
}
