// What the policy tests decide on: a signed-in person, two companies' scopes and their objects.
import { expect } from 'vitest';
import type { Actor } from '../src/platform/actor.ts';
import type { Subject } from '../src/platform/policy.ts';

/** A signed-in person (user 7 of C-TECH, no roles, no actions) with the given fields. */
export const testActor = (fields: Partial<Actor> = {}): Actor => ({
  userId: 7,
  accountCode: `u${fields.userId ?? 7}`,
  chnName: '某人',
  userType: '',
  companySysCode: 'C-TECH',
  sysRoles: [],
  roleCodes: [],
  actions: [],
  sessionId: 1,
  mustChangePassword: false,
  ...fields,
});

/** The platform's scope and C-TECH's, with no actor: what a policy decides by scope alone. */
export const platform: Subject = { actor: null, scope: { all: true } };
export const tech: Subject = { actor: null, scope: { all: false, companySysCode: 'C-TECH' } };
/** An object of C-TECH and one of another company. */
export const own = { companySysCode: 'C-TECH' };
export const other = { companySysCode: 'C-LOGI' };
/** Matches the AppError of `code`. */
export const err = (code: string) => expect.objectContaining({ code });
