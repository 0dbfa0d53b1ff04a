import { describe, expect, it } from 'vitest';
import {
  type CourseStudy,
  chinaDay,
  courseCreditSeconds,
  dayDiff,
  hoursOf,
  leftDays,
  parseSpeeds,
  projectCredit,
  projectProgress,
} from './progress.ts';

const base = { startDate: '2030-03-01', endDate: '2030-03-10', checkHrs: 10, reachRule: 1, examsPassed: true };

describe('project progress arithmetic', () => {
  it('the China calendar day of an instant', () => {
    expect(chinaDay(new Date('2030-03-01T15:59:59Z'))).toBe('2030-03-01');
    expect(chinaDay(new Date('2030-03-01T16:00:00Z'))).toBe('2030-03-02');
    expect(dayDiff('2030-02-27', '2030-03-02')).toBe(3);
  });

  it('days left across the edges of the period (today included)', () => {
    expect(leftDays('2030-03-01', '2030-03-10', '2030-02-20')).toBe(10); // before: the whole period
    expect(leftDays('2030-03-01', '2030-03-10', '2030-03-01')).toBe(10); // first day
    expect(leftDays('2030-03-01', '2030-03-10', '2030-03-09')).toBe(2);
    expect(leftDays('2030-03-01', '2030-03-10', '2030-03-10')).toBe(1); // last day still counts
    expect(leftDays('2030-03-01', '2030-03-10', '2030-03-11')).toBe(0); // ended
    expect(leftDays('2030-03-01', '2030-03-01', '2030-03-01')).toBe(1); // a one-day project
  });

  it('hours have two decimals, rounded down', () => {
    expect(hoursOf(3600)).toBe(1);
    expect(hoursOf(3599)).toBe(0.99);
    expect(hoursOf(5400)).toBe(1.5);
    expect(hoursOf(35)).toBe(0);
    expect(hoursOf(-5)).toBe(0);
  });

  it('reach state and progress', () => {
    const at = (periodSeconds: number, extra = {}) =>
      projectProgress({ ...base, today: '2030-03-05', periodSeconds, todaySeconds: 0, ...extra });
    expect(at(0)).toMatchObject({ getHrs: 0, reachState: 0, reachProgress: 0 });
    expect(at(18_000)).toMatchObject({ getHrs: 5, reachState: 0, reachProgress: 50 });
    expect(at(35_999)).toMatchObject({ getHrs: 9.99, reachState: 0, reachProgress: 99 }); // never rounds up to reached
    expect(at(36_000)).toMatchObject({ getHrs: 10, reachState: 1, reachProgress: 100 });
    expect(at(50_000)).toMatchObject({ reachState: 1, reachProgress: 100 }); // capped
    expect(at(0, { checkHrs: 0 })).toMatchObject({ reachState: 1, reachProgress: 100 });
    // rule 2: hours alone are not enough
    expect(at(36_000, { reachRule: 2, examsPassed: false })).toMatchObject({ reachState: 0, reachProgress: 100 });
    expect(at(36_000, { reachRule: 2, examsPassed: true })).toMatchObject({ reachState: 1 });
  });

  it("today's target spreads what was missing at dawn over the days left", () => {
    // day 5 of 10: 6 days left; 4 h earned before today, 6 h missing → 1 h a day
    const p = projectProgress({ ...base, today: '2030-03-05', periodSeconds: 4 * 3600 + 1800, todaySeconds: 1800 });
    expect(p).toMatchObject({ leftDays: 6, todayTargetHrs: 1, todayHrs: 0.5, todayProgress: 50 });
    // today's study beyond the target is capped at 100
    expect(projectProgress({ ...base, today: '2030-03-05', periodSeconds: 8 * 3600, todaySeconds: 4 * 3600 }).todayProgress).toBe(100);
    // the last day: everything missing is today's target
    expect(projectProgress({ ...base, today: '2030-03-10', periodSeconds: 9 * 3600, todaySeconds: 0 })).toMatchObject({
      leftDays: 1,
      todayTargetHrs: 1,
      todayProgress: 0,
    });
    // nothing missing → 100 even without studying today
    expect(projectProgress({ ...base, today: '2030-03-06', periodSeconds: 10 * 3600, todaySeconds: 0 })).toMatchObject({
      todayTargetHrs: 0,
      todayProgress: 100,
    });
    // a target that does not divide evenly is rounded up (10 h over 3 days → 3.34 h)
    expect(projectProgress({ ...base, today: '2030-03-08', periodSeconds: 0, todaySeconds: 0 }).todayTargetHrs).toBe(3.34);
  });

  it('before and after the period', () => {
    expect(projectProgress({ ...base, today: '2030-02-28', periodSeconds: 0, todaySeconds: 0 })).toMatchObject({
      leftDays: 10,
      todayProgress: 0,
      todayTargetHrs: 0,
    });
    expect(projectProgress({ ...base, today: '2030-03-11', periodSeconds: 36_000, todaySeconds: 0 })).toMatchObject({
      leftDays: 0,
      reachState: 1,
      todayProgress: 100,
    });
    expect(projectProgress({ ...base, today: '2030-03-11', periodSeconds: 100, todaySeconds: 0 })).toMatchObject({
      leftDays: 0,
      todayProgress: 0,
    });
  });

  it('a course credits its declared 学时 once completed, else its time up to them; without 学时 its time', () => {
    expect(courseCreditSeconds(1, 20, true)).toBe(3600);
    expect(courseCreditSeconds(1, 20, false)).toBe(20);
    expect(courseCreditSeconds(1, 5400, false)).toBe(3600);
    expect(courseCreditSeconds(0.33, 5400, true)).toBe(1188);
    expect(courseCreditSeconds(0, 1800, true)).toBe(1800);
    expect(courseCreditSeconds(0, 1800, false)).toBe(1800);
  });

  it("a project's credit: completions within the period only, today's part, the last day", () => {
    const period = { startDate: '2030-03-01', endDate: '2030-03-10' };
    const c = (extra: Partial<CourseStudy>): CourseStudy => ({
      resId: 1,
      creditHours: 1,
      periodSeconds: 0,
      todaySeconds: 0,
      completedDay: '',
      lastDay: '',
      ...extra,
    });
    // completed today after 20 s: all of the hour is today's
    const today = projectCredit(
      [c({ periodSeconds: 20, todaySeconds: 20, completedDay: '2030-03-05', lastDay: '2030-03-05' })],
      period,
      '2030-03-05',
    );
    expect(today).toMatchObject({ periodSeconds: 3600, todaySeconds: 3600, lastDay: '2030-03-05' });
    expect(projectProgress({ ...base, checkHrs: 1, today: '2030-03-05', periodSeconds: 3600, todaySeconds: 3600 })).toMatchObject({
      getHrs: 1,
      reachState: 1,
      reachProgress: 100,
      todayProgress: 100,
    });
    // completed yesterday: nothing of it is today's
    expect(projectCredit([c({ periodSeconds: 20, completedDay: '2030-03-04' })], period, '2030-03-05')).toMatchObject({
      periodSeconds: 3600,
      todaySeconds: 0,
      lastDay: '2030-03-04',
    });
    // today's study on a capped course adds only up to the cap
    expect(projectCredit([c({ periodSeconds: 4000, todaySeconds: 1000 })], period, '2030-03-05')).toMatchObject({
      periodSeconds: 3600,
      todaySeconds: 600,
    });
    // completed before or after the period: the time studied in it
    for (const completedDay of ['2030-02-28', '2030-03-11'])
      expect(projectCredit([c({ periodSeconds: 600, completedDay, lastDay: '2030-03-02' })], period, '2030-03-12')).toMatchObject({
        periodSeconds: 600,
        lastDay: '2030-03-02',
      });
    // per course, and a course without 学时
    const two = projectCredit(
      [c({ resId: 1, completedDay: '2030-03-01' }), c({ resId: 2, creditHours: 0, periodSeconds: 900 })],
      period,
      '2030-03-05',
    );
    expect([two.periodSeconds, two.byRes.get(1), two.byRes.get(2)]).toEqual([4500, 3600, 900]);
  });

  it('speed lists', () => {
    expect(parseSpeeds('1.5,0.5,1')).toEqual([0.5, 1, 1.5]);
    expect(parseSpeeds('')).toEqual([1]);
  });
});
