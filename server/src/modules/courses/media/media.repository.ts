import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { media, type Rendition, resources } from '../schema/resources.ts';

export type MediaRow = typeof media.$inferSelect;

/** An upload belongs to the uploader's company, which must be inside the scope. */
export async function insertMedia(db: DbOrTx, scope: TenantScope, values: typeof media.$inferInsert): Promise<MediaRow> {
  return insertInScope(db, scope, media, values);
}

export async function findMedia(db: DbOrTx, mediaCode: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.mediaCode, mediaCode)).limit(1);
  return row;
}

/** The media job passes PLATFORM_WIDE (it works for whichever company uploaded). */
export async function updateMedia(db: DbOrTx, scope: TenantScope, id: number, values: Partial<typeof media.$inferInsert>): Promise<void> {
  await db
    .update(media)
    .set(values)
    .where(and(eq(media.id, id), scopeWhere(scope, media.companySysCode)));
}

/**
 * The duration read from the media goes to every resource that uses it as its single media (a
 * course of lessons keeps the sum of its lessons, ADR 0022).
 */
export async function setResourceDuration(db: DbOrTx, scope: TenantScope, mediaCode: string, duration: number): Promise<void> {
  await db
    .update(resources)
    .set({ duration })
    .where(
      and(
        eq(resources.mediaId, mediaCode),
        isNull(resources.deletedAt),
        sql`jsonb_array_length(${resources.lessons}) <= 1`,
        scopeWhere(scope, resources.companySysCode),
      ),
    );
}

export type { Rendition };

export async function findMediaById(db: DbOrTx, id: number): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row;
}
