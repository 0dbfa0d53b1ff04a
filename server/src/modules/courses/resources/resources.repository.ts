import { AuditStatus } from '@xuetu/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likeContains } from '../../../platform/like.ts';
import { assertOwnerInScope } from '../../../platform/policy.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { lecturerNameView } from '../../content/public.ts';
import { companyNameView } from '../../directory/public.ts';
import { media, resAudits, resDirs, resources } from '../schema/resources.ts';
import { ownOnly } from './resources.policy.ts';

export type ResRow = typeof resources.$inferSelect;
export type ResInsert = typeof resources.$inferInsert;
export type MediaRow = typeof media.$inferSelect;
export type AuditRow = typeof resAudits.$inferSelect;

export interface ResFilter {
  dCodes?: string[];
  keyword?: string;
  resType?: number;
  auditStatus?: number;
  recommendCate?: number;
  isRecommend?: number;
  companySysCode?: string;
}

function resWhere(scope: TenantScope, f: ResFilter): SQL | undefined {
  return and(
    ownOnly(scope, resources.companySysCode),
    isNull(resources.deletedAt),
    f.companySysCode ? eq(resources.companySysCode, f.companySysCode) : undefined,
    f.dCodes ? inArray(resources.dCode, f.dCodes) : undefined,
    f.keyword ? ilike(resources.resName, likeContains(f.keyword)) : undefined,
    f.resType ? eq(resources.resType, f.resType) : undefined,
    f.auditStatus !== undefined ? eq(resources.auditStatus, f.auditStatus) : undefined,
    f.recommendCate !== undefined ? eq(resources.recommendCate, f.recommendCate) : undefined,
    f.isRecommend === 1 ? gt(resources.recommendCate, 0) : f.isRecommend === 0 ? eq(resources.recommendCate, 0) : undefined,
  );
}

export interface ResListRow extends ResRow {
  dName: string | null;
  companyName: string | null;
  lecturerName: string | null;
}

const listColumns = {
  res: resources,
  dName: resDirs.dName,
  companyName: companyNameView.name,
  lecturerName: lecturerNameView.name,
};

function joined(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(resources)
    .leftJoin(resDirs, eq(resDirs.dCode, resources.dCode))
    .leftJoin(companyNameView, eq(companyNameView.code, resources.companySysCode))
    .leftJoin(lecturerNameView, eq(lecturerNameView.code, resources.lecturerCode));
}

const flat = (r: { res: ResRow; dName: string | null; companyName: string | null; lecturerName: string | null }): ResListRow => ({
  ...r.res,
  dName: r.dName,
  companyName: r.companyName,
  lecturerName: r.lecturerName,
});

/** A page of resources; `pendingFirst` puts the audit queue's pending ones on top (oldest first). */
export async function pageResources(
  db: DbOrTx,
  scope: TenantScope,
  f: ResFilter,
  window: { limit: number; offset: number },
  order: 'directory' | 'pendingFirst' = 'directory',
): Promise<{ rows: ResListRow[]; total: number }> {
  const where = resWhere(scope, f);
  const orderBy =
    order === 'pendingFirst'
      ? [
          sql`case when ${resources.auditStatus} = ${sql.raw(String(AuditStatus.Pending))} then 0 else 1 end`,
          asc(resources.updatedAt),
          desc(resources.id),
        ]
      : [asc(resources.sort), desc(resources.id)];
  const [rows, [{ n }]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(resources).where(where),
  ]);
  return { rows: rows.map(flat), total: Number(n) };
}

/** One resource the scope manages (codes match case-insensitively). */
export async function findRes(db: DbOrTx, scope: TenantScope, resCode: string): Promise<ResListRow | undefined> {
  const [row] = await joined(db)
    .where(and(sql`lower(${resources.resCode}) = lower(${resCode})`, ownOnly(scope, resources.companySysCode), isNull(resources.deletedAt)))
    .limit(1);
  return row ? flat(row) : undefined;
}

/** One resource by code whatever its company (media delivery decides visibility itself). */
export async function findResAnyCompany(db: DbOrTx, resCode: string): Promise<ResRow | undefined> {
  const [row] = await db
    .select()
    .from(resources)
    .where(and(sql`lower(${resources.resCode}) = lower(${resCode})`, isNull(resources.deletedAt)))
    .limit(1);
  return row;
}

export async function findResMany(db: DbOrTx, scope: TenantScope, codes: string[]): Promise<ResRow[]> {
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  return db
    .select()
    .from(resources)
    .where(and(inArray(sql`lower(${resources.resCode})`, lower), ownOnly(scope, resources.companySysCode), isNull(resources.deletedAt)));
}

export async function insertRes(db: DbOrTx, scope: TenantScope, values: ResInsert): Promise<ResRow> {
  return insertInScope(db, scope, resources, values);
}

/** A resource outside the scope (a platform one, for a company administrator) is not touched. */
export async function updateRes(db: DbOrTx, scope: TenantScope, id: number, values: Partial<ResInsert>): Promise<void> {
  await db
    .update(resources)
    .set(values)
    .where(and(eq(resources.id, id), scopeWhere(scope, resources.companySysCode)));
}

export async function maxSortIn(db: DbOrTx, dCode: string): Promise<number> {
  const [row] = await db
    .select({ m: sql<number>`coalesce(max(${resources.sort}), 0)` })
    .from(resources)
    .where(and(eq(resources.dCode, dCode), isNull(resources.deletedAt)));
  return Number(row.m);
}

/** The neighbour above (up) or below (down) in the same directory, by (sort, id). */
export async function neighbour(db: DbOrTx, scope: TenantScope, res: ResRow, direction: 'up' | 'down'): Promise<ResRow | undefined> {
  const before = sql`(${resources.sort}, ${resources.id}) < (${res.sort}, ${res.id})`;
  const after = sql`(${resources.sort}, ${resources.id}) > (${res.sort}, ${res.id})`;
  const [row] = await db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.dCode, res.dCode),
        isNull(resources.deletedAt),
        ownOnly(scope, resources.companySysCode),
        direction === 'up' ? before : after,
      ),
    )
    .orderBy(...(direction === 'up' ? [desc(resources.sort), desc(resources.id)] : [asc(resources.sort), asc(resources.id)]))
    .limit(1);
  return row;
}

/** An audit step hangs off its resource, which must be inside the scope. */
export async function insertAudit(db: DbOrTx, scope: TenantScope, values: typeof resAudits.$inferInsert): Promise<void> {
  const [parent] = await db
    .select({ companySysCode: resources.companySysCode })
    .from(resources)
    .where(eq(resources.id, values.resId))
    .limit(1);
  assertOwnerInScope(scope, parent ? parent.companySysCode : undefined);
  await db.insert(resAudits).values(values);
}

export function listAudits(db: DbOrTx, resId: number): Promise<AuditRow[]> {
  return db.select().from(resAudits).where(eq(resAudits.resId, resId)).orderBy(desc(resAudits.id));
}

export async function findMedia(db: DbOrTx, mediaCode: string): Promise<MediaRow | undefined> {
  if (!mediaCode) return undefined;
  const [row] = await db.select().from(media).where(eq(media.mediaCode, mediaCode)).limit(1);
  return row;
}

export async function findMediaMany(db: DbOrTx, codes: string[]): Promise<Map<string, MediaRow>> {
  const list = codes.filter(Boolean);
  if (!list.length) return new Map();
  const rows = await db.select().from(media).where(inArray(media.mediaCode, list));
  return new Map(rows.map((r) => [r.mediaCode, r]));
}
