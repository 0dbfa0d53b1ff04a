import { pageWindow, type roleBody, type roleListBody, SYS_ROLE_LABELS, SysRole, type saveUserRoleBody } from '@xuetu/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { actions, roles, userRoles, users } from '../../db/schema/index.ts';
import { type Actor, invalidateActor, invalidateAllActors } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { appError, notFound } from '../../platform/errors.ts';
import { subjectOf } from '../../platform/policy.ts';
import { scopeWhere } from '../../platform/scope.ts';
import { newCode } from '../companies/service.ts';
import { targetCompany } from '../companies/target.ts';
import { platformRoleHolders } from '../users/manage.ts';
import { authorize as authorizeUser } from '../users/policy.ts';
import { authorize, can } from './policy.ts';
import { presentRole } from './presenter.ts';
import { findRolesInScope, grantsOf, insertRole, listRoles, replaceUserRoles, updateRole } from './repository.ts';
import { isPlatformAdmin } from './rules.ts';

const validValues = (grants: { value: string; status: number }[] | undefined) =>
  (grants ?? []).filter((g) => g.status === 1).map((g) => g.value);

export async function listRolesForAdmin(ctx: AppContext, actor: Actor, input: z.output<typeof roleListBody>) {
  const { limit, offset } = pageWindow(input);
  const subject = subjectOf(actor);
  const { rows, total } = await listRoles(ctx.db, subject.scope, { key: input.key, limit, offset });
  return {
    models: rows.map((r) =>
      presentRole(r.role, { companyName: r.companyName, editable: can(subject, 'edit', r.role), userCount: r.userCount }),
    ),
    totalCount: total,
  };
}

/** GetCurrentRoles: one role with the action ids it grants (the edit dialog's checked tree). */
export async function getRole(ctx: AppContext, actor: Actor, roleCode: string) {
  const subject = subjectOf(actor);
  const [role] = await findRolesInScope(ctx.db, subject.scope, [roleCode]);
  if (!role) throw notFound();
  const view = presentRole(role, { editable: can(subject, 'edit', role) });
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
  if (rows.length !== unique.length) throw appError('ROLE_ACTIONS_NOT_HELD');
  authorize(subjectOf(actor), 'includeActions', { values: rows.map((r) => r.value) });
  return unique;
}

export async function addRole(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof roleBody>) {
  const subject = subjectOf(actor);
  authorize(subject, 'setType', { from: 0, to: input.sysRoleEnum });
  const actionIds = await checkRoleActions(ctx, actor, input.roleAct);
  const { scope } = subject;
  const companySysCode = scope.all
    ? input.companySysCode
      ? (await targetCompany(ctx.db, actor, input.companySysCode)).companySysCode
      : null
    : scope.companySysCode;
  const role = await ctx.db.transaction(async (tx) => {
    const values = { code: newCode('R'), roleName: input.roleName, sysRoleEnum: input.sysRoleEnum, companySysCode };
    const row = await insertRole(tx, scope, values, actionIds);
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
  const subject = subjectOf(actor);
  const [role] = await findRolesInScope(ctx.db, subject.scope, input.code ? [input.code] : []);
  if (!role) throw notFound();
  authorize(subject, 'edit', role);
  authorize(subject, 'setType', { from: role.sysRoleEnum, to: input.sysRoleEnum });
  // a platform administrator role holds every action by its type: its tree is read-only, grants stay as they are
  const allActions = role.sysRoleEnum === SysRole.PlatformAdmin;
  const actionIds = allActions ? [] : await checkRoleActions(ctx, actor, input.roleAct);
  const row = await ctx.db.transaction(async (tx) => {
    const values = { roleName: input.roleName, sysRoleEnum: input.sysRoleEnum };
    const updated = await updateRole(tx, subject.scope, role.id, values, allActions ? null : actionIds);
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
  const subject = subjectOf(actor);
  const { scope } = subject;
  const [target] = await ctx.db
    .select({ id: users.id, companySysCode: users.companySysCode, accountCode: users.accountCode })
    .from(users)
    .where(and(eq(users.id, input.userId), scopeWhere(scope, users.companySysCode)))
    .limit(1);
  if (!target) throw notFound();
  // the same "may manage this user" rule as the direct edit routes
  const holdsPlatformRole = (await platformRoleHolders(ctx.db, [target.id])).has(target.id);
  authorizeUser(subject, 'manage', { companySysCode: target.companySysCode, holdsPlatformRole });
  const codes = [...new Set(input.roleList)];
  const wanted = await findRolesInScope(ctx.db, scope, codes);
  if (wanted.length !== codes.length) throw appError('ROLE_NOT_FOUND');
  for (const role of wanted) authorize(subject, 'giveTo', { role, user: target });
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
  for (const role of changed)
    authorize(subject, 'grant', { sysRoleEnum: role.sysRoleEnum, grantedValues: validValues(grants.get(role.id)) });
  await ctx.db.transaction(async (tx) => {
    await replaceUserRoles(
      tx,
      scope,
      target.id,
      wanted.map((r) => r.id),
    );
    await recordAudit(tx, { actor, ip, action: 'user.setRoles', target: target.accountCode, detail: { roles: codes } });
  });
  await invalidateActor(ctx, target.id);
  return null;
}
