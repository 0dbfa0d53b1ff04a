import type { Actor } from '../../../platform/actor.ts';
import type { AppContext } from '../../../platform/context.ts';

/**
 * The public home page's calls are answered from ctx.cache (in-process, or Redis when configured)
 * and every content write clears them (issue 5 "Performance"). Entries are keyed by who is
 * looking: anonymous visitors and platform staff see platform-wide content, a company's people
 * also see their company's published notices.
 */
export const PORTAL_PREFIX = 'portal:';
/** a safety net only: writes invalidate at once; view counts on lists may lag this much */
const PORTAL_TTL_S = 60;

/** Whose published content a caller may see: platform-wide, plus their own company's. */
export interface Viewer {
  companySysCode: string | null;
}

export function viewerOf(actor: Pick<Actor, 'companySysCode'> | null): Viewer {
  return { companySysCode: actor?.companySysCode ?? null };
}

export async function cachedPortal<T>(
  ctx: AppContext,
  viewer: Viewer | null,
  call: string,
  args: unknown,
  load: () => Promise<T>,
): Promise<T> {
  const who = viewer?.companySysCode ? `co:${viewer.companySysCode}` : 'anon';
  const key = `${PORTAL_PREFIX}${who}:${call}:${args === undefined ? '' : JSON.stringify(args)}`;
  const hit = await ctx.cache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = await load();
  await ctx.cache.set(key, value, PORTAL_TTL_S);
  return value;
}

/** Content changed: the portal shows it at once. */
export async function invalidatePortal(ctx: AppContext): Promise<void> {
  await ctx.cache.delPrefix(PORTAL_PREFIX);
}
