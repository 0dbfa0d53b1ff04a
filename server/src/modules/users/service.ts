import { AdminMsg, type learnerBody, Msg, Perm, pageWindow, parseDateTime, type UserListBody, UserType } from '@xuetu/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { type Actor, hasAction, invalidateActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fail, forbidden, notFound } from '../../platform/errors.ts';
import { generateTemporaryPassword, hashPassword } from '../../platform/passwords.ts';
import { type TenantScope, tenantScope } from '../../platform/scope.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { filterCompany, targetCompany } from '../companies/target.ts';
import { descendantIds, findOrgInScope, listOrgs } from '../orgs/repository.ts';
import { findPostInScope } from '../posts/repository.ts';
import { EDIT_MODE } from './access.ts';
import { unmanageableUserIds } from './manage.ts';
import { presentUserRow } from './presenter.ts';
import { accountCodeTaken, findClash, findUserInScope, listUsers, rolesOfUsers, type UserRow, userWhere } from './repository.ts';

/** The WHERE of a user list or export; null when a forged filter can match nothing. */
export async function buildUserFilter(
  ctx: AppContext,
  actor: Actor,
  input: Pick<UserListBody, 'key' | 'status' | 'orgCode' | 'postCode' | 'refCompanyCode'>,
): Promise<SQL | null> {
  const scope = tenantScope(actor);
  const company = await filterCompany(ctx.db, actor, input.refCompanyCode ?? '');
  if (company === null) return null;
  let orgIds: number[] | undefined;
  if (input.orgCode) {
    const org = await findOrgInScope(ctx.db, scope, {
      orgCode: input.orgCode,
      id: /^\d+$/.test(input.orgCode) ? Number(input.orgCode) : undefined,
    });
    if (!org) return null;
    orgIds = descendantIds(await listOrgs(ctx.db, scope, org.companySysCode), org.id);
  }
  let postId: number | undefined;
  if (input.postCode) {
    const post = await findPostInScope(ctx.db, scope, { postCode: input.postCode });
    if (!post) return null;
    postId = post.id;
  }
  return userWhere(scope, { key: input.key ?? '', status: input.status ?? '', orgIds, postId, company });
}

export async function listUsersForAdmin(ctx: AppContext, actor: Actor, input: UserListBody) {
  const where = await buildUserFilter(ctx, actor, input);
  if (!where) return { models: [], totalCount: 0 };
  const { rows, total } = await listUsers(ctx.db, where, pageWindow(input));
  const roleMap = await rolesOfUsers(
    ctx.db,
    rows.map((r) => r.user.id),
  );
  return { models: rows.map((r) => presentUserRow(r, roleMap.get(r.user.id))), totalCount: total };
}

/** A user the actor may change: inside the scope, and not a platform administrator unless the actor is one. */
async function managedUser(ctx: AppContext, actor: Actor, scope: TenantScope, userId: number): Promise<UserRow> {
  const user = await findUserInScope(ctx.db, scope, userId);
  if (!user) throw notFound();
  if ((await unmanageableUserIds(ctx.db, actor, [user.id])).size) throw forbidden();
  return user;
}

/** OpenAndClose: enables or disables a user; disabling ends all their sessions. */
export async function toggleUserStatus(ctx: AppContext, actor: Actor, ip: string, userId: number) {
  if (userId === actor.userId) throw fail(AdminMsg.cannotDisableSelf);
  const user = await managedUser(ctx, actor, tenantScope(actor), userId);
  const status = user.status === 1 ? 0 : 1;
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, { actor, ip, action: status ? 'user.enable' : 'user.disable', target: user.accountCode });
  });
  if (status === 0) await revokeUserSessions(ctx, user.id);
  await invalidateActor(ctx, user.id);
  return { status };
}

/** SetUserCompany: moves a user to a company; department and posts belong to the old one and are cleared. */
export async function setUserCompany(ctx: AppContext, actor: Actor, ip: string, input: { code: string; userId: number }) {
  const scope = tenantScope(actor);
  const user = await managedUser(ctx, actor, scope, input.userId);
  const company = await targetCompany(ctx.db, actor, input.code);
  if (company.companySysCode === user.companySysCode) return null;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ companySysCode: company.companySysCode, orgId: null, postId: null, partTimePostId: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    // roles of the old company do not travel with the user
    const held = await tx
      .select({ roleId: userRoles.roleId, company: roles.companySysCode })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id));
    for (const h of held) {
      if (h.company !== null) await tx.delete(userRoles).where(and(eq(userRoles.userId, user.id), eq(userRoles.roleId, h.roleId)));
    }
    await recordAudit(tx, {
      actor,
      ip,
      action: 'user.setCompany',
      target: user.accountCode,
      detail: { from: user.companySysCode, to: company.companySysCode },
    });
  });
  await invalidateActor(ctx, user.id);
  return null;
}

/** SetPassword (DESIGN.md §4): a random temporary password, shown once; it must be changed at next sign-in. */
export async function resetPassword(ctx: AppContext, actor: Actor, ip: string, userId: number): Promise<string> {
  const user = await managedUser(ctx, actor, tenantScope(actor), userId);
  const temporary = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporary);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, activatedAt: user.activatedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await recordAudit(tx, { actor, ip, action: 'user.resetPassword', target: user.accountCode });
  });
  await revokeUserSessions(ctx, user.id);
  await invalidateActor(ctx, user.id);
  return `${user.chnName}（${user.accountCode}）的密码已重置为：${temporary}  该密码只显示这一次，请转告本人；登录后须立即修改密码。`;
}

/** A new account code: the ID number when free (employees sign in with it), else with the company code. */
export async function newAccountCode(db: Parameters<typeof accountCodeTaken>[0], idCard: string, companyCode: string): Promise<string> {
  for (const candidate of [idCard, `${companyCode}-${idCard}`, `${companyCode}-${idCard}-${Date.now().toString(36)}`]) {
    if (!(await accountCodeTaken(db, candidate))) return candidate;
  }
  throw new AppError(Msg.serverError, 500, 500);
}

/** EditUserInfo: adds (type 1) or edits a learner; ID number and phone are unique within the company. */
export async function saveLearner(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof learnerBody>) {
  const scope = tenantScope(actor);
  const adding = input.type === 1 || !input.userId;
  if (adding && !hasAction(actor, Perm.UserAdd)) throw forbidden();
  if (!adding && !hasAction(actor, EDIT_MODE)) throw forbidden();
  const existing = adding ? undefined : await managedUser(ctx, actor, scope, input.userId as number);
  const company = existing
    ? existing.companySysCode
      ? await targetCompany(ctx.db, actor, existing.companySysCode).catch(() => null)
      : null
    : await targetCompany(ctx.db, actor, input.companySysCode);
  const companySysCode = company?.companySysCode ?? null;

  const org = input.orgCode ? await findOrgInScope(ctx.db, scope, { orgCode: input.orgCode }) : undefined;
  if (input.orgCode && (!org || org.companySysCode !== companySysCode)) throw fail(AdminMsg.selectOrg);
  const post = input.postCode ? await findPostInScope(ctx.db, scope, { postCode: input.postCode }) : undefined;
  if (input.postCode && (!post || post.companySysCode !== companySysCode)) throw fail(AdminMsg.selectPost);
  const partTime = input.partTimePostCode ? await findPostInScope(ctx.db, scope, { postCode: input.partTimePostCode }) : undefined;
  if (input.partTimePostCode && (!partTime || partTime.companySysCode !== companySysCode)) throw fail(AdminMsg.selectPartTimePost);

  if (await findClash(ctx.db, companySysCode, 'idCard', input.idCard, existing?.id)) throw fail(AdminMsg.idCardTaken);
  if (await findClash(ctx.db, companySysCode, 'mobile', input.mobile, existing?.id)) throw fail(AdminMsg.mobileTaken);

  const values = {
    chnName: input.chnName,
    idCard: input.idCard,
    mobile: input.mobile,
    validDate: parseDateTime(input.validDate),
    orgId: org?.id ?? null,
    postId: post?.id ?? null,
    partTimePostId: partTime?.id ?? null,
    // company administrators create company users only
    userType: scope.all ? input.userType : UserType.CompanyUser,
    updatedAt: new Date(),
  };
  const detail = { chnName: values.chnName, orgCode: input.orgCode, postCode: input.postCode, partTimePostCode: input.partTimePostCode };
  const userId = await ctx.db.transaction(async (tx) => {
    if (existing) {
      await tx.update(users).set(values).where(eq(users.id, existing.id));
      await recordAudit(tx, { actor, ip, action: 'user.edit', target: existing.accountCode, detail });
      return existing.id;
    }
    const accountCode = await newAccountCode(tx, input.idCard, company?.companyCode ?? 'U');
    // registration is activation (DESIGN.md §4): no password until the employee registers
    const [row] = await tx
      .insert(users)
      .values({ ...values, accountCode, companySysCode })
      .returning({ id: users.id });
    const [learner] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'learner')).limit(1);
    if (learner) await tx.insert(userRoles).values({ userId: row.id, roleId: learner.id });
    await recordAudit(tx, { actor, ip, action: 'user.add', target: accountCode, detail });
    return row.id;
  });
  if (existing) await invalidateActor(ctx, existing.id);
  return { userId };
}
