import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { resources } from '../schema/resources.ts';
import { resCollects, resNotes, resThumbsups } from '../schema/study.ts';

// ---------- notes ----------

// Notes, favourites, likes, the viewing session and the study rows (res_study, res_study_day)
// are owned by their learner, not a company: every write below matches the owner's user id,
// which the service takes from the signed-in actor, and takes no tenant scope (ADR 0023). The
// company_sys_code on the study rows is the learner's company copied for statistics.

export type NoteRow = typeof resNotes.$inferSelect;

export function listNotes(db: DbOrTx, userId: number, resId: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(resNotes)
    .where(and(eq(resNotes.userId, userId), eq(resNotes.resId, resId)))
    .orderBy(asc(resNotes.position), asc(resNotes.id));
}

export async function insertNote(db: DbOrTx, v: typeof resNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(resNotes).values(v).returning();
  return row;
}

/** Changes one's own note; undefined when the id is not this user's. */
export async function updateNote(
  db: DbOrTx,
  userId: number,
  id: number,
  v: { content: string; position?: number; updatedAt: Date },
): Promise<NoteRow | undefined> {
  const [row] = await db
    .update(resNotes)
    .set(v)
    .where(and(eq(resNotes.id, id), eq(resNotes.userId, userId)))
    .returning();
  return row;
}

export async function deleteNote(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(resNotes)
    .where(and(eq(resNotes.id, id), eq(resNotes.userId, userId)))
    .returning({ id: resNotes.id });
  return rows.length > 0;
}

export async function noteResCode(db: DbOrTx, userId: number, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ code: resources.resCode })
    .from(resNotes)
    .innerJoin(resources, eq(resources.id, resNotes.resId))
    .where(and(eq(resNotes.id, id), eq(resNotes.userId, userId)))
    .limit(1);
  return row?.code;
}

// ---------- favourites and likes ----------

/** Toggles the favourite; answers the new state. */
export async function toggleCollect(db: DbOrTx, userId: number, resId: number, now: Date): Promise<boolean> {
  const removed = await db
    .delete(resCollects)
    .where(and(eq(resCollects.userId, userId), eq(resCollects.resId, resId)))
    .returning({ u: resCollects.userId });
  if (removed.length) return false;
  await db.insert(resCollects).values({ userId, resId, createdAt: now }).onConflictDoNothing();
  return true;
}

/** Adds a like once; answers whether this call added it. */
export async function addThumbsup(db: DbOrTx, userId: number, resId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(resThumbsups)
    .values({ userId, resId, createdAt: now })
    .onConflictDoNothing()
    .returning({ u: resThumbsups.userId });
  return rows.length > 0;
}

export async function countCollects(db: DbOrTx, resId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(resCollects).where(eq(resCollects.resId, resId));
  return Number(n);
}

export async function countThumbsups(db: DbOrTx, resId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(resThumbsups).where(eq(resThumbsups.resId, resId));
  return Number(n);
}
