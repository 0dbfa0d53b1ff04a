import { describe, expect, it } from 'vitest';
import { missingText } from './index';

describe('what a project still needs', () => {
  it('names the hours missing (rounded up to 0.01 h) and, under rule 2, the exams not passed', () => {
    expect(missingText({ checkHrs: 2, getHrs: 0, reachState: 0, reachRule: 1, exams: [] })).toBe('（还差 2 学时）');
    expect(missingText({ checkHrs: 1, getHrs: 0.333, reachState: 0, reachRule: 1, exams: [{ passed: 0 }] })).toBe('（还差 0.67 学时）');
    expect(missingText({ checkHrs: 1, getHrs: 1, reachState: 0, reachRule: 2, exams: [{ passed: 0 }, { passed: 1 }] })).toBe(
      '（还需通过 1 场考试）',
    );
    expect(missingText({ checkHrs: 1, getHrs: 1.2, reachState: 1, reachRule: 2, exams: [] })).toBe('（已达标）');
  });
});
