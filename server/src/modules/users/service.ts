import { AdminMsg, type learnerBody, Msg, pageWindow, parseDateTime, type UserListBody, UserType } from '@xuetu/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, invalidateActor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, appError, notFound } from '../../platform/errors.ts';
import { generateTemporaryPassword, hashPassword } from '../../platform/passwords.ts';
import { type Subject, subjectOf } from '../../platform/policy.ts';
import { tenantScope } from '../../platform/scope.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { filterCompany, targetCompany } from '../companies/target.ts';
import { descendantIds, findOrgInScope, listOrgs } from '../orgs/repository.ts';
import { findPostInScope } from '../posts/repository.ts';
import { platformRoleHolders } from './manage.ts';
import { authorize } from './policy.ts';
import { presentUserRow } from './presenter.ts';
import {
  accountCodeTaken,
  dropCompanyRoles,
  findClash,
  findUserInScope,
  insertUser,
  listUsers,
  rolesOfUsers,
  type UserRow,
  updateUser,
  userWhere,
} from './repository.ts';

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

/** A user the actor may change (policy.ts "manage"); another company's answers like a missing one. */
async function managedUser(ctx: AppContext, subject: Subject, userId: number): Promise<UserRow> {
  const user = await findUserInScope(ctx.db, subject.scope, userId);
  if (!user) throw notFound();
  const holdsPlatformRole = (await platformRoleHolders(ctx.db, [user.id])).has(user.id);
  authorize(subject, 'manage', { companySysCode: user.companySysCode, holdsPlatformRole });
  return user;
}

/** OpenAndClose: enables or disables a user; disabling ends all their sessions. */
export async function toggleUserStatus(ctx: AppContext, actor: Actor, ip: string, userId: number) {
  const subject = subjectOf(actor);
  authorize(subject, 'toggleStatus', { id: userId });
  const user = await managedUser(ctx, subject, userId);
  const status = user.status === 1 ? 0 : 1;
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, subject.scope, user.id, { status, updatedAt: new Date() });
    await recordAudit(tx, { actor, ip, action: status ? 'user.enable' : 'user.disable', target: user.accountCode });
  });
  if (status === 0) await revokeUserSessions(ctx, user.id);
  await invalidateActor(ctx, user.id);
  return { status };
}

/** SetUserCompany: moves a user to a company; department and posts belong to the old one and are cleared. */
export async function setUserCompany(ctx: AppContext, actor: Actor, ip: string, input: { code: string; userId: number }) {
  const subject = subjectOf(actor);
  const user = await managedUser(ctx, subject, input.userId);
  const company = await targetCompany(ctx.db, actor, input.code);
  if (company.companySysCode === user.companySysCode) return null;
  await ctx.db.transaction(async (tx) => {
    const values = { companySysCode: company.companySysCode, orgId: null, postId: null, partTimePostId: null, updatedAt: new Date() };
    await updateUser(tx, subject.scope, user.id, values);
    // roles of the old company do not travel with the user
    await dropCompanyRoles(tx, subject.scope, user.id);
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
  const subject = subjectOf(actor);
  const user = await managedUser(ctx, subject, userId);
  const temporary = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporary);
  await ctx.db.transaction(async (tx) => {
    const values = { passwordHash, mustChangePassword: true, activatedAt: user.activatedAt ?? new Date(), updatedAt: new Date() };
    await updateUser(tx, subject.scope, user.id, values);
    await recordAudit(tx, { actor, ip, action: 'user.resetPassword', target: user.accountCode });
  });
  await revokeUserSessions(ctx, user.id);
  await invalidateActor(ctx, user.id);
  return AdminMsg.passwordReset(user.chnName, user.accountCode, temporary);
}

/** A new account code: the ID number when free (employees sign in with it), else with the company code. */
export async function newAccountCode(db: Parameters<typeof accountCodeTaken>[0], idCard: string, companyCode: string): Promise<string> {
  for (const candidate of [idCard, `${companyCode}-${idCard}`, `${companyCode}-${idCard}-${Date.now().toString(36)}`]) {
    if (!(await accountCodeTaken(db, candidate))) return candidate;
  }
  throw new AppError(Msg.serverError, 500, 500, null, 'SERVER_ERROR');
}

/** EditUserInfo: adds (type 1) or edits a learner; ID number and phone are unique within the company. */
export async function saveLearner(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof learnerBody>) {
  const subject = subjectOf(actor);
  const { scope } = subject;
  const adding = input.type === 1 || !input.userId;
  authorize(subject, adding ? 'add' : 'edit', null);
  const existing = adding ? undefined : await managedUser(ctx, subject, input.userId as number);
  const company = existing
    ? existing.companySysCode
      ? await targetCompany(ctx.db, actor, existing.companySysCode).catch(() => null)
      : null
    : await targetCompany(ctx.db, actor, input.companySysCode);
  const companySysCode = company?.companySysCode ?? null;

  const org = input.orgCode ? await findOrgInScope(ctx.db, scope, { orgCode: input.orgCode }) : undefined;
  if (input.orgCode && (!org || org.companySysCode !== companySysCode)) throw appError('USER_ORG_INVALID');
  const post = input.postCode ? await findPostInScope(ctx.db, scope, { postCode: input.postCode }) : undefined;
  if (input.postCode && (!post || post.companySysCode !== companySysCode)) throw appError('USER_POST_INVALID');
  const partTime = input.partTimePostCode ? await findPostInScope(ctx.db, scope, { postCode: input.partTimePostCode }) : undefined;
  if (input.partTimePostCode && (!partTime || partTime.companySysCode !== companySysCode)) throw appError('USER_PART_TIME_POST_INVALID');

  if (await findClash(ctx.db, companySysCode, 'idCard', input.idCard, existing?.id)) throw appError('USER_ID_CARD_TAKEN');
  if (await findClash(ctx.db, companySysCode, 'mobile', input.mobile, existing?.id)) throw appError('USER_MOBILE_TAKEN');

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
      await updateUser(tx, scope, existing.id, values);
      await recordAudit(tx, { actor, ip, action: 'user.edit', target: existing.accountCode, detail });
      return existing.id;
    }
    const accountCode = await newAccountCode(tx, input.idCard, company?.companyCode ?? 'U');
    // registration is activation (DESIGN.md §4): no password until the employee registers
    const id = await insertUser(tx, scope, { ...values, accountCode, companySysCode });
    await recordAudit(tx, { actor, ip, action: 'user.add', target: accountCode, detail });
    return id;
  });
  if (existing) await invalidateActor(ctx, existing.id);
  return { userId };
}
