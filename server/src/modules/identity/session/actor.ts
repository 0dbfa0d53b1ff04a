import { type Actor, type ActorData, actorCacheKey, actorTtl, EPOCH_KEY } from '../../../platform/actor.ts';
import type { AppContext } from '../../../platform/context.ts';
import { readActorData } from '../../directory/public.ts';

/**
 * Loads the actor for a session's user; null when the user is gone, disabled or cancelled. Every
 * signed-in request comes here: the cached actor and the grants epoch come in one cache round trip;
 * a cold actor is the directory's readActorData (two statements), cached with the epoch it was
 * read under (platform/actor.ts clears it).
 */
export async function loadActor(ctx: AppContext, userId: number, sessionId: number): Promise<Actor | null> {
  const [cached, epochNow] = (await ctx.cache.getMany(actorCacheKey(userId), EPOCH_KEY)) as [
    { epoch: number; data: ActorData | null } | undefined,
    number | undefined,
  ];
  const epoch = epochNow ?? 0;
  let data = cached?.epoch === epoch ? cached.data : undefined;
  if (data === undefined) {
    data = await readActorData(ctx.db, userId);
    await ctx.cache.set(actorCacheKey(userId), { epoch, data }, actorTtl());
  }
  return data ? { ...data, sessionId } : null;
}
