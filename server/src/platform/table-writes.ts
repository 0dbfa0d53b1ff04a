import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { assertOwnerInScope } from './policy.ts';
import type { TenantScope } from './scope.ts';

// The write most admin repositories share (beside table-reads.ts): a new company-owned row.

/** A table whose rows belong to a company (`company_sys_code`). */
type CompanyTable = PgTable & { companySysCode: PgColumn };

/** Adds a row to `table` and answers it; refused (403) when the row's company is outside the caller's scope. */
export async function insertInScope<T extends CompanyTable>(
  db: DbOrTx,
  scope: TenantScope,
  table: T,
  values: T['$inferInsert'] & { companySysCode?: string | null },
): Promise<T['$inferSelect']> {
  assertOwnerInScope(scope, values.companySysCode);
  const [row] = await db
    .insert(table as PgTable)
    .values(values as never)
    .returning();
  return row as T['$inferSelect'];
}
