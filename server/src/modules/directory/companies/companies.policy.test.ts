import { Perm, SysRole } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../platform/actor.ts';
import { subjectOf } from '../../../platform/policy.ts';
import { authorize, can } from './companies.policy.ts';

const who = (sysRoles: number[], companySysCode: string | null, actions: string[]) =>
  subjectOf({ userId: 1, sysRoles, companySysCode, actions } as unknown as Actor);
const err = (code: string) => expect.objectContaining({ code });

describe('company policy', () => {
  it('is for platform staff only, whatever a custom role grants', () => {
    const corp = who([SysRole.CompanyAdmin], 'C-TECH', [Perm.CompanyAdd, Perm.CompanyEdit, Perm.CompanyStatus]);
    expect(() => authorize(corp, 'save', { companySysCode: '' })).toThrow(err('FORBIDDEN'));
    expect(() => authorize(corp, 'save', { companySysCode: 'C-TECH' })).toThrow(err('FORBIDDEN'));
    expect(() => authorize(corp, 'toggleStatus', { companySysCode: 'C-TECH' })).toThrow(err('FORBIDDEN'));
  });

  it('adds with 新增 and edits with 修改', () => {
    const adder = who([SysRole.PlatformOperator], null, [Perm.CompanyAdd]);
    expect(can(adder, 'save', { companySysCode: '' })).toBe(true);
    expect(can(adder, 'save', { companySysCode: 'C-TECH' })).toBe(false);
    expect(can(who([SysRole.PlatformOperator], null, [Perm.CompanyEdit]), 'save', { companySysCode: 'C-TECH' })).toBe(true);
    expect(can(adder, 'toggleStatus', { companySysCode: 'C-TECH' })).toBe(true);
  });
});
