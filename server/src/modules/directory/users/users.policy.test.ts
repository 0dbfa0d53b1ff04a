import { Perm, SysRole } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../platform/actor.ts';
import { type Subject, subjectOf } from '../../../platform/policy.ts';
import { authorize, can } from './users.policy.ts';

const actor = (sysRoles: number[], companySysCode: string | null, actions: string[] = []): Subject =>
  subjectOf({ userId: 7, sysRoles, companySysCode, actions } as unknown as Actor);

const admin = actor([SysRole.PlatformAdmin], null);
const operator = actor([SysRole.PlatformOperator], null);
const corp = actor([SysRole.CompanyAdmin], 'C-TECH', [Perm.UserAdd]);

const person = (companySysCode: string | null, holdsPlatformRole = false) => ({ companySysCode, holdsPlatformRole });

describe('user policy', () => {
  it('a company administrator manages their own company people only; others answer like missing ones', () => {
    expect(can(corp, 'manage', person('C-TECH'))).toBe(true);
    expect(() => authorize(corp, 'manage', person('C-LOGI'))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => authorize(corp, 'manage', person(null))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('only the platform administrator manages holders of a platform role', () => {
    expect(() => authorize(corp, 'manage', person('C-TECH', true))).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => authorize(operator, 'manage', person('C-TECH', true))).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(can(operator, 'manage', person('C-LOGI'))).toBe(true);
    expect(can(admin, 'manage', person('C-TECH', true))).toBe(true);
  });

  it('nobody disables themselves', () => {
    expect(() => authorize(admin, 'toggleStatus', { id: 7 })).toThrow(expect.objectContaining({ code: 'USER_CANNOT_DISABLE_SELF' }));
    expect(can(admin, 'toggleStatus', { id: 8 })).toBe(true);
  });

  it('adding needs 新增, editing needs an edit-mode action', () => {
    expect(can(corp, 'add', null)).toBe(true);
    expect(() => authorize(corp, 'edit', null)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(can(actor([SysRole.CompanyAdmin], 'C-TECH', [Perm.UserCompanyEdit]), 'edit', null)).toBe(true);
  });
});
