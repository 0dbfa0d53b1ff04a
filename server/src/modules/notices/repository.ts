import { NoticeStatus } from '@xuetu/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, noticeEnclosures, notices } from '../../db/schema/index.ts';
import { scopeWhere, type TenantScope } from '../../platform/scope.ts';
import type { Viewer } from '../portal/cache.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type EnclosureRow = typeof noticeEnclosures.$inferSelect;

/**
 * What a portal visitor may read: published, released, and platform-wide or their own company's.
 * Drafts and other companies' notices never pass (spec: status 2 means published).
 */
export function visibleTo(viewer: Viewer): SQL {
  const owner = viewer.companySysCode
    ? or(isNull(notices.companySysCode), eq(notices.companySysCode, viewer.companySysCode))
    : isNull(notices.companySysCode);
  return and(
    eq(notices.status, NoticeStatus.Published),
    sql`coalesce(${notices.releaseTime}, ${notices.createdAt}) <= now()`,
    owner,
  ) as SQL;
}

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const releaseOrder = [desc(sql`coalesce(${notices.releaseTime}, ${notices.createdAt})`), desc(notices.id)];

export async function pageVisibleNotices(
  db: DbOrTx,
  viewer: Viewer,
  opts: { keyword: string; channel?: number; limit: number; offset: number; ascending?: boolean },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = and(
    visibleTo(viewer),
    opts.channel ? eq(notices.noticeChannel, opts.channel) : undefined,
    opts.keyword ? ilike(notices.noticeTitle, likeEscape(opts.keyword)) : undefined,
  );
  const order = opts.ascending ? [asc(sql`coalesce(${notices.releaseTime}, ${notices.createdAt})`), asc(notices.id)] : releaseOrder;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function listVisibleByChannel(db: DbOrTx, viewer: Viewer, channel: number, limit: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(notices)
    .where(and(visibleTo(viewer), eq(notices.noticeChannel, channel)))
    .orderBy(asc(notices.sortOrder), ...releaseOrder)
    .limit(limit);
}

export async function findVisibleNotice(db: DbOrTx, viewer: Viewer, code: string): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(visibleTo(viewer), eq(notices.noticeSysCode, code)))
    .limit(1);
  return row;
}

export async function addNoticeView(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .update(notices)
    .set({ pv: sql`${notices.pv} + 1` })
    .where(eq(notices.id, id))
    .returning({ pv: notices.pv });
  return row?.pv ?? 0;
}

export async function listEnclosures(db: DbOrTx, noticeId: number): Promise<EnclosureRow[]> {
  return db
    .select()
    .from(noticeEnclosures)
    .where(eq(noticeEnclosures.noticeId, noticeId))
    .orderBy(asc(noticeEnclosures.sortOrder), asc(noticeEnclosures.id));
}

// ---------- administration (tenant scope) ----------

export async function pageNoticesForAdmin(
  db: DbOrTx,
  scope: TenantScope,
  opts: { keyword: string; status: number | ''; channel: number | ''; companySysCode: string; limit: number; offset: number },
) {
  const where = and(
    // company administrators manage their company's notices only; platform-wide ones are the platform's
    scopeWhere(scope, notices.companySysCode),
    opts.keyword ? ilike(notices.noticeTitle, likeEscape(opts.keyword)) : undefined,
    opts.status === '' ? undefined : eq(notices.status, opts.status),
    opts.channel === '' ? undefined : eq(notices.noticeChannel, opts.channel),
    scope.all && opts.companySysCode === '-' ? isNull(notices.companySysCode) : undefined,
    scope.all && opts.companySysCode && opts.companySysCode !== '-' ? eq(notices.companySysCode, opts.companySysCode) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ notice: notices, companyName: companies.companyName })
      .from(notices)
      .leftJoin(companies, eq(companies.companySysCode, notices.companySysCode))
      .where(where)
      .orderBy(desc(notices.updatedAt), desc(notices.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return { rows, total: Number(n) };
}

/** A notice the scope may manage; another company's answers like a missing one. */
export async function findNoticeInScope(db: DbOrTx, scope: TenantScope, code: string): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.noticeSysCode, code), scopeWhere(scope, notices.companySysCode)))
    .limit(1);
  return row;
}

export async function companyExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.companySysCode, code)).limit(1);
  return !!row;
}

export async function companyNames(db: DbOrTx, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ code: companies.companySysCode, name: companies.companyName })
    .from(companies)
    .where(inArray(companies.companySysCode, codes));
  return new Map(rows.map((r) => [r.code, r.name]));
}

export async function insertNotice(db: DbOrTx, values: typeof notices.$inferInsert): Promise<NoticeRow> {
  const [row] = await db.insert(notices).values(values).returning();
  return row;
}

export async function updateNotice(db: DbOrTx, id: number, values: Partial<typeof notices.$inferInsert>): Promise<void> {
  await db
    .update(notices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(notices.id, id));
}

export async function replaceEnclosures(
  db: DbOrTx,
  noticeId: number,
  items: { enclosureName: string; fileKey: string; size: number }[],
): Promise<void> {
  await db.delete(noticeEnclosures).where(eq(noticeEnclosures.noticeId, noticeId));
  if (items.length) await db.insert(noticeEnclosures).values(items.map((e, i) => ({ ...e, noticeId, sortOrder: i })));
}

export async function deleteNotice(db: DbOrTx, id: number): Promise<void> {
  await db.delete(noticeEnclosures).where(eq(noticeEnclosures.noticeId, id));
  await db.delete(notices).where(eq(notices.id, id));
}
