import { ReadStatus } from '@xuetu/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likeContains } from '../../../platform/like.ts';
import { messages } from '../schema.ts';

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

/** Rows per insert statement of a fan-out (a notice to a whole company). */
const BATCH = 500;

/** New messages, in statements of BATCH rows. */
export async function insertMessages(db: DbOrTx, values: (typeof messages.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < values.length; i += BATCH) await db.insert(messages).values(values.slice(i, i + BATCH));
}
