import { describe, expect, it } from 'vitest';
import { err, other, own, platform, tech } from '../../../test/policy-kit.ts';
import { authorize, can } from './exams.policy.ts';

describe('exam authoring policy', () => {
  it('another company exam, paper or directory answers like a missing one', () => {
    expect(can(tech, 'manageExam', own)).toBe(true);
    expect(() => authorize(tech, 'manageExam', other)).toThrow(err('EXAM_NOT_FOUND'));
    expect(() => authorize(tech, 'managePaper', other)).toThrow(err('PAPER_NOT_FOUND'));
    expect(() => authorize(tech, 'manageDir', other)).toThrow(err('EXAM_DIR_NOT_FOUND'));
    expect(can(platform, 'manageExam', other)).toBe(true);
  });

  it('an exam somebody started and a paper an exam uses are not deleted', () => {
    expect(can(tech, 'deleteExam', { ...own, attemptCount: 0 })).toBe(true);
    expect(() => authorize(tech, 'deleteExam', { ...own, attemptCount: 1 })).toThrow(err('EXAM_STARTED'));
    expect(can(tech, 'deletePaper', { ...own, examCount: 0 })).toBe(true);
    expect(() => authorize(tech, 'deletePaper', { ...own, examCount: 2 })).toThrow(err('PAPER_IN_USE'));
  });

  it('a directory sits under one of its own company and is deleted only when empty', () => {
    expect(can(tech, 'placeDirUnder', { company: 'C-TECH', parent: own })).toBe(true);
    expect(() => authorize(tech, 'placeDirUnder', { company: 'C-TECH', parent: other })).toThrow(err('EXAM_DIR_NOT_FOUND'));
    expect(() => authorize(tech, 'placeDirUnder', { company: 'C-TECH', parent: undefined })).toThrow(err('EXAM_DIR_NOT_FOUND'));
    expect(can(tech, 'deleteDir', { ...own, questions: 0, subtree: 1 })).toBe(true);
    expect(() => authorize(tech, 'deleteDir', { ...own, questions: 3, subtree: 1 })).toThrow(err('EXAM_DIR_HAS_QUESTIONS'));
    expect(() => authorize(tech, 'deleteDir', { ...own, questions: 0, subtree: 2 })).toThrow(err('EXAM_DIR_HAS_CHILDREN'));
  });
});
