import { isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type Caller, requireActor } from '../../platform/caller.ts';
import type { TenantScope } from '../../platform/scope.ts';
import { targetCompany } from '../companies/target.ts';

/**
 * Company rules of the resource library in one place. Platform objects (company null) are
 * shared: every company reads platform directories and files its resources in them, but only
 * platform staff change them. A company administrator writes and audits their own company's
 * resources; platform staff (system roles 1/2) everything.
 */
export type { Caller };

/** Rows a caller may read in the admin area: its own company's and the platform's (staff: all). */
export function ownOrPlatform(scope: TenantScope, column: PgColumn): SQL {
  if (scope.all) return sql`true`;
  // the no-company scope (signed out) sees platform rows only; NUL never reaches the database
  if (scope.companySysCode.startsWith('\u0000')) return isNull(column);
  return or(isNull(column), sql`${column} = ${scope.companySysCode}`) as SQL;
}

/** Rows a caller manages: its own company's only (staff: all). */
export function ownOnly(scope: TenantScope, column: PgColumn): SQL {
  if (scope.all) return sql`true`;
  return scope.companySysCode.startsWith('\u0000') ? sql`false` : sql`${column} = ${scope.companySysCode}`;
}

/** True when the caller may change an object owned by `company` (null = platform). */
export function mayWrite(scope: TenantScope, company: string | null): boolean {
  return scope.all || (company !== null && company === scope.companySysCode);
}

/**
 * The owner of a new object: a company administrator's own company; platform staff name a
 * company, or none for a platform-wide object.
 */
export async function newOwner(db: DbOrTx, caller: Caller, requested: string): Promise<string | null> {
  const actor = requireActor(caller);
  if (caller.scope.all && !requested) return null;
  return (await targetCompany(db, actor, requested)).companySysCode;
}
