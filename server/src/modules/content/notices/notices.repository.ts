import { NoticeStatus } from '@xuetu/contract';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { forbidden } from '../../../platform/errors.ts';
import { likeContains } from '../../../platform/like.ts';
import { assertOwnerInScope } from '../../../platform/policy.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { findInScope } from '../../../platform/table-reads.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { companyNameView } from '../../directory/public.ts';
import type { Viewer } from '../portal/cache.ts';
import { noticeEnclosures, notices } from '../schema.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type EnclosureRow = typeof noticeEnclosures.$inferSelect;

/**
 * What a portal visitor may read: published, released, and platform-wide or their own company's.
 * Drafts and other companies' notices never pass (spec: status 2 means published).
 */
export function visibleTo(viewer: Viewer, now: Date): SQL {
  const owner = viewer.companySysCode
    ? or(isNull(notices.companySysCode), eq(notices.companySysCode, viewer.companySysCode))
    : isNull(notices.companySysCode);
  return and(
    eq(notices.status, NoticeStatus.Published),
    sql`coalesce(${notices.releaseTime}, ${notices.createdAt}) <= ${now.toISOString()}::timestamptz`,
    owner,
  ) as SQL;
}

const releaseOrder = [desc(sql`coalesce(${notices.releaseTime}, ${notices.createdAt})`), desc(notices.id)];

export async function pageVisibleNotices(
  db: DbOrTx,
  viewer: Viewer,
  now: Date,
  opts: { keyword: string; channel?: number; limit: number; offset: number; ascending?: boolean },
): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = and(
    visibleTo(viewer, now),
    opts.channel ? eq(notices.noticeChannel, opts.channel) : undefined,
    opts.keyword ? ilike(notices.noticeTitle, likeContains(opts.keyword)) : undefined,
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

export async function listVisibleByChannel(db: DbOrTx, viewer: Viewer, now: Date, channel: number, limit: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(notices)
    .where(and(visibleTo(viewer, now), eq(notices.noticeChannel, channel)))
    .orderBy(asc(notices.sortOrder), ...releaseOrder)
    .limit(limit);
}

export async function findVisibleNotice(db: DbOrTx, viewer: Viewer, now: Date, code: string): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(visibleTo(viewer, now), eq(notices.noticeSysCode, code)))
    .limit(1);
  return row;
}

/** The viewer counts a view of a notice they may read (their scope is `visibleTo`). */
export async function addNoticeView(db: DbOrTx, viewer: Viewer, now: Date, id: number): Promise<number> {
  const [row] = await db
    .update(notices)
    .set({ pv: sql`${notices.pv} + 1` })
    .where(and(eq(notices.id, id), visibleTo(viewer, now)))
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
    opts.keyword ? ilike(notices.noticeTitle, likeContains(opts.keyword)) : undefined,
    opts.status === '' ? undefined : eq(notices.status, opts.status),
    opts.channel === '' ? undefined : eq(notices.noticeChannel, opts.channel),
    scope.all && opts.companySysCode === '-' ? isNull(notices.companySysCode) : undefined,
    scope.all && opts.companySysCode && opts.companySysCode !== '-' ? eq(notices.companySysCode, opts.companySysCode) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ notice: notices, companyName: companyNameView.name })
      .from(notices)
      .leftJoin(companyNameView, eq(companyNameView.code, notices.companySysCode))
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
  return findInScope(db, scope, notices, notices.noticeSysCode, code);
}

export async function insertNotice(db: DbOrTx, scope: TenantScope, values: typeof notices.$inferInsert): Promise<NoticeRow> {
  return insertInScope(db, scope, notices, values);
}

/** Marks the notice's people as messaged; true only for the one call that marked it first. */
export async function claimFirstNotification(db: DbOrTx, scope: TenantScope, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(notices)
    .set({ notifiedAt: now })
    .where(and(eq(notices.id, id), isNull(notices.notifiedAt), scopeWhere(scope, notices.companySysCode)))
    .returning({ id: notices.id });
  return rows.length > 0;
}

export async function updateNotice(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  values: Partial<typeof notices.$inferInsert> & { updatedAt: Date },
): Promise<void> {
  if ('companySysCode' in values) assertOwnerInScope(scope, values.companySysCode);
  await db
    .update(notices)
    .set(values)
    .where(and(eq(notices.id, id), scopeWhere(scope, notices.companySysCode)));
}

/** Enclosures follow their notice's company: the notice must be inside the scope. */
const noticeInScope = (scope: TenantScope, noticeId: number): SQL =>
  sql`${noticeEnclosures.noticeId} in (select ${notices.id} from ${notices} where ${notices.id} = ${noticeId} and ${scopeWhere(scope, notices.companySysCode)})`;

export async function replaceEnclosures(
  db: DbOrTx,
  scope: TenantScope,
  noticeId: number,
  items: { enclosureName: string; fileKey: string; size: number }[],
): Promise<void> {
  await db.delete(noticeEnclosures).where(and(eq(noticeEnclosures.noticeId, noticeId), noticeInScope(scope, noticeId)));
  if (items.length && !(await findNoticeById(db, scope, noticeId))) throw forbidden();
  if (items.length) await db.insert(noticeEnclosures).values(items.map((e, i) => ({ ...e, noticeId, sortOrder: i })));
}

export async function deleteNotice(db: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  await db.delete(noticeEnclosures).where(and(eq(noticeEnclosures.noticeId, id), noticeInScope(scope, id)));
  await db.delete(notices).where(and(eq(notices.id, id), scopeWhere(scope, notices.companySysCode)));
}

async function findNoticeById(db: DbOrTx, scope: TenantScope, id: number) {
  const [row] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, id), scopeWhere(scope, notices.companySysCode)))
    .limit(1);
  return row;
}
