import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { lecturers } from '../schema.ts';

// What courses read of the portal's lecturers (ADR 0039: they never import the table).

/**
 * A lecturer's name by code, to join (`code`, `name`): a subquery PostgreSQL flattens into the
 * caller's query, so the join costs what a join on the table did.
 */
export const lecturerNameView = new QueryBuilder()
  .select({ code: lecturers.lecturerCode, name: lecturers.lecturerName })
  .from(lecturers)
  .as('lecturer_name');

/** What a course page shows of its lecturer: name, face and introduction. */
export async function lecturerCard(db: DbOrTx, code: string) {
  if (!code) return undefined;
  const [row] = await db
    .select({ name: lecturers.lecturerName, face: lecturers.faceUrl, intro: lecturers.briefIntroduce })
    .from(lecturers)
    .where(eq(lecturers.lecturerCode, code))
    .limit(1);
  return row;
}

export async function lecturerExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: lecturers.id }).from(lecturers).where(eq(lecturers.lecturerCode, code)).limit(1);
  return Boolean(row);
}

/** Some lecturer's code ('' when there is none): the demo seeds give their courses one. */
export async function anyLecturerCode(db: DbOrTx): Promise<string> {
  return (await db.select({ code: lecturers.lecturerCode }).from(lecturers).limit(1))[0]?.code ?? '';
}
