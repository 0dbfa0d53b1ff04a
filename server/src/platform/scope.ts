import { SysRole } from '@xuetu/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from './actor.ts';

/**
 * Whose data a request may touch (DESIGN.md §3): system roles 1 and 2 see every company,
 * everyone else only their own. Repository reads take a scope so a forgotten filter is hard to write.
 */
export type TenantScope = { readonly all: true } | { readonly all: false; readonly companySysCode: string };

export const PLATFORM_WIDE: TenantScope = { all: true };

/**
 * The company of nobody: a scope with it matches no company-owned row. Plain text, so it can go
 * to the database as a parameter (PostgreSQL rejects NUL bytes); company codes never take it.
 */
export const NO_COMPANY = '(none)';

export function tenantScope(actor: Pick<Actor, 'sysRoles' | 'companySysCode'>): TenantScope {
  if (actor.sysRoles.includes(SysRole.PlatformAdmin) || actor.sysRoles.includes(SysRole.PlatformOperator)) return PLATFORM_WIDE;
  // a non-system user without a company sees nothing company-owned
  return { all: false, companySysCode: actor.companySysCode ?? NO_COMPANY };
}

/** WHERE fragment restricting `column` (a company_sys_code column) to the scope. */
export function scopeWhere(scope: TenantScope, column: PgColumn): SQL {
  return scope.all ? sql`true` : eq(column, scope.companySysCode);
}

/** True when an object owned by `companySysCode` is inside the scope. */
export function inScope(scope: TenantScope, companySysCode: string | null | undefined): boolean {
  return scope.all || (companySysCode != null && companySysCode === scope.companySysCode);
}
