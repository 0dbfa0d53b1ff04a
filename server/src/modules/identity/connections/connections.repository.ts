import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { identityConnections } from '../schema.ts';

export type ConnectionRow = typeof identityConnections.$inferSelect;
type ConnectionValues = Pick<ConnectionRow, 'kind' | 'name' | 'enabled' | 'settings' | 'secret'>;

/** The connections the scope sees, of one company when `company` is given (undefined: every company in scope). */
export async function listConnections(db: DbOrTx, scope: TenantScope, company: string | undefined): Promise<ConnectionRow[]> {
  const where = and(
    scopeWhere(scope, identityConnections.companySysCode),
    company === undefined ? undefined : eq(identityConnections.companySysCode, company),
  );
  return db.select().from(identityConnections).where(where).orderBy(asc(identityConnections.companySysCode), asc(identityConnections.id));
}

/** One connection when the scope sees it (another company's answers like a missing one). */
export async function findConnectionInScope(db: DbOrTx, scope: TenantScope, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(identityConnections)
    .where(and(eq(identityConnections.id, id), scopeWhere(scope, identityConnections.companySysCode)))
    .limit(1);
  return row;
}

/** Whether the company has another connection of this name. */
export async function connectionNameTaken(db: DbOrTx, company: string, name: string, exceptId: number | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: identityConnections.id })
    .from(identityConnections)
    .where(
      and(
        eq(identityConnections.companySysCode, company),
        eq(identityConnections.name, name),
        exceptId === undefined ? undefined : ne(identityConnections.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertConnection(
  tx: DbOrTx,
  row: ConnectionValues & { companySysCode: string; createdBy: number | null; now: Date },
): Promise<ConnectionRow> {
  const { now, ...values } = row;
  const [inserted] = await tx
    .insert(identityConnections)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return inserted!;
}

/** Changes a connection the scope sees; its company never changes. */
export async function updateConnection(
  tx: DbOrTx,
  scope: TenantScope,
  id: number,
  values: ConnectionValues & { now: Date },
): Promise<ConnectionRow | undefined> {
  const { now, ...rest } = values;
  const [row] = await tx
    .update(identityConnections)
    .set({ ...rest, updatedAt: now })
    .where(and(eq(identityConnections.id, id), scopeWhere(scope, identityConnections.companySysCode)))
    .returning();
  return row;
}

export async function deleteConnection(tx: DbOrTx, scope: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .delete(identityConnections)
    .where(and(eq(identityConnections.id, id), scopeWhere(scope, identityConnections.companySysCode)))
    .returning({ id: identityConnections.id });
  return rows.length > 0;
}

/** Every enabled connection of a kind, all companies (the sign-in asks them; a system read). */
export async function enabledConnectionsOfKind(db: DbOrTx, kind: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(identityConnections)
    .where(and(eq(identityConnections.kind, kind), eq(identityConnections.enabled, true)))
    .orderBy(asc(identityConnections.id));
}

/** One enabled connection of a kind by id, any company (the public sign-in starts from its id; a system read). */
export async function findEnabledConnection(db: DbOrTx, id: number, kind: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(identityConnections)
    .where(and(eq(identityConnections.id, id), eq(identityConnections.kind, kind), eq(identityConnections.enabled, true)))
    .limit(1);
  return row;
}
