import { describe, expect, it } from 'vitest';
import type { Subject } from '../../../platform/policy.ts';
import { authorize, can } from './notices.policy.ts';

const platform: Subject = { actor: null, scope: { all: true } };
const tech: Subject = { actor: null, scope: { all: false, companySysCode: 'C-TECH' } };

describe('notice policy', () => {
  it('lets a company administrator manage their own company notices only', () => {
    expect(can(tech, 'manage', { companySysCode: 'C-TECH' })).toBe(true);
    expect(can(tech, 'manage', { companySysCode: 'C-LOGI' })).toBe(false);
    expect(can(tech, 'manage', { companySysCode: null })).toBe(false);
    expect(() => authorize(tech, 'manage', { companySysCode: 'C-LOGI' })).toThrow(expect.objectContaining({ code: 'NOTICE_NOT_FOUND' }));
  });

  it('lets platform staff manage every notice, platform-wide ones too', () => {
    expect(can(platform, 'manage', { companySysCode: null })).toBe(true);
    expect(can(platform, 'manage', { companySysCode: 'C-LOGI' })).toBe(true);
  });

  it('files a company administrator notice under their own company only', () => {
    expect(can(tech, 'fileUnder', { companySysCode: null })).toBe(true);
    expect(can(tech, 'fileUnder', { companySysCode: 'C-TECH' })).toBe(true);
    expect(() => authorize(tech, 'fileUnder', { companySysCode: 'C-LOGI' })).toThrow(
      expect.objectContaining({ code: 'CONTENT_COMPANY_DENIED' }),
    );
    expect(can(platform, 'fileUnder', { companySysCode: 'C-LOGI' })).toBe(true);
  });
});
