import { Perm, SysRole } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../platform/actor.ts';
import { type Subject, subjectOf } from '../../../platform/policy.ts';
import { authorize, can } from './roles.policy.ts';

const actor = (sysRoles: number[], companySysCode: string | null, actions: string[] = []): Subject =>
  subjectOf({ userId: 1, sysRoles, companySysCode, actions } as unknown as Actor);

const admin = actor([SysRole.PlatformAdmin], null);
const operator = actor([SysRole.PlatformOperator], null, [Perm.UserList]);
const corp = actor([SysRole.CompanyAdmin], 'C-TECH', [Perm.UserList]);
const code = (fn: () => void) => {
  try {
    fn();
    return 'allowed';
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('role policy', () => {
  it('a company administrator edits their own company roles only; the rest answer like missing ones', () => {
    expect(can(corp, 'edit', { companySysCode: 'C-TECH', sysRoleEnum: 0 })).toBe(true);
    expect(code(() => authorize(corp, 'edit', { companySysCode: null, sysRoleEnum: SysRole.Learner }))).toBe('NOT_FOUND');
    expect(code(() => authorize(corp, 'edit', { companySysCode: 'C-LOGI', sysRoleEnum: 0 }))).toBe('NOT_FOUND');
  });

  it('roles of type 1 and 2 are edited by the platform administrator only', () => {
    expect(can(operator, 'edit', { companySysCode: null, sysRoleEnum: SysRole.PlatformOperator })).toBe(false);
    expect(can(operator, 'edit', { companySysCode: null, sysRoleEnum: SysRole.Learner })).toBe(true);
    expect(can(admin, 'edit', { companySysCode: null, sysRoleEnum: SysRole.PlatformAdmin })).toBe(true);
  });

  it('a role type changes only from 0, and to 1 or 2 only by the platform administrator', () => {
    expect(code(() => authorize(admin, 'setType', { from: SysRole.Learner, to: 0 }))).toBe('ROLE_SYS_LOCKED');
    expect(code(() => authorize(operator, 'setType', { from: 0, to: SysRole.PlatformOperator }))).toBe('ROLE_SYS_RESTRICTED');
    expect(can(operator, 'setType', { from: 0, to: SysRole.CompanyAdmin })).toBe(true);
    expect(can(admin, 'setType', { from: 0, to: SysRole.PlatformAdmin })).toBe(true);
    expect(can(corp, 'setType', { from: SysRole.Learner, to: SysRole.Learner })).toBe(true);
  });

  it('nobody puts or grants actions they do not hold', () => {
    expect(can(corp, 'includeActions', { values: [Perm.UserList] })).toBe(true);
    expect(code(() => authorize(corp, 'includeActions', { values: [Perm.UserAdd] }))).toBe('ROLE_ACTIONS_NOT_HELD');
    expect(can(admin, 'includeActions', { values: [Perm.UserAdd] })).toBe(true);
    expect(can(corp, 'grant', { sysRoleEnum: 0, grantedValues: [Perm.UserList] })).toBe(true);
    expect(code(() => authorize(corp, 'grant', { sysRoleEnum: 0, grantedValues: [Perm.UserAdd] }))).toBe('ROLE_NOT_GRANTABLE');
    expect(code(() => authorize(operator, 'grant', { sysRoleEnum: SysRole.PlatformOperator, grantedValues: [] }))).toBe(
      'ROLE_NOT_GRANTABLE',
    );
    expect(can(admin, 'grant', { sysRoleEnum: SysRole.PlatformAdmin, grantedValues: [Perm.UserAdd] })).toBe(true);
  });

  it('a company role goes to that company people only', () => {
    const user = { companySysCode: 'C-TECH' };
    expect(can(admin, 'giveTo', { role: { companySysCode: null }, user })).toBe(true);
    expect(can(admin, 'giveTo', { role: { companySysCode: 'C-TECH' }, user })).toBe(true);
    expect(code(() => authorize(admin, 'giveTo', { role: { companySysCode: 'C-LOGI' }, user }))).toBe('ROLE_NOT_FOUND');
  });
});
