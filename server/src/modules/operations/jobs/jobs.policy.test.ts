import { describe, expect, it } from 'vitest';
import type { Subject } from '../../../platform/policy.ts';
import { authorize, can } from './jobs.policy.ts';

describe('job queue policy', () => {
  it('only a caller who sees every company manages the queue', () => {
    const platform: Subject = { actor: null, scope: { all: true } };
    const company: Subject = { actor: null, scope: { all: false, companySysCode: 'C-TECH' } };
    expect(can(platform, 'manage', null)).toBe(true);
    expect(() => authorize(company, 'manage', null)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
