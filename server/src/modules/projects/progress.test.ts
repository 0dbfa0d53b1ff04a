import { describe, expect, it } from 'vitest';
import { chinaDay, dayDiff, hoursOf, leftDays, parseSpeeds, projectProgress } from './progress.ts';

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

  it('speed lists', () => {
    expect(parseSpeeds('1.5,0.5,1')).toEqual([0.5, 1, 1.5]);
    expect(parseSpeeds('')).toEqual([1]);
  });
});
