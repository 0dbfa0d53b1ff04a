import { EnableStatus, ReadStatus } from '@xuetu/contract';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies, messages, orgs, posts, users } from '../../../db/schema/index.ts';
import { likeContains } from '../../../platform/like.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';

export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.isRead, ReadStatus.Unread)));
  return Number(row?.n ?? 0);
}

/** A user's own messages only; filters as the message list sends them ('' = all). */
export async function pageMessages(
  db: DbOrTx,
  userId: number,
  opts: { isRead: string; templeteType: string; keyword: string; limit: number; offset: number },
) {
  const type = opts.templeteType === '' ? undefined : Number(opts.templeteType);
  const where = and(
    eq(messages.userId, userId),
    opts.isRead === '' ? undefined : eq(messages.isRead, Number(opts.isRead)),
    type === undefined || Number.isNaN(type) ? undefined : eq(messages.templeteType, type),
    opts.keyword
      ? (or(ilike(messages.title, likeContains(opts.keyword)), ilike(messages.content, likeContains(opts.keyword))) as SQL)
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: Number(n) };
}

/**
 * Marks one of the user's messages read at `now`; false when it is not theirs. A message's owner
 * is its user (no company scope).
 */
export async function markRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<boolean> {
  const [own] = await db
    .select({ id: messages.id, isRead: messages.isRead })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .limit(1);
  if (!own) return false;
  if (own.isRead === ReadStatus.Unread) await db.update(messages).set({ isRead: ReadStatus.Read, readAt: now }).where(eq(messages.id, id));
  return true;
}

export async function markAllRead(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(messages)
    .set({ isRead: ReadStatus.Read, readAt: now })
    .where(and(eq(messages.userId, userId), eq(messages.isRead, ReadStatus.Unread)));
}

/** People an administrator may message: active accounts inside the scope. */
export async function searchReceivers(db: DbOrTx, scope: TenantScope, keyword: string, limit: number, offset: number) {
  const where = and(
    scopeWhere(scope, users.companySysCode),
    eq(users.status, EnableStatus.Enabled),
    isNotNull(users.passwordHash),
    keyword
      ? (or(
          ilike(users.chnName, likeContains(keyword)),
          ilike(users.accountCode, likeContains(keyword)),
          ilike(users.mobile, likeContains(keyword)),
        ) as SQL)
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        userId: users.id,
        accountCode: users.accountCode,
        chnName: users.chnName,
        companyName: companies.companyName,
        orgName: orgs.orgName,
      })
      .from(users)
      .leftJoin(companies, eq(companies.companySysCode, users.companySysCode))
      .leftJoin(orgs, eq(orgs.id, users.orgId))
      .where(where)
      .orderBy(users.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, companyName: r.companyName ?? '', orgName: r.orgName ?? '' })), total: Number(n) };
}

/** The ids among `ids` that the scope may message. */
export async function receiversInScope(db: DbOrTx, scope: TenantScope, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), scopeWhere(scope, users.companySysCode), eq(users.status, EnableStatus.Enabled)));
  return rows.map((r) => r.id);
}

/** Ids among `ids` that are departments / posts inside the scope (others are dropped). */
export async function groupsInScope(db: DbOrTx, scope: TenantScope, kind: 'org' | 'post', ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const table = kind === 'org' ? orgs : posts;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), scopeWhere(scope, table.companySysCode)));
  return rows.map((r) => r.id);
}

/**
 * Active people inside the scope who work in one of the departments (or a department below
 * one) or hold one of the posts (main or part-time).
 */
export async function receiversOfGroups(db: DbOrTx, scope: TenantScope, orgIds: number[], postIds: number[]): Promise<number[]> {
  const conds: SQL[] = [];
  if (orgIds.length) {
    const ids = sql.join(
      orgIds.map((id) => sql`${id}`),
      sql`, `,
    );
    conds.push(sql`${users.orgId} in (
      with recursive sub(id) as (
        select id from ${orgs} where id in (${ids})
        union select o.id from ${orgs} o join sub on o.p_id = sub.id
      ) select id from sub)`);
  }
  if (postIds.length) conds.push(or(inArray(users.postId, postIds), inArray(users.partTimePostId, postIds)) as SQL);
  if (!conds.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(scopeWhere(scope, users.companySysCode), eq(users.status, EnableStatus.Enabled), isNull(users.cancelledAt), or(...conds)));
  return rows.map((r) => r.id);
}
