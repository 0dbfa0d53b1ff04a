import { Perm } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { err, other, own, testActor } from '../../../test/policy-kit.ts';
import type { Subject } from '../../platform/policy.ts';
import { authorize, can } from './exam-taking.policy.ts';

const person = (userId: number, companySysCode: string, actions: string[]) => testActor({ userId, companySysCode, actions });
const tech = { all: false, companySysCode: 'C-TECH' } as const;
const marker: Subject = { actor: person(1, 'C-TECH', [Perm.ExamMark]), scope: tech };
const learner: Subject = { actor: person(2, 'C-TECH', []), scope: tech };
const platform: Subject = { actor: person(3, 'C-TECH', [Perm.ExamResultList]), scope: { all: true } };

describe('exam taking and marking policy', () => {
  it('the administrator side is limited to the exam company; another company exam answers like a missing one', () => {
    expect(can(marker, 'administer', own)).toBe(true);
    expect(() => authorize(marker, 'administer', other)).toThrow(err('EXAM_NOT_FOUND'));
    expect(can(platform, 'administer', other)).toBe(true);
  });

  it('an exam is previewed unassigned only by a result reader of its company', () => {
    expect(can(marker, 'previewExam', own)).toBe(true);
    expect(() => authorize(learner, 'previewExam', own)).toThrow(err('EXAM_NOT_FOUND'));
    expect(() => authorize(marker, 'previewExam', other)).toThrow(err('EXAM_NOT_FOUND'));
  });

  it('marks only submitted attempts of the caller company', () => {
    expect(can(marker, 'mark', { ...own, userId: 2, status: 30 })).toBe(true);
    expect(() => authorize(marker, 'mark', { ...own, userId: 2, status: 20 })).toThrow(err('MARK_NOT_SUBMITTED'));
    expect(() => authorize(marker, 'mark', { ...other, userId: 2, status: 30 })).toThrow(err('ATTEMPT_NOT_FOUND'));
  });

  it('a result is read by its learner, or by a result reader of the company', () => {
    const attempt = { ...own, userId: 2, status: 30 };
    expect(can(learner, 'readResult', attempt)).toBe(true);
    expect(can(marker, 'readResult', attempt)).toBe(true);
    expect(() => authorize(learner, 'readResult', { ...attempt, userId: 9 })).toThrow(err('ATTEMPT_NOT_FOUND'));
    expect(() => authorize(marker, 'readResult', { ...other, userId: 2, status: 30 })).toThrow(err('ATTEMPT_NOT_FOUND'));
    // a learner of another company reads their own attempt (the owner decides, not the company)
    expect(can({ ...learner, scope: { all: false, companySysCode: 'C-LOGI' } }, 'readResult', attempt)).toBe(true);
  });

  it('an attempt is taken only by its owner, whatever their role', () => {
    expect(can(learner, 'take', { userId: 2 })).toBe(true);
    expect(() => authorize(marker, 'take', { userId: 2 })).toThrow(err('ATTEMPT_NOT_FOUND'));
    expect(() => authorize(platform, 'take', { userId: 2 })).toThrow(err('ATTEMPT_NOT_FOUND'));
  });
});
