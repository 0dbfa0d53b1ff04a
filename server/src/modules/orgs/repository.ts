import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orgs } from '../../db/schema/index.ts';
import { scopeWhere, type TenantScope } from '../../platform/scope.ts';

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
