import { AdminMsg, ORG_ROOT_ID, type OrgNode, type orgBody, type orgDeleteBody, Perm } from '@xuetu/contract';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { orgPosts, orgs, users } from '../../db/schema/index.ts';
import { type Actor, hasAction } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail, forbidden, notFound } from '../../platform/errors.ts';
import { tenantScope } from '../../platform/scope.ts';
import { newCode } from '../companies/service.ts';
import { filterCompany, targetCompany } from '../companies/target.ts';
import { presentOrgTree } from './presenter.ts';
import { descendantIds, findOrgInScope, listOrgs } from './repository.ts';

const ROOT_LABEL = '全部部门';

/** GetOrgTree: the caller's departments under the virtual root -1 (ShowTop=0: without it). */
export async function getOrgTree(ctx: AppContext, actor: Actor, input: { showTop: number; companySysCode: string }): Promise<OrgNode[]> {
  const company = await filterCompany(ctx.db, actor, input.companySysCode);
  const rows = company === null ? [] : await listOrgs(ctx.db, tenantScope(actor), company);
  const tops = presentOrgTree(rows);
  if (input.showTop === 0) return tops;
  return [{ id: ORG_ROOT_ID, orgCode: '', orgName: ROOT_LABEL, label: ROOT_LABEL, pId: 0, order: 0, companySysCode: '', children: tops }];
}

/** Two departments under one parent may not share a name (compared without case and outer spaces). */
async function refuseSiblingName(tx: DbOrTx, companySysCode: string, pId: number, orgName: string, selfId?: number) {
  const [same] = await tx
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
  if (same) throw fail(AdminMsg.orgNameTaken);
}

export async function addOrg(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof orgBody>) {
  const scope = tenantScope(actor);
  return ctx.db.transaction(async (tx) => {
    let companySysCode: string;
    if (input.pId > 0) {
      const parent = await findOrgInScope(tx, scope, { id: input.pId });
      if (!parent) throw notFound('上级部门不存在');
      companySysCode = parent.companySysCode;
    } else {
      companySysCode = (await targetCompany(tx, actor, input.companySysCode)).companySysCode;
    }
    await refuseSiblingName(tx, companySysCode, input.pId, input.orgName);
    const [row] = await tx
      .insert(orgs)
      .values({ orgCode: newCode('O'), orgName: input.orgName, pId: input.pId, sortOrder: input.order, companySysCode })
      .returning();
    await recordAudit(tx, { actor, ip, action: 'org.add', target: row.orgCode, detail: { orgName: row.orgName, pId: row.pId } });
    return presentOrgTree([row])[0];
  });
}

export async function editOrg(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof orgBody>) {
  if (input.id === ORG_ROOT_ID) throw fail(AdminMsg.rootNotEditable);
  const scope = tenantScope(actor);
  return ctx.db.transaction(async (tx) => {
    const org = await findOrgInScope(tx, scope, { id: input.id, orgCode: input.orgCode });
    if (!org) throw notFound();
    if (input.pId !== org.pId && input.pId > 0) {
      const parent = await findOrgInScope(tx, scope, { id: input.pId });
      if (!parent || parent.companySysCode !== org.companySysCode) throw notFound('上级部门不存在');
      const all = await listOrgs(tx, scope, org.companySysCode);
      if (descendantIds(all, org.id).includes(parent.id)) throw fail(AdminMsg.orgParentLoop);
    }
    await refuseSiblingName(tx, org.companySysCode, input.pId, input.orgName, org.id);
    const [row] = await tx
      .update(orgs)
      .set({ orgName: input.orgName, sortOrder: input.order, pId: input.pId })
      .where(eq(orgs.id, org.id))
      .returning();
    await recordAudit(tx, {
      actor,
      ip,
      action: 'org.edit',
      target: org.orgCode,
      detail: {
        from: { orgName: org.orgName, pId: org.pId, order: org.sortOrder },
        to: { orgName: row.orgName, pId: row.pId, order: row.sortOrder },
      },
    });
    return presentOrgTree([row])[0];
  });
}

/**
 * Deletes a department and its child departments (spec). A department that still has users is
 * refused with the count, never emptied silently (ADR 0012).
 */
export async function deleteOrg(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof orgDeleteBody>) {
  if (input.id === ORG_ROOT_ID) throw fail(AdminMsg.rootNotEditable);
  if (!hasAction(actor, Perm.OrgDelete)) throw forbidden();
  const scope = tenantScope(actor);
  return ctx.db.transaction(async (tx) => {
    const org = await findOrgInScope(tx, scope, { id: input.id, orgCode: input.orgCode });
    if (!org) throw notFound();
    const ids = descendantIds(await listOrgs(tx, scope, org.companySysCode), org.id);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(inArray(users.orgId, ids), eq(users.companySysCode, org.companySysCode)));
    if (Number(n) > 0) throw fail(`该部门及其下级部门还有 ${n} 名用户，请先将他们调到其他部门后再删除`);
    await tx.delete(orgPosts).where(inArray(orgPosts.orgId, ids));
    await tx.delete(orgs).where(inArray(orgs.id, ids));
    await recordAudit(tx, { actor, ip, action: 'org.delete', target: org.orgCode, detail: { orgName: org.orgName, deletedIds: ids } });
    return { deleted: ids.length };
  });
}
