import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { users } from '../db/schema/index.ts';
import { NO_SCOPE } from './caller.ts';
import { inScope, scopeWhere, tenantScope } from './scope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('tenant scope', () => {
  it('lets system roles 1 and 2 see every company', () => {
    expect(tenantScope({ sysRoles: [1], companySysCode: null }).all).toBe(true);
    expect(tenantScope({ sysRoles: [2], companySysCode: null }).all).toBe(true);
  });

  it('keeps everyone else to their own company', () => {
    const s = tenantScope({ sysRoles: [3, 4], companySysCode: 'C-DEMO-TECH' });
    expect(s).toEqual({ all: false, companySysCode: 'C-DEMO-TECH' });
    expect(inScope(s, 'C-DEMO-TECH')).toBe(true);
    expect(inScope(s, 'C-DEMO-LOGI')).toBe(false);
    expect(inScope(s, null)).toBe(false);
  });

  it('a user without a company and without a system role sees nothing company-owned', () => {
    const s = tenantScope({ sysRoles: [], companySysCode: null });
    expect(inScope(s, null)).toBe(false);
    expect(inScope(s, '')).toBe(false);
  });

  it('filters repository reads', async () => {
    const read = async (scope: ReturnType<typeof tenantScope>) =>
      (
        await t.ctx.db
          .select({ a: users.accountCode })
          .from(users)
          .where(and(scopeWhere(scope, users.companySysCode), eq(users.mobile, '13800000001')))
      ).map((r) => r.a);
    expect((await read(tenantScope({ sysRoles: [1], companySysCode: null }))).sort()).toEqual(['learner01', 'sl_learner01']);
    expect(await read(tenantScope({ sysRoles: [3], companySysCode: 'C-DEMO-TECH' }))).toEqual(['learner01']);
    expect(await read(tenantScope({ sysRoles: [4], companySysCode: 'C-DEMO-LOGI' }))).toEqual(['sl_learner01']);
    // nobody's scope goes to the database as a valid parameter (PostgreSQL refuses NUL bytes) and matches nothing
    expect(await read(tenantScope({ sysRoles: [], companySysCode: null }))).toEqual([]);
    expect(await read(NO_SCOPE)).toEqual([]);
  });
});
