import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { media, type Rendition, resources } from '../../../db/schema/index.ts';

export type MediaRow = typeof media.$inferSelect;

export async function insertMedia(db: DbOrTx, values: typeof media.$inferInsert): Promise<MediaRow> {
  const [row] = await db.insert(media).values(values).returning();
  return row;
}

export async function findMedia(db: DbOrTx, mediaCode: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.mediaCode, mediaCode)).limit(1);
  return row;
}

export async function updateMedia(db: DbOrTx, id: number, values: Partial<typeof media.$inferInsert>): Promise<void> {
  await db.update(media).set(values).where(eq(media.id, id));
}

/** The duration read from the media goes to every resource that uses it. */
export async function setResourceDuration(db: DbOrTx, mediaCode: string, duration: number): Promise<void> {
  await db
    .update(resources)
    .set({ duration })
    .where(and(eq(resources.mediaId, mediaCode), isNull(resources.deletedAt)));
}

export type { Rendition };

export async function findMediaById(db: DbOrTx, id: number): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row;
}
