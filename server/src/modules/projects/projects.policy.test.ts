import { ProjectStatus } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { err, platform, tech } from '../../../test/policy-kit.ts';
import { authorize, can } from './projects.policy.ts';

const project = (companySysCode: string, status: number = ProjectStatus.Draft) => ({ companySysCode, status });

describe('project policy', () => {
  it('another company project answers like a missing one', () => {
    expect(can(tech, 'read', project('C-TECH'))).toBe(true);
    expect(() => authorize(tech, 'read', project('C-LOGI'))).toThrow(err('PROJECT_NOT_FOUND'));
    expect(() => authorize(tech, 'change', project('C-LOGI'))).toThrow(err('PROJECT_NOT_FOUND'));
    expect(() => authorize(tech, 'delete', { ...project('C-LOGI'), enrolled: 0 })).toThrow(err('PROJECT_NOT_FOUND'));
    expect(can(platform, 'change', project('C-LOGI'))).toBe(true);
  });

  it('a closed project takes no more changes', () => {
    expect(can(tech, 'change', project('C-TECH', ProjectStatus.Published))).toBe(true);
    expect(() => authorize(tech, 'change', project('C-TECH', ProjectStatus.Closed))).toThrow(err('PROJECT_CLOSED'));
  });

  it('a project with enrolled learners is not deleted', () => {
    expect(can(tech, 'delete', { ...project('C-TECH'), enrolled: 0 })).toBe(true);
    expect(() => authorize(tech, 'delete', { ...project('C-TECH'), enrolled: 2 })).toThrow(err('PROJECT_HAS_ENROLMENTS'));
  });
});
