import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { insertInScope } from '../../../platform/table-writes.ts';
import { orgPosts, orgs } from '../schema/orgs.ts';
import { users } from '../schema/users.ts';

export type OrgRow = typeof orgs.$inferSelect;

/** The departments a scope may see, optionally of one company, in tree order. */
export async function listOrgs(db: DbOrTx, scope: TenantScope, companySysCode?: string): Promise<OrgRow[]> {
  const conds: SQL[] = [scopeWhere(scope, orgs.companySysCode)];
  if (companySysCode) conds.push(eq(orgs.companySysCode, companySysCode));
  return db
    .select()
    .from(orgs)
    .where(and(...conds))
    .orderBy(asc(orgs.sortOrder), asc(orgs.id));
}

/** A department by id or code, when inside the scope (another company's answers as missing). */
/** A company's departments, as an import resolves department paths and names. */
export async function orgTreeOfCompany(db: DbOrTx, companySysCode: string) {
  return db.select({ id: orgs.id, pId: orgs.pId, orgName: orgs.orgName }).from(orgs).where(eq(orgs.companySysCode, companySysCode));
}

export async function findOrgInScope(db: DbOrTx, scope: TenantScope, ref: { id?: number; orgCode?: string }): Promise<OrgRow | undefined> {
  const by = ref.id !== undefined && ref.id > 0 ? eq(orgs.id, ref.id) : ref.orgCode ? eq(orgs.orgCode, ref.orgCode) : undefined;
  if (!by) return undefined;
  const [row] = await db
    .select()
    .from(orgs)
    .where(and(by, scopeWhere(scope, orgs.companySysCode)))
    .limit(1);
  return row;
}

export async function findOrgsByIds(db: DbOrTx, scope: TenantScope, ids: number[]): Promise<OrgRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orgs)
    .where(and(inArray(orgs.id, ids), scopeWhere(scope, orgs.companySysCode)));
}

/** Ids of a department and all departments below it. */
export function descendantIds(all: Pick<OrgRow, 'id' | 'pId'>[], rootId: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const o of all) byParent.set(o.pId, [...(byParent.get(o.pId) ?? []), o.id]);
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop() as number;
    out.push(id);
    stack.push(...(byParent.get(id) ?? []));
  }
  return out;
}

/** Id path from the top department down to `id` (spec: comma ids top to leaf). */
export function idPath(byId: Map<number, Pick<OrgRow, 'id' | 'pId'>>, id: number): number[] {
  const path: number[] = [];
  let cur = byId.get(id);
  for (let guard = 0; cur && guard < 100; guard++) {
    path.unshift(cur.id);
    cur = byId.get(cur.pId);
  }
  return path;
}

// ---------- writes: departments change only inside the caller's scope ----------

export async function insertOrg(
  db: DbOrTx,
  scope: TenantScope,
  values: Pick<typeof orgs.$inferInsert, 'orgCode' | 'orgName' | 'pId' | 'sortOrder' | 'companySysCode'>,
): Promise<OrgRow> {
  return insertInScope(db, scope, orgs, values);
}

export async function updateOrg(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  values: Pick<typeof orgs.$inferInsert, 'orgName' | 'sortOrder' | 'pId'>,
): Promise<OrgRow> {
  const [row] = await db
    .update(orgs)
    .set(values)
    .where(and(eq(orgs.id, id), scopeWhere(scope, orgs.companySysCode)))
    .returning();
  return row;
}

/** Deletes these departments (of the scope) and their post assignments. */
export async function deleteOrgs(db: DbOrTx, scope: TenantScope, ids: number[]): Promise<void> {
  const mine = (await findOrgsByIds(db, scope, ids)).map((o) => o.id);
  if (mine.length === 0) return;
  await db.delete(orgPosts).where(inArray(orgPosts.orgId, mine));
  await db.delete(orgs).where(inArray(orgs.id, mine));
}

/** Whether a sibling department (same parent in the company) has this name, ignoring case and spaces. */
export async function orgNameTaken(db: DbOrTx, companySysCode: string, pId: number, orgName: string, selfId?: number): Promise<boolean> {
  const [same] = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(
      and(
        eq(orgs.companySysCode, companySysCode),
        eq(orgs.pId, pId),
        sql`lower(trim(${orgs.orgName})) = lower(${orgName.trim()})`,
        selfId === undefined ? undefined : ne(orgs.id, selfId),
      ),
    )
    .limit(1);
  return same !== undefined;
}

/** How many people of the company belong to these departments. */
export async function peopleInOrgs(db: DbOrTx, companySysCode: string, orgIds: number[]): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.orgId, orgIds), eq(users.companySysCode, companySysCode)));
  return Number(n);
}
