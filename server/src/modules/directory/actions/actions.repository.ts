import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { actions, roleActions } from '../schema/users.ts';

// sys_action is platform-owned (no company): its reads and writes take no tenant scope (ADR 0023).

export type ActionRow = typeof actions.$inferSelect;

export async function listActions(db: DbOrTx): Promise<ActionRow[]> {
  return db.select().from(actions).orderBy(asc(actions.sort), asc(actions.id));
}

export async function findAction(db: DbOrTx, ref: { id?: number; code?: string }): Promise<ActionRow | undefined> {
  const by = ref.id !== undefined ? eq(actions.id, ref.id) : ref.code ? eq(actions.code, ref.code) : undefined;
  if (!by) return undefined;
  const [row] = await db.select().from(actions).where(by).limit(1);
  return row;
}

export async function childPermissions(db: DbOrTx, parentId: number): Promise<ActionRow[]> {
  const rows = await db.select().from(actions).where(eq(actions.parentId, parentId)).orderBy(asc(actions.sort), asc(actions.id));
  return rows.filter((r) => r.type === 2);
}

export async function codesTaken(db: DbOrTx, codes: string[]): Promise<ActionRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(actions).where(inArray(actions.code, codes));
}

export async function insertAction(db: DbOrTx, values: typeof actions.$inferInsert): Promise<ActionRow> {
  const [row] = await db.insert(actions).values(values).returning();
  return row;
}

export async function updateAction(db: DbOrTx, id: number, values: Partial<typeof actions.$inferInsert>): Promise<ActionRow> {
  const [row] = await db.update(actions).set(values).where(eq(actions.id, id)).returning();
  return row;
}

/** Deletes the actions and their grants to roles. */
export async function deleteActions(db: DbOrTx, ids: number[]): Promise<void> {
  await db.delete(roleActions).where(inArray(roleActions.actionId, ids));
  await db.delete(actions).where(inArray(actions.id, ids));
}
