import { EnableStatus, SysRole } from '@xuetu/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { actions, companies, roleActions, roles, userRoles, users } from '../db/schema/index.ts';
import type { AppContext } from './context.ts';

/** The signed-in user as access checks see it. */
export interface Actor {
  userId: number;
  accountCode: string;
  chnName: string;
  userType: string;
  companySysCode: string | null;
  sysRoles: number[];
  roleCodes: string[];
  actions: string[];
  sessionId: number;
  /** signed in with an administrator's temporary password: must change it before anything else */
  mustChangePassword: boolean;
}

type ActorData = Omit<Actor, 'sessionId'>;

/**
 * A cached actor is dropped on every change that concerns it (invalidateActor, the grants epoch,
 * a disabled company revokes its sessions); the time is the safety net. Five minutes, each entry
 * 80–100 % of it, so the actors read together do not expire together (issue 25 item 6).
 */
const ACTOR_TTL_S = 300;
const actorTtl = () => Math.round(ACTOR_TTL_S * (0.8 + Math.random() * 0.2));
const EPOCH_KEY = 'acl:epoch';

/** Changes whenever role grants or the action tree change; per-user caches key on it. */
export async function aclEpoch(ctx: AppContext): Promise<number> {
  return (await ctx.cache.get<number>(EPOCH_KEY)) ?? 0;
}

/** Role grants or the action tree changed: every cached actor is stale. */
export async function invalidateAllActors(ctx: AppContext): Promise<void> {
  await ctx.cache.set(EPOCH_KEY, Date.now(), 60 * 60 * 24 * 30);
}

/** One user's roles, company, status or profile changed. */
export async function invalidateActor(ctx: AppContext, userId: number): Promise<void> {
  const epoch = await aclEpoch(ctx);
  await ctx.cache.del(actorCacheKey(userId), menuCacheKey(userId, epoch), userInfoCacheKey(userId));
}

/** GetUserInfo's answer is cached briefly under this key (every page load asks for it). */
export const userInfoCacheKey = (userId: number) => `userinfo:${userId}`;
/** GetUserMenuList's answer, valid while the grants epoch stands. */
export const menuCacheKey = (userId: number, epoch: number) => `menu:${userId}:${epoch}`;
/** A user's actor data with the grants epoch it was read under (valid while that epoch stands). */
const actorCacheKey = (userId: number) => `actor:${userId}`;

/**
 * Loads the actor for a session's user; null when the user is gone, disabled or cancelled. Every
 * signed-in request comes here: the cached actor and the grants epoch come in one cache round trip.
 */
export async function loadActor(ctx: AppContext, userId: number, sessionId: number): Promise<Actor | null> {
  const [cached, epochNow] = (await ctx.cache.getMany(actorCacheKey(userId), EPOCH_KEY)) as [
    { epoch: number; data: ActorData | null } | undefined,
    number | undefined,
  ];
  const epoch = epochNow ?? 0;
  let data = cached?.epoch === epoch ? cached.data : undefined;
  if (data === undefined) {
    data = await readActor(ctx, userId);
    await ctx.cache.set(actorCacheKey(userId), { epoch, data }, actorTtl());
  }
  return data ? { ...data, sessionId } : null;
}

async function readActor(ctx: AppContext, userId: number): Promise<ActorData | null> {
  // the person with their company's status, then their roles with the actions they grant: two
  // statements for a cold actor (every signed-in request of someone not seen for a minute)
  const [row] = await ctx.db
    .select({ user: users, companyStatus: companies.status })
    .from(users)
    .leftJoin(companies, eq(companies.companySysCode, users.companySysCode))
    .where(eq(users.id, userId))
    .limit(1);
  const user = row?.user;
  if (user?.status !== EnableStatus.Enabled || user.cancelledAt || !user.passwordHash) return null;
  // like companyActive: a person without a company (the platform's own) is never held back
  if (row!.companyStatus !== null && row!.companyStatus !== EnableStatus.Enabled) return null;
  const grants = await ctx.db
    .select({ id: roles.id, code: roles.code, sysRoleEnum: roles.sysRoleEnum, action: actions.value })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(roleActions, eq(roleActions.roleId, roles.id))
    .leftJoin(actions, and(eq(actions.id, roleActions.actionId), eq(actions.status, EnableStatus.Enabled)))
    .where(eq(userRoles.userId, userId));
  const roleRows = [...new Map(grants.map((g) => [g.id, g])).values()];
  const sysRoles = [...new Set(roleRows.map((r) => r.sysRoleEnum).filter((v) => v > 0))].sort();
  return {
    userId,
    accountCode: user.accountCode,
    chnName: user.chnName,
    userType: user.userType,
    companySysCode: user.companySysCode,
    mustChangePassword: user.mustChangePassword,
    sysRoles,
    roleCodes: roleRows.map((r) => r.code),
    actions: sysRoles.includes(SysRole.PlatformAdmin)
      ? await grantedActionValues(ctx, [], sysRoles)
      : [...new Set(grants.map((g) => g.action).filter((v): v is string => !!v))].sort(),
  };
}

/** Values of the valid actions a set of roles grants; the platform administrator holds all of them. */
export async function grantedActionValues(ctx: AppContext, roleIds: number[], sysRoles: number[]): Promise<string[]> {
  const rows = sysRoles.includes(SysRole.PlatformAdmin)
    ? await ctx.db.select({ value: actions.value }).from(actions).where(eq(actions.status, EnableStatus.Enabled))
    : roleIds.length === 0
      ? []
      : await ctx.db
          .selectDistinct({ value: actions.value })
          .from(roleActions)
          .innerJoin(actions, eq(actions.id, roleActions.actionId))
          .where(and(inArray(roleActions.roleId, roleIds), eq(actions.status, EnableStatus.Enabled)));
  return [...new Set(rows.map((r) => r.value).filter(Boolean))].sort();
}

export function hasAction(actor: Pick<Actor, 'actions'>, value: string | readonly string[]): boolean {
  const wanted = typeof value === 'string' ? [value] : value;
  return wanted.some((v) => actor.actions.includes(v));
}
