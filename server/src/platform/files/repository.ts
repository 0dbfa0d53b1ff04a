import { FileStatus } from '@xuetu/contract';
import { and, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { storedFiles, uploadReservations } from '../../db/schema/index.ts';

export type FileRow = typeof storedFiles.$inferSelect;
export type NewFileRow = typeof storedFiles.$inferInsert;

export async function insertFile(db: DbOrTx, row: NewFileRow): Promise<FileRow> {
  const [created] = await db.insert(storedFiles).values(row).returning();
  return created;
}

export async function findFileByKey(db: DbOrTx, key: string): Promise<FileRow | undefined> {
  return (await db.select().from(storedFiles).where(eq(storedFiles.storageKey, key)))[0];
}

/**
 * Bytes stored by a user and by a company (every status counts until purged), plus the bytes
 * resumable uploads in flight have reserved (reservations.ts).
 */
export async function usageOf(db: DbOrTx, owner: { userId: number | null; companySysCode: string | null }) {
  const total = async (fileOwner: SQL, reservationOwner: SQL) => {
    const res = await db.execute<{ bytes: string | number }>(
      sql`select (select coalesce(sum(${storedFiles.size}), 0) from ${storedFiles} where ${fileOwner})
        + (select coalesce(sum(${uploadReservations.bytes}), 0) from ${uploadReservations} where ${reservationOwner}) as bytes`,
    );
    return Number(res.rows[0]?.bytes ?? 0);
  };
  const user = owner.userId ? await total(eq(storedFiles.ownerUserId, owner.userId), eq(uploadReservations.ownerUserId, owner.userId)) : 0;
  const company = owner.companySysCode
    ? await total(
        eq(storedFiles.ownerCompanySysCode, owner.companySysCode),
        eq(uploadReservations.ownerCompanySysCode, owner.companySysCode),
      )
    : 0;
  return { user, company };
}

/** Marks temporary or orphaned uploads as saved with something (keys that are not uploads are ignored). */
export async function attachFileKeys(db: DbOrTx, keys: string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(storedFiles)
    .set({ status: FileStatus.Attached, attachedAt: now })
    .where(and(inArray(storedFiles.storageKey, keys), inArray(storedFiles.status, [FileStatus.Temp, FileStatus.Orphan])));
}

/** Files of the given status and purposes, by id after `afterId` (a keyset page). */
export async function listFilesAfter(
  db: DbOrTx,
  where: { status: FileStatus; purposes: string[]; before: Date; afterId: number },
  limit: number,
): Promise<FileRow[]> {
  return db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.status, where.status),
        inArray(storedFiles.purpose, where.purposes),
        lt(storedFiles.attachedAt, where.before),
        gt(storedFiles.id, where.afterId),
      ),
    )
    .orderBy(storedFiles.id)
    .limit(limit);
}

/** Of `keys`, those some row of `table` mentions anywhere in its text (plain keys, HTML, JSON). */
export async function keysMentionedIn(db: DbOrTx, keys: string[], table: string): Promise<string[]> {
  if (keys.length === 0) return [];
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const res = await db.execute<{ k: string }>(
    sql`select k from unnest(array[${list}]::text[]) k where exists (select 1 from ${sql.identifier(table)} t where strpos(t::text, k) > 0)`,
  );
  return res.rows.map((r) => r.k);
}

/** Moves files between statuses (only those still in `from`), stamping attachedAt with the time of the change. */
export async function setFileStatus(db: DbOrTx, ids: number[], from: FileStatus, to: FileStatus, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(storedFiles)
    .set({ status: to, attachedAt: now })
    .where(and(inArray(storedFiles.id, ids), eq(storedFiles.status, from)));
}

/** Deletes the row only while it still has `status` (a save that attached it meanwhile wins). */
export async function deleteFileIfStatus(db: DbOrTx, id: number, status: FileStatus): Promise<boolean> {
  const rows = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.status, status)))
    .returning({ id: storedFiles.id });
  return rows.length > 0;
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
export function deleteTempFile(db: DbOrTx, id: number): Promise<boolean> {
  return deleteFileIfStatus(db, id, FileStatus.Temp);
}
