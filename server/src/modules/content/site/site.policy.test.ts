import { describe, expect, it } from 'vitest';
import { err, platform, tech } from '../../../../test/policy-kit.ts';
import { authorize, can } from './site.policy.ts';

describe('content policy', () => {
  it('a company administrator manages their own company regulations only', () => {
    expect(can(tech, 'manageRegulation', { companySysCode: 'C-TECH' })).toBe(true);
    expect(() => authorize(tech, 'manageRegulation', { companySysCode: 'C-LOGI' })).toThrow(err('REGULATION_NOT_FOUND'));
    expect(() => authorize(tech, 'manageRegulation', { companySysCode: null })).toThrow(err('REGULATION_NOT_FOUND'));
    expect(can(platform, 'manageRegulation', { companySysCode: null })).toBe(true);
  });

  it('files under the own company (or none, meaning their own) unless platform staff', () => {
    expect(can(tech, 'fileUnder', { companySysCode: '' })).toBe(true);
    expect(can(tech, 'fileUnder', { companySysCode: 'C-TECH' })).toBe(true);
    expect(() => authorize(tech, 'fileUnder', { companySysCode: 'C-LOGI' })).toThrow(err('CONTENT_COMPANY_DENIED'));
    expect(can(platform, 'fileUnder', { companySysCode: 'C-LOGI' })).toBe(true);
  });
});
