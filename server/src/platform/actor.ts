// The signed-in user as access checks see them, and the caches of them every module clears when
// it changes what they hold. Loading the actor is identity's (identity/session/actor.ts, from the
// directory's readActorData); nothing here reads a table.
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

export type ActorData = Omit<Actor, 'sessionId'>;

/**
 * A cached actor is dropped on every change that concerns it (invalidateActor, the grants epoch,
 * a disabled company revokes its sessions); the time is the safety net. Five minutes, each entry
 * 80–100 % of it, so the actors read together do not expire together (issue 25 item 6).
 */
const ACTOR_TTL_S = 300;
export const actorTtl = () => Math.round(ACTOR_TTL_S * (0.8 + Math.random() * 0.2));
export const EPOCH_KEY = 'acl:epoch';

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
export const actorCacheKey = (userId: number) => `actor:${userId}`;

export function hasAction(actor: Pick<Actor, 'actions'>, value: string | readonly string[]): boolean {
  const wanted = typeof value === 'string' ? [value] : value;
  return wanted.some((v) => actor.actions.includes(v));
}
