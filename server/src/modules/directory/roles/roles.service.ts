import {
  EnableStatus,
  pageWindow,
  type roleBody,
  type roleListBody,
  SYS_ROLE_LABELS,
  SysRole,
  type saveUserRoleBody,
} from '@xuetu/contract';
import type { z } from 'zod';
import { invalidateActor, invalidateAllActors } from '../../../platform/actor.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newShortCode } from '../../../platform/codes.ts';
import { appError, notFound } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { targetCompany } from '../companies/target.ts';
import { platformRoleHolders } from '../users/manage.ts';
import { authorize as authorizeUser } from '../users/users.policy.ts';
import { authorize, can } from './roles.policy.ts';
import { presentRole } from './roles.presenter.ts';
import {
  actionValuesByIds,
  enabledActionIds,
  findRolesInScope,
  findUserInScope,
  grantsOf,
  insertRole,
  listRoles,
  replaceUserRoles,
  rolesOfUser,
  updateRole,
} from './roles.repository.ts';
import { isPlatformAdmin } from './rules.ts';

const validValues = (grants: { value: string; status: number }[] | undefined) =>
  (grants ?? []).filter((g) => g.status === EnableStatus.Enabled).map((g) => g.value);

export async function listRolesForAdmin(caller: Caller, input: z.output<typeof roleListBody>) {
  const { limit, offset } = pageWindow(input);
  const { rows, total } = await listRoles(caller.ctx.db, caller.scope, { key: input.key, limit, offset });
  return {
    models: rows.map((r) =>
      presentRole(r.role, { companyName: r.companyName, editable: can(caller, 'edit', r.role), userCount: r.userCount }),
    ),
    totalCount: total,
  };
}

/** GetCurrentRoles: one role with the action ids it grants (the edit dialog's checked tree). */
export async function getRole(caller: Caller, roleCode: string) {
  const { ctx } = caller;
  const [role] = await findRolesInScope(ctx.db, caller.scope, [roleCode]);
  if (!role) throw notFound();
  const view = presentRole(role, { editable: can(caller, 'edit', role) });
  // the platform administrator holds every valid action whatever is stored (actor.ts): show that, read-only
  if (role.sysRoleEnum === SysRole.PlatformAdmin) {
    return { ...view, roleAct: await enabledActionIds(ctx.db), allActions: true };
  }
  const grants = await grantsOf(ctx.db, [role.id]);
  return { ...view, roleAct: (grants.get(role.id) ?? []).map((g) => g.id), allActions: false };
}

/** GetSysRoleEnum: the role types the caller may give a role. */
export function sysRoleOptions(caller: Caller) {
  const values = isPlatformAdmin(requireActor(caller)) ? [0, 1, 2, 3, 4] : [0, SysRole.CompanyAdmin, SysRole.Learner];
  return values.map((value) => ({ value, label: SYS_ROLE_LABELS[value] }));
}

/** Checks the requested action ids exist and (below the platform administrator) are held by the actor. */
async function checkRoleActions(caller: Caller, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await actionValuesByIds(caller.ctx.db, unique);
  if (rows.length !== unique.length) throw appError('ROLE_ACTIONS_NOT_HELD');
  authorize(caller, 'includeActions', { values: rows.map((r) => r.value) });
  return unique;
}

export async function addRole(caller: Caller, input: z.output<typeof roleBody>) {
  const { ctx, scope } = caller;
  authorize(caller, 'setType', { from: 0, to: input.sysRoleEnum });
  const actionIds = await checkRoleActions(caller, input.roleAct);
  const companySysCode = scope.all
    ? input.companySysCode
      ? (await targetCompany(ctx.db, requireActor(caller), input.companySysCode)).companySysCode
      : null
    : scope.companySysCode;
  const role = await inTransaction(ctx, async (tx) => {
    const values = { code: newShortCode('R'), roleName: input.roleName, sysRoleEnum: input.sysRoleEnum, companySysCode };
    const row = await insertRole(tx, scope, values, actionIds);
    await recordAudit(tx, caller, {
      action: 'role.add',
      target: row.code,
      detail: { roleName: row.roleName, sysRoleEnum: row.sysRoleEnum, roleAct: actionIds },
    });
    return row;
  });
  return presentRole(role, { editable: true });
}

export async function editRole(caller: Caller, input: z.output<typeof roleBody>) {
  const { ctx } = caller;
  const [role] = await findRolesInScope(ctx.db, caller.scope, input.code ? [input.code] : []);
  if (!role) throw notFound();
  authorize(caller, 'edit', role);
  authorize(caller, 'setType', { from: role.sysRoleEnum, to: input.sysRoleEnum });
  // a platform administrator role holds every action by its type: its tree is read-only, grants stay as they are
  const allActions = role.sysRoleEnum === SysRole.PlatformAdmin;
  const actionIds = allActions ? [] : await checkRoleActions(caller, input.roleAct);
  const row = await inTransaction(ctx, async (tx) => {
    const values = { roleName: input.roleName, sysRoleEnum: input.sysRoleEnum };
    const updated = await updateRole(tx, caller.scope, role.id, values, allActions ? null : actionIds);
    await recordAudit(tx, caller, {
      action: 'role.edit',
      target: role.code,
      detail: { roleName: input.roleName, sysRoleEnum: input.sysRoleEnum, ...(allActions ? {} : { roleAct: actionIds }) },
    });
    return updated;
  });
  await invalidateAllActors(ctx);
  return presentRole(row, { editable: true });
}

/** SaveUserRole: replaces a user's roles; the actor can give or take away only roles they could hold. */
export async function saveUserRoles(caller: Caller, input: z.output<typeof saveUserRoleBody>) {
  const { ctx, scope } = caller;
  const target = await findUserInScope(ctx.db, scope, input.userId);
  if (!target) throw notFound();
  // the same "may manage this user" rule as the direct edit routes
  const holdsPlatformRole = (await platformRoleHolders(ctx.db, [target.id])).has(target.id);
  authorizeUser(caller, 'manage', { companySysCode: target.companySysCode, holdsPlatformRole });
  const codes = [...new Set(input.roleList)];
  const wanted = await findRolesInScope(ctx.db, scope, codes);
  if (wanted.length !== codes.length) throw appError('ROLE_NOT_FOUND');
  for (const role of wanted) authorize(caller, 'giveTo', { role, user: target });
  const current = await rolesOfUser(ctx.db, target.id);
  const wantedIds = new Set(wanted.map((r) => r.id));
  const currentIds = new Set(current.map((c) => c.role.id));
  const changed = [...wanted.filter((r) => !currentIds.has(r.id)), ...current.map((c) => c.role).filter((r) => !wantedIds.has(r.id))];
  const grants = await grantsOf(
    ctx.db,
    changed.map((r) => r.id),
  );
  for (const role of changed)
    authorize(caller, 'grant', { sysRoleEnum: role.sysRoleEnum, grantedValues: validValues(grants.get(role.id)) });
  await inTransaction(ctx, async (tx) => {
    await replaceUserRoles(
      tx,
      scope,
      target.id,
      wanted.map((r) => r.id),
    );
    await recordAudit(tx, caller, {
      action: 'user.setRoles',
      target: target.accountCode,
      detail: { roles: codes },
    });
  });
  await invalidateActor(ctx, target.id);
  return null;
}
