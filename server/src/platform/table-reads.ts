import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { scopeWhere, type TenantScope } from './scope.ts';

// The two reads most admin repositories share: one company-owned row by its code inside the
// caller's scope, and a list page newest change first with its total.

/** A table whose rows belong to a company (`company_sys_code`). */
type CompanyTable = PgTable & { companySysCode: PgColumn };

/** The row of `table` whose `column` is `value`, when the scope may see it: another company's row answers like a missing one. */
export async function findInScope<T extends CompanyTable>(
  db: DbOrTx,
  scope: TenantScope,
  table: T,
  column: PgColumn,
  value: string | number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(column, value), scopeWhere(scope, table.companySysCode)))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** A table whose rows carry an id and the time of their last change. */
type ChangedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** One page of the rows of `table` matching `where`, last changed first, and how many match in all. */
export async function pageLastChangedFirst<T extends ChangedTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  window: { limit: number; offset: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.updatedAt), desc(table.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: Number(n) };
}
