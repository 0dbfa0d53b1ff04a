import { AdminMsg, EnableStatus, type learnerBody, pageWindow, parseDateTime, type UserListBody, UserType } from '@xuetu/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { invalidateActor } from '../../../platform/actor.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError, notFound } from '../../../platform/errors.ts';
import { publish } from '../../../platform/events.ts';
import { generateTemporaryPassword, hashPassword } from '../../../platform/passwords.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { filterCompany, targetCompany } from '../companies/target.ts';
import { descendantIds, findOrgInScope, listOrgs } from '../orgs/orgs.repository.ts';
import { findPostInScope } from '../posts/posts.repository.ts';
import { platformRoleHolders } from './manage.ts';
import { authorize } from './users.policy.ts';
import { presentUserRow } from './users.presenter.ts';
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
} from './users.repository.ts';

/** The WHERE of a user list or export; null when a forged filter can match nothing. */
export async function buildUserFilter(
  caller: Caller,
  input: Pick<UserListBody, 'key' | 'status' | 'orgCode' | 'postCode' | 'refCompanyCode'>,
): Promise<SQL | null> {
  const { scope } = caller;
  const db = caller.ctx.db;
  const company = await filterCompany(db, scope, input.refCompanyCode ?? '');
  if (company === null) return null;
  let orgIds: number[] | undefined;
  if (input.orgCode) {
    const org = await findOrgInScope(db, scope, {
      orgCode: input.orgCode,
      id: /^\d+$/.test(input.orgCode) ? Number(input.orgCode) : undefined,
    });
    if (!org) return null;
    orgIds = descendantIds(await listOrgs(db, scope, org.companySysCode), org.id);
  }
  let postId: number | undefined;
  if (input.postCode) {
    const post = await findPostInScope(db, scope, { postCode: input.postCode });
    if (!post) return null;
    postId = post.id;
  }
  return userWhere(scope, { key: input.key ?? '', status: input.status ?? '', orgIds, postId, company });
}

export async function listUsersForAdmin(caller: Caller, input: UserListBody) {
  const where = await buildUserFilter(caller, input);
  if (!where) return { models: [], totalCount: 0 };
  const { rows, total } = await listUsers(caller.ctx.db, where, pageWindow(input));
  const roleMap = await rolesOfUsers(
    caller.ctx.db,
    rows.map((r) => r.user.id),
  );
  return { models: rows.map((r) => presentUserRow(r, roleMap.get(r.user.id))), totalCount: total };
}

/** A user the actor may change (policy.ts "manage"); another company's answers like a missing one. */
async function managedUser(caller: Caller, userId: number): Promise<UserRow> {
  const user = await findUserInScope(caller.ctx.db, caller.scope, userId);
  if (!user) throw notFound();
  const holdsPlatformRole = (await platformRoleHolders(caller.ctx.db, [user.id])).has(user.id);
  authorize(caller, 'manage', { companySysCode: user.companySysCode, holdsPlatformRole });
  return user;
}

/** OpenAndClose: enables or disables a user; disabling ends all their sessions. */
export async function toggleUserStatus(caller: Caller, userId: number) {
  const { ctx } = caller;
  authorize(caller, 'toggleStatus', { id: userId });
  const user = await managedUser(caller, userId);
  const status = user.status === EnableStatus.Enabled ? EnableStatus.Disabled : EnableStatus.Enabled;
  await inTransaction(ctx, async (tx) => {
    await updateUser(tx, caller.scope, user.id, { status, updatedAt: caller.now });
    await recordAudit(tx, caller, {
      action: status === EnableStatus.Enabled ? 'user.enable' : 'user.disable',
      target: user.accountCode,
    });
  });
  if (status === EnableStatus.Disabled) await publish(ctx, 'directory.accessEnded', { userIds: [user.id], now: caller.now });
  await invalidateActor(ctx, user.id);
  return { status };
}

/** SetUserCompany: moves a user to a company; department and posts belong to the old one and are cleared. */
export async function setUserCompany(caller: Caller, input: { code: string; userId: number }) {
  const { ctx } = caller;
  const user = await managedUser(caller, input.userId);
  const company = await targetCompany(ctx.db, requireActor(caller), input.code);
  if (company.companySysCode === user.companySysCode) return null;
  await inTransaction(ctx, async (tx) => {
    const values = { companySysCode: company.companySysCode, orgId: null, postId: null, partTimePostId: null, updatedAt: caller.now };
    await updateUser(tx, caller.scope, user.id, values);
    // roles of the old company do not travel with the user
    await dropCompanyRoles(tx, caller.scope, user.id);
    await recordAudit(tx, caller, {
      action: 'user.setCompany',
      target: user.accountCode,
      detail: { from: user.companySysCode, to: company.companySysCode },
    });
  });
  await invalidateActor(ctx, user.id);
  return null;
}

/** SetPassword (DESIGN.md §4): a random temporary password, shown once; it must be changed at next sign-in. */
export async function resetPassword(caller: Caller, userId: number): Promise<string> {
  const { ctx } = caller;
  const user = await managedUser(caller, userId);
  const temporary = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporary);
  await inTransaction(ctx, async (tx) => {
    const values = { passwordHash, mustChangePassword: true, activatedAt: user.activatedAt ?? caller.now, updatedAt: caller.now };
    await updateUser(tx, caller.scope, user.id, values);
    await recordAudit(tx, caller, { action: 'user.resetPassword', target: user.accountCode });
  });
  await publish(ctx, 'directory.accessEnded', { userIds: [user.id], now: caller.now });
  await invalidateActor(ctx, user.id);
  return AdminMsg.passwordReset(user.chnName, user.accountCode, temporary);
}

/** A new account code: the ID number when free (employees sign in with it), else with the company code. */
export async function newAccountCode(db: Parameters<typeof accountCodeTaken>[0], idCard: string, companyCode: string): Promise<string> {
  for (const candidate of [idCard, `${companyCode}-${idCard}`, `${companyCode}-${idCard}-${Date.now().toString(36)}`]) {
    if (!(await accountCodeTaken(db, candidate))) return candidate;
  }
  throw appError('SERVER_ERROR');
}

/** EditUserInfo: adds (type 1) or edits a learner; ID number and phone are unique within the company. */
export async function saveLearner(caller: Caller, input: z.output<typeof learnerBody>) {
  const { ctx, scope } = caller;
  const actor = requireActor(caller);
  const adding = input.type === 1 || !input.userId;
  authorize(caller, adding ? 'add' : 'edit', null);
  const existing = adding ? undefined : await managedUser(caller, input.userId as number);
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
    updatedAt: caller.now,
  };
  const detail = { chnName: values.chnName, orgCode: input.orgCode, postCode: input.postCode, partTimePostCode: input.partTimePostCode };
  const userId = await inTransaction(ctx, async (tx) => {
    if (existing) {
      await updateUser(tx, scope, existing.id, values);
      await recordAudit(tx, caller, { action: 'user.edit', target: existing.accountCode, detail });
      return existing.id;
    }
    const accountCode = await newAccountCode(tx, input.idCard, company?.companyCode ?? 'U');
    // registration is activation (DESIGN.md §4): no password until the employee registers
    const id = await insertUser(tx, scope, { ...values, accountCode, companySysCode, createdAt: caller.now, updatedAt: caller.now });
    await recordAudit(tx, caller, { action: 'user.add', target: accountCode, detail });
    return id;
  });
  if (existing) await invalidateActor(ctx, existing.id);
  return { userId };
}
