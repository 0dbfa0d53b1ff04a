import { DEFAULT_STUDY_RULES, type StudyRules } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { localCache } from '../../../platform/local-cache.ts';

/** The rules when no training project says otherwise (ADR 0017; the contract's defaults). */
export { DEFAULT_STUDY_RULES };

/**
 * A project's study settings for this learner and resource, or null when none applies (the
 * training-projects module's projectStudyRules).
 */
export type ProjectRulesLookup = (caller: Caller, resId: number) => Promise<StudyRules | null>;

/** The strictest project limits for a learner and resource (projects' projectStudyRules); null when no project applies. */
export type ProjectRulesSource = (
  db: DbOrTx,
  userId: number,
  resId: number,
) => Promise<{ maxSpeed: number; allowSeekAhead: boolean } | null>;

/**
 * Courses do not depend on training projects (projects depend on courses): the composition root
 * (modules/index.ts) hands the projects module's lookup to each app it builds. Until then no
 * project applies.
 */
export function provideProjectStudyRules(ctx: AppContext, source: ProjectRulesSource): void {
  rulesSlot(ctx).source = source;
}

/**
 * Each process remembers a learner's rules for a resource for about a minute: every heartbeat
 * asks (every 15 s per learner), so a shorter memory missed on nearly every beat and, with
 * entries made together, expired together (a burst of lookups stalled the heartbeats: ADR 0024).
 * A project change in this process clears it at once (`forgetStudyRules`, after commit); other
 * processes see it within RULES_CACHE_MS. Each entry lives 80–100 % of it, so they do not expire
 * all at once (ADR 0017).
 */
const RULES_CACHE_MS = 60_000;
const rulesCache = (ctx: AppContext) =>
  localCache<string, { rules: StudyRules | null }>(ctx, 'study.rules', { max: 20_000, ttlMs: RULES_CACHE_MS });

/** Forgets every learner's remembered rules in this process (a project was saved, published, closed or joined). */
export function forgetStudyRules(ctx: AppContext): void {
  rulesCache(ctx).clear();
}

/** The strictest rules of the published projects the learner is enrolled in that hold the resource. */
const fromProjects: ProjectRulesLookup = async (caller, resId) => {
  const actor = caller.actor;
  if (!actor) return null;
  const cache = rulesCache(caller.ctx);
  const key = `${actor.userId}:${resId}`;
  const hit = cache.get(key);
  if (hit) return hit.rules;
  const rules = await lookupProjectRules(caller, actor.userId, resId);
  cache.set(key, { rules }, { ttl: Math.round(RULES_CACHE_MS * (0.8 + 0.2 * Math.random())) });
  return rules;
};

async function lookupProjectRules(caller: Caller, userId: number, resId: number): Promise<StudyRules | null> {
  const source = rulesSlot(caller.ctx).source;
  const rules = source ? await source(caller.ctx.db, userId, resId) : null;
  if (!rules) return null;
  // the player offers the usual speeds up to the strictest project's highest (as GetCheckProjectSettings answers)
  const allowedSpeeds = DEFAULT_STUDY_RULES.allowedSpeeds.filter((s) => s <= rules.maxSpeed);
  return { allowedSpeeds: allowedSpeeds.length ? allowedSpeeds : [1], maxSpeed: rules.maxSpeed, allowSeekAhead: rules.allowSeekAhead };
}

/**
 * This app's project rules: the projects module's source (provideProjectStudyRules) and the
 * lookup through it, which a test may replace.
 */
const rulesSlot = (ctx: AppContext) =>
  ctx.locals.of<{ source: ProjectRulesSource | null; lookup: ProjectRulesLookup | null }>('study.rules-lookup', () => ({
    source: null,
    lookup: fromProjects,
  }));

/** Replaces the projects module's lookup in this app (a test); null removes it, undefined puts it back. */
export function setProjectRulesLookup(ctx: AppContext, fn: ProjectRulesLookup | null | undefined): void {
  rulesSlot(ctx).lookup = fn === undefined ? fromProjects : fn;
}

/**
 * THE one place the allowed playback speed and seeking rule come from: the player shows them
 * (GetTrainResStudyDetail.rules) and the heartbeat credits by them (Study).
 */
export async function studyRulesFor(caller: Caller, resId: number): Promise<StudyRules> {
  const projectRules = rulesSlot(caller.ctx).lookup;
  const fromProject = projectRules ? await projectRules(caller, resId) : null;
  return fromProject ?? DEFAULT_STUDY_RULES;
}
