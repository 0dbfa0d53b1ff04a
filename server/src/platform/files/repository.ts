import { FileStatus } from '@xuetu/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';

export type FileRow = typeof storedFiles.$inferSelect;
export type NewFileRow = typeof storedFiles.$inferInsert;

export async function insertFile(db: DbOrTx, row: NewFileRow): Promise<FileRow> {
  const [created] = await db.insert(storedFiles).values(row).returning();
  return created;
}

export async function findFileByKey(db: DbOrTx, key: string): Promise<FileRow | undefined> {
  return (await db.select().from(storedFiles).where(eq(storedFiles.storageKey, key)))[0];
}

/** Bytes stored by a user and by a company (every status counts until purged). */
export async function usageOf(db: DbOrTx, owner: { userId: number | null; companySysCode: string | null }) {
  const sum = sql<number>`coalesce(sum(${storedFiles.size}), 0)::bigint`;
  const [user] = owner.userId
    ? await db.select({ bytes: sum }).from(storedFiles).where(eq(storedFiles.ownerUserId, owner.userId))
    : [{ bytes: 0 }];
  const [company] = owner.companySysCode
    ? await db.select({ bytes: sum }).from(storedFiles).where(eq(storedFiles.ownerCompanySysCode, owner.companySysCode))
    : [{ bytes: 0 }];
  return { user: Number(user.bytes), company: Number(company.bytes) };
}

/** Marks temporary uploads as saved with something (keys that are not uploads are ignored). */
export async function attachFileKeys(db: DbOrTx, keys: string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(storedFiles)
    .set({ status: FileStatus.Attached, attachedAt: now })
    .where(and(inArray(storedFiles.storageKey, keys), eq(storedFiles.status, FileStatus.Temp)));
}

/** Temporary uploads created before `before`, oldest first. */
export async function listExpiredTemp(db: DbOrTx, before: Date, limit: number): Promise<FileRow[]> {
  return db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.status, FileStatus.Temp), lt(storedFiles.createdAt, before)))
    .orderBy(storedFiles.createdAt)
    .limit(limit);
}

/** Deletes the row only while it is still temporary (a save that attached it meanwhile wins). */
export async function deleteTempFile(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.status, FileStatus.Temp)))
    .returning({ id: storedFiles.id });
  return rows.length > 0;
}
