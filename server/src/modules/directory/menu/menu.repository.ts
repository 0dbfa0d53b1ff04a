import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { actions } from '../schema/users.ts';

// menus are sys_action rows, platform-owned (no company): read without a tenant scope (ADR 0023).

/** Every menu (type 0) and page (type 1), in menu order. */
export function listMenuRows(db: DbOrTx) {
  return db
    .select()
    .from(actions)
    .where(inArray(actions.type, [0, 1]))
    .orderBy(asc(actions.sort), asc(actions.id));
}
