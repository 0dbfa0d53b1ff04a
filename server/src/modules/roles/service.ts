import { AdminMsg, pageWindow, type roleBody, type roleListBody, SYS_ROLE_LABELS, SysRole, type saveUserRoleBody } from '@xuetu/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { actions, roleActions, roles, userRoles, users } from '../../db/schema/index.ts';
import { type Actor, invalidateActor, invalidateAllActors } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail, forbidden, notFound } from '../../platform/errors.ts';
import { scopeWhere, tenantScope } from '../../platform/scope.ts';
import { newCode } from '../companies/service.ts';
import { targetCompany } from '../companies/target.ts';
import { unmanageableUserIds } from '../users/manage.ts';
import { presentRole } from './presenter.ts';
import { findRolesInScope, grantsOf, listRoles } from './repository.ts';
import { canEditRole, canGrantRole, isPlatformAdmin, isRestrictedSysRole } from './rules.ts';

const validValues = (grants: { value: string; status: number }[] | undefined) =>
  (grants ?? []).filter((g) => g.status === 1).map((g) => g.value);

export async function listRolesForAdmin(ctx: AppContext, actor: Actor, input: z.output<typeof roleListBody>) {
  const { limit, offset } = pageWindow(input);
  const { rows, total } = await listRoles(ctx.db, tenantScope(actor), { key: input.key, limit, offset });
  return {
    models: rows.map((r) =>
      presentRole(r.role, { companyName: r.companyName, editable: canEditRole(actor, r.role), userCount: r.userCount }),
    ),
    totalCount: total,
  };
}

/** GetCurrentRoles: one role with the action ids it grants (the edit dialog's checked tree). */
export async function getRole(ctx: AppContext, actor: Actor, roleCode: string) {
  const [role] = await findRolesInScope(ctx.db, tenantScope(actor), [roleCode]);
  if (!role) throw notFound();
  const view = presentRole(role, { editable: canEditRole(actor, role) });
  // the platform administrator holds every valid action whatever is stored (actor.ts): show that, read-only
  if (role.sysRoleEnum === SysRole.PlatformAdmin) {
    const all = await ctx.db.select({ id: actions.id }).from(actions).where(eq(actions.status, 1));
    return { ...view, roleAct: all.map((a) => a.id), allActions: true };
  }
  const grants = await grantsOf(ctx.db, [role.id]);
  return { ...view, roleAct: (grants.get(role.id) ?? []).map((g) => g.id), allActions: false };
}

/** GetSysRoleEnum: the role types the caller may give a role. */
export function sysRoleOptions(actor: Actor) {
  const values = isPlatformAdmin(actor) ? [0, 1, 2, 3, 4] : [0, SysRole.CompanyAdmin, SysRole.Learner];
  return values.map((value) => ({ value, label: SYS_ROLE_LABELS[value] }));
}

/** Checks the requested action ids exist and (below the platform administrator) are held by the actor. */
async function checkRoleActions(ctx: AppContext, actor: Actor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await ctx.db.select({ id: actions.id, value: actions.value }).from(actions).where(inArray(actions.id, unique));
  if (rows.length !== unique.length) throw fail(AdminMsg.actionsNotHeld);
  if (!isPlatformAdmin(actor)) {
    const held = new Set(actor.actions);
    if (rows.some((r) => !held.has(r.value))) throw fail(AdminMsg.actionsNotHeld);
  }
  return unique;
}

export async function addRole(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof roleBody>) {
  if (isRestrictedSysRole(input.sysRoleEnum) && !isPlatformAdmin(actor)) throw fail(AdminMsg.sysRoleRestricted);
  const actionIds = await checkRoleActions(ctx, actor, input.roleAct);
  const scope = tenantScope(actor);
  const companySysCode = scope.all
    ? input.companySysCode
      ? (await targetCompany(ctx.db, actor, input.companySysCode)).companySysCode
      : null
    : scope.companySysCode;
  const role = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roles)
      .values({ code: newCode('R'), roleName: input.roleName, sysRoleEnum: input.sysRoleEnum, companySysCode })
      .returning();
    if (actionIds.length) await tx.insert(roleActions).values(actionIds.map((actionId) => ({ roleId: row.id, actionId })));
    await recordAudit(tx, {
      actor,
      ip,
      action: 'role.add',
      target: row.code,
      detail: { roleName: row.roleName, sysRoleEnum: row.sysRoleEnum, roleAct: actionIds },
    });
    return row;
  });
  return presentRole(role, { editable: true });
}

export async function editRole(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof roleBody>) {
  const [role] = await findRolesInScope(ctx.db, tenantScope(actor), input.code ? [input.code] : []);
  if (!role || !canEditRole(actor, role)) throw notFound();
  // spec §4: the role type can change only while it is 0
  if (role.sysRoleEnum !== 0 && input.sysRoleEnum !== role.sysRoleEnum) throw fail(AdminMsg.sysRoleLocked);
  if (role.sysRoleEnum === 0 && isRestrictedSysRole(input.sysRoleEnum) && !isPlatformAdmin(actor)) throw fail(AdminMsg.sysRoleRestricted);
  // a platform administrator role holds every action by its type: its tree is read-only, grants stay as they are
  const allActions = role.sysRoleEnum === SysRole.PlatformAdmin;
  const actionIds = allActions ? [] : await checkRoleActions(ctx, actor, input.roleAct);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(roles)
      .set({ roleName: input.roleName, sysRoleEnum: input.sysRoleEnum })
      .where(eq(roles.id, role.id))
      .returning();
    if (!allActions) {
      await tx.delete(roleActions).where(eq(roleActions.roleId, role.id));
      if (actionIds.length) await tx.insert(roleActions).values(actionIds.map((actionId) => ({ roleId: role.id, actionId })));
    }
    await recordAudit(tx, {
      actor,
      ip,
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
export async function saveUserRoles(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof saveUserRoleBody>) {
  const scope = tenantScope(actor);
  const [target] = await ctx.db
    .select({ id: users.id, companySysCode: users.companySysCode, accountCode: users.accountCode })
    .from(users)
    .where(and(eq(users.id, input.userId), scopeWhere(scope, users.companySysCode)))
    .limit(1);
  if (!target) throw notFound();
  // the same "may manage this user" rule as the direct edit routes
  if ((await unmanageableUserIds(ctx.db, actor, [target.id])).size) throw forbidden();
  const codes = [...new Set(input.roleList)];
  const wanted = await findRolesInScope(ctx.db, scope, codes);
  if (wanted.length !== codes.length) throw notFound('角色不存在');
  // a company's own role belongs to that company's people only
  if (wanted.some((r) => r.companySysCode !== null && r.companySysCode !== target.companySysCode)) throw notFound('角色不存在');
  const current = await ctx.db
    .select({ role: roles })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, target.id));
  const wantedIds = new Set(wanted.map((r) => r.id));
  const currentIds = new Set(current.map((c) => c.role.id));
  const changed = [...wanted.filter((r) => !currentIds.has(r.id)), ...current.map((c) => c.role).filter((r) => !wantedIds.has(r.id))];
  const grants = await grantsOf(
    ctx.db,
    changed.map((r) => r.id),
  );
  if (changed.some((r) => !canGrantRole(actor, r, validValues(grants.get(r.id))))) throw fail(AdminMsg.roleNotGrantable);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, target.id));
    if (wanted.length) await tx.insert(userRoles).values(wanted.map((r) => ({ userId: target.id, roleId: r.id })));
    await recordAudit(tx, { actor, ip, action: 'user.setRoles', target: target.accountCode, detail: { roles: codes } });
  });
  await invalidateActor(ctx, target.id);
  return null;
}
