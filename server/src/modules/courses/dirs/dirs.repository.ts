import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { ownOrPlatform } from '../resources/resources.policy.ts';
import { resDirs, resources } from '../schema/resources.ts';

export type DirRow = typeof resDirs.$inferSelect;

/** Directories the scope reads (its own and the platform's), in tree order. */
export function listDirs(db: DbOrTx, scope: TenantScope, companySysCode?: string): Promise<DirRow[]> {
  return db
    .select()
    .from(resDirs)
    .where(
      and(
        ownOrPlatform(scope, resDirs.companySysCode),
        companySysCode ? sql`(${resDirs.companySysCode} is null or ${resDirs.companySysCode} = ${companySysCode})` : undefined,
      ),
    )
    .orderBy(asc(resDirs.sort), asc(resDirs.id));
}

export async function findDir(db: DbOrTx, scope: TenantScope, dCode: string): Promise<DirRow | undefined> {
  const [row] = await db
    .select()
    .from(resDirs)
    .where(and(sql`lower(${resDirs.dCode}) = lower(${dCode})`, ownOrPlatform(scope, resDirs.companySysCode)))
    .limit(1);
  return row;
}

export async function findDirByNo(db: DbOrTx, scope: TenantScope, dNo: string): Promise<DirRow | undefined> {
  const [row] = await db
    .select()
    .from(resDirs)
    .where(and(eq(resDirs.dNo, dNo), ownOrPlatform(scope, resDirs.companySysCode)))
    .limit(1);
  return row;
}

/** A new unique directory number ('0001', '0002', …). */
export async function nextDirNo(db: DbOrTx): Promise<string> {
  const res = await db.execute<{ n: string }>(sql`select nextval('train_resdir_no_seq')::text as n`);
  return String(res.rows[0].n).padStart(4, '0');
}

export async function maxSort(db: DbOrTx, dpNo: string): Promise<number> {
  const [row] = await db
    .select({ m: sql<number>`coalesce(max(${resDirs.sort}), 0)` })
    .from(resDirs)
    .where(eq(resDirs.dpNo, dpNo));
  return Number(row.m);
}

export async function insertDir(db: DbOrTx, scope: TenantScope, values: typeof resDirs.$inferInsert): Promise<DirRow> {
  return insertInScope(db, scope, resDirs, values);
}

/** A directory outside the scope (a platform one, for a company administrator) is not touched. */
export async function updateDir(db: DbOrTx, scope: TenantScope, id: number, values: Partial<typeof resDirs.$inferInsert>): Promise<void> {
  await db
    .update(resDirs)
    .set(values)
    .where(and(eq(resDirs.id, id), scopeWhere(scope, resDirs.companySysCode)));
}

export async function deleteDir(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  await db.delete(resDirs).where(and(eq(resDirs.id, id), scopeWhere(scope, resDirs.companySysCode)));
}

/** Live (not deleted) resources per directory, counted over every company. */
export async function countResources(db: DbOrTx, dCodes?: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ dCode: resources.dCode, n: count() })
    .from(resources)
    .where(and(isNull(resources.deletedAt), dCodes ? inArray(resources.dCode, dCodes) : undefined))
    .groupBy(resources.dCode);
  return new Map(rows.map((r) => [r.dCode, Number(r.n)]));
}
