import { AdminMsg, ORG_ROOT_ID, ORG_ROOT_LABEL, type OrgNode, type orgBody, type orgDeleteBody } from '@xuetu/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newShortCode } from '../../../platform/codes.ts';
import { appError, appErrorMsg, notFound } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { filterCompany, targetCompany } from '../companies/target.ts';
import { authorize } from './orgs.policy.ts';
import { presentOrgTree } from './orgs.presenter.ts';
import {
  deleteOrgs,
  descendantIds,
  findOrgInScope,
  insertOrg,
  listOrgs,
  orgNameTaken,
  peopleInOrgs,
  updateOrg,
} from './orgs.repository.ts';

/** GetOrgTree: the caller's departments under the virtual root -1 (ShowTop=0: without it). */
export async function getOrgTree(caller: Caller, input: { showTop: number; companySysCode: string }): Promise<OrgNode[]> {
  const { ctx, scope } = caller;
  const company = await filterCompany(ctx.db, scope, input.companySysCode);
  const rows = company === null ? [] : await listOrgs(ctx.db, scope, company);
  const tops = presentOrgTree(rows);
  if (input.showTop === 0) return tops;
  return [
    { id: ORG_ROOT_ID, orgCode: '', orgName: ORG_ROOT_LABEL, label: ORG_ROOT_LABEL, pId: 0, order: 0, companySysCode: '', children: tops },
  ];
}

/** Two departments under one parent may not share a name (compared without case and outer spaces). */
async function refuseSiblingName(tx: DbOrTx, companySysCode: string, pId: number, orgName: string, selfId?: number) {
  if (await orgNameTaken(tx, companySysCode, pId, orgName, selfId)) throw appError('ORG_NAME_TAKEN');
}

export async function addOrg(caller: Caller, input: z.output<typeof orgBody>) {
  const { scope } = caller;
  return inTransaction(caller, async (tx) => {
    let companySysCode: string;
    if (input.pId > 0) {
      const parent = await findOrgInScope(tx, scope, { id: input.pId });
      if (!parent) throw appError('ORG_PARENT_NOT_FOUND');
      companySysCode = parent.companySysCode;
    } else {
      companySysCode = (await targetCompany(tx, requireActor(caller), input.companySysCode)).companySysCode;
    }
    await refuseSiblingName(tx, companySysCode, input.pId, input.orgName);
    const values = { orgCode: newShortCode('O'), orgName: input.orgName, pId: input.pId, sortOrder: input.order, companySysCode };
    const row = await insertOrg(tx, scope, values);
    await recordAudit(tx, caller, {
      action: 'org.add',
      target: row.orgCode,
      detail: { orgName: row.orgName, pId: row.pId },
    });
    return presentOrgTree([row])[0];
  });
}

export async function editOrg(caller: Caller, input: z.output<typeof orgBody>) {
  authorize(caller, 'edit', { id: input.id });
  const { scope } = caller;
  return inTransaction(caller, async (tx) => {
    const org = await findOrgInScope(tx, scope, { id: input.id, orgCode: input.orgCode });
    if (!org) throw notFound();
    if (input.pId !== org.pId && input.pId > 0) {
      const parent = await findOrgInScope(tx, scope, { id: input.pId });
      authorize(caller, 'placeUnder', { org, parent });
      if (!parent) throw appError('ORG_PARENT_NOT_FOUND');
      const all = await listOrgs(tx, scope, org.companySysCode);
      if (descendantIds(all, org.id).includes(parent.id)) throw appError('ORG_PARENT_LOOP');
    }
    await refuseSiblingName(tx, org.companySysCode, input.pId, input.orgName, org.id);
    const row = await updateOrg(tx, scope, org.id, { orgName: input.orgName, sortOrder: input.order, pId: input.pId });
    await recordAudit(tx, caller, {
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
export async function deleteOrg(caller: Caller, input: z.output<typeof orgDeleteBody>) {
  authorize(caller, 'delete', { id: input.id });
  const { scope } = caller;
  return inTransaction(caller, async (tx) => {
    const org = await findOrgInScope(tx, scope, { id: input.id, orgCode: input.orgCode });
    if (!org) throw notFound();
    const ids = descendantIds(await listOrgs(tx, scope, org.companySysCode), org.id);
    const n = await peopleInOrgs(tx, org.companySysCode, ids);
    if (Number(n) > 0) throw appErrorMsg('ORG_HAS_USERS', AdminMsg.orgHasUsers(n));
    await deleteOrgs(tx, scope, ids);
    await recordAudit(tx, caller, {
      action: 'org.delete',
      target: org.orgCode,
      detail: { orgName: org.orgName, deletedIds: ids },
    });
    return { deleted: ids.length };
  });
}
