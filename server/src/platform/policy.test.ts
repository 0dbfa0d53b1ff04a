import { describe, expect, it } from 'vitest';
import { forbidden, notFound } from './errors.ts';
import { assertOwnerInScope, definePolicy, type Subject } from './policy.ts';

const staff: Subject = { actor: null, scope: { all: true } };
const tech: Subject = { actor: null, scope: { all: false, companySysCode: 'C-TECH' } };

describe('definePolicy', () => {
  const policy = definePolicy({
    edit: ({ scope }: Subject, thing: { company: string }) => scope.all || thing.company === scope.companySysCode || notFound(),
    purge: ({ scope }: Subject, _thing: null) => scope.all || forbidden(),
  });

  it('authorize throws the error a rule returns and passes on true', () => {
    expect(() => policy.authorize(tech, 'edit', { company: 'C-TECH' })).not.toThrow();
    expect(() => policy.authorize(tech, 'edit', { company: 'C-LOGI' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => policy.authorize(tech, 'purge', null)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('can only tells', () => {
    expect(policy.can(tech, 'edit', { company: 'C-LOGI' })).toBe(false);
    expect(policy.can(staff, 'purge', null)).toBe(true);
  });
});

describe('assertOwnerInScope', () => {
  it('lets a company write its own rows and platform staff any, platform-wide ones too', () => {
    expect(() => assertOwnerInScope(tech.scope, 'C-TECH')).not.toThrow();
    expect(() => assertOwnerInScope(staff.scope, 'C-LOGI')).not.toThrow();
    expect(() => assertOwnerInScope(staff.scope, null)).not.toThrow();
  });

  it('refuses another company and a platform-wide row for a company', () => {
    expect(() => assertOwnerInScope(tech.scope, 'C-LOGI')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => assertOwnerInScope(tech.scope, null)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });
});
