import {
  type CourseCardView,
  formatDate,
  isLearnerOnly,
  type MonthLogDay,
  RANKING_WINDOW_DAYS,
  type RankingItem,
  type StudyStarView,
  type StudyStatsAnswer,
  studyTimeText,
  type UserCountAnswer,
} from '@xuetu/contract';
import { type Caller, NO_SCOPE, requireActor } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { fileUrl } from '../../../platform/files/index.ts';
import { htmlExcerpt } from '../../../platform/html-text.ts';
import { cachedPortal, type Viewer } from '../../content/public.ts';
import { countCompanyAccounts, filterCompany } from '../../directory/public.ts';
import { listDirs } from '../dirs/dirs.repository.ts';
import { dirSubtree } from '../dirs/dirs.service.ts';
import * as repo from './stats.repository.ts';

// Learning statistics (ADR 0019): the dashboard's count cards and calendar, and the course
// sections of /home. Home answers are public: a signed-out visitor (and platform staff, who
// belong to no company) sees platform-wide courses only; a company's people also see their
// company's. They are cached with the portal's answers and cleared with them.

/** Whose home-page data a caller sees: their company (platform + own) or none (platform only). */
function viewerOf(caller: Caller): Viewer {
  return { companySysCode: caller.actor?.companySysCode ?? null };
}
const viewOf = (v: Viewer): repo.ResView => ({ company: v.companySysCode });

const plain = (html: string, max = 120) => htmlExcerpt(html, max);

function card(r: repo.CardRow, i: number): CourseCardView {
  return {
    rank: i + 1,
    resCode: r.resCode,
    resName: r.resName,
    cover: fileUrl(r.cover),
    introduce: plain(r.introduce),
    viewCnt: Number(r.viewCnt),
    resType: Number(r.resType),
    duration: Number(r.duration),
  };
}

/** [from, to] of the ranking window: the last RANKING_WINDOW_DAYS days in China time, today included. */
export function rankingWindow(now: Date): { from: string; to: string } {
  return { from: formatDate(new Date(now.getTime() - (RANKING_WINDOW_DAYS - 1) * 86_400_000)), to: formatDate(now) };
}

// ---------- home page (public) ----------

export async function hotRes(caller: Caller, dCode: string, top: number): Promise<CourseCardView[]> {
  const viewer = viewerOf(caller);
  return cachedPortal(caller.ctx, viewer, 'IndexHotRes', { dCode, top }, async () => {
    let dCodes: string[] | undefined;
    if (dCode) {
      const scope = viewer.companySysCode ? { all: false as const, companySysCode: viewer.companySysCode } : NO_SCOPE;
      dCodes = dirSubtree(await listDirs(caller.ctx.db, scope), dCode).map((d) => d.dCode);
      if (!dCodes.length) return [];
    }
    return (await repo.hotResources(caller.ctx.db, viewOf(viewer), dCodes, top)).map(card);
  });
}

export async function recommendRes(caller: Caller, cate: number, top: number, cache = true): Promise<CourseCardView[]> {
  const viewer = viewerOf(caller);
  const load = async () => (await repo.recommendedResources(caller.ctx.db, viewOf(viewer), cate, top)).map(card);
  return cache ? cachedPortal(caller.ctx, viewer, 'IndexRecommendRes', { cate, top }, load) : load();
}

export async function ranking(caller: Caller, limit: number): Promise<RankingItem[]> {
  const viewer = viewerOf(caller);
  const { from, to } = rankingWindow(caller.now);
  return cachedPortal(caller.ctx, viewer, 'GetRankingList', { limit, to }, async () =>
    (await repo.rankedResources(caller.ctx.db, viewOf(viewer), from, to, limit)).map((r, i) => ({
      ...card(r, i),
      studyMinutes: Math.round(r.seconds / 60),
      studySeconds: r.seconds,
      learnerCnt: r.learners,
    })),
  );
}

export async function studyStars(caller: Caller, limit: number): Promise<StudyStarView[]> {
  const viewer = viewerOf(caller);
  const { from, to } = rankingWindow(caller.now);
  return cachedPortal(caller.ctx, viewer, 'GetStudyStarList', { limit, to }, async () =>
    (await repo.studyStars(caller.ctx.db, viewer.companySysCode, from, to, limit)).map((s, i) => ({
      rank: i + 1,
      chnName: s.chnName,
      orgName: s.orgName ?? '',
      headImg: fileUrl(s.headImage),
      studySeconds: s.seconds,
      studyHoursStr: studyTimeText(s.seconds),
    })),
  );
}

// ---------- dashboard (signed in) ----------

/**
 * Whose figures (issue 38 item 4): without a company, platform staff every company and everyone
 * else their own. A named company is applied within the caller's scope: platform staff any, anyone
 * else only their own (by its system code or company code); another company's code answers like
 * an unknown one, COMPANY_NOT_FOUND — never silently the caller's own figures.
 */
async function figuresCompany(caller: Caller, requested: string): Promise<string | undefined> {
  requireActor(caller);
  const company = await filterCompany(caller.ctx.db, caller.scope, requested);
  if (company === null) throw appError('COMPANY_NOT_FOUND');
  return company;
}

export async function userCount(caller: Caller, requested: string): Promise<UserCountAnswer> {
  const company = await figuresCompany(caller, requested);
  const c = await countCompanyAccounts(caller.ctx.db, company);
  return { item1: c.accounts, item2: c.activated };
}

export async function studyStats(caller: Caller, requested: string): Promise<StudyStatsAnswer> {
  const actor = requireActor(caller);
  const company = await figuresCompany(caller, requested);
  const personal = isLearnerOnly(actor.sysRoles);
  const [res, study] = await Promise.all([
    repo.resourceTotals(caller.ctx.db, company === undefined ? 'all' : { company }),
    repo.studyTotals(caller.ctx.db, personal ? { userId: actor.userId } : company === undefined ? {} : { company }),
  ]);
  return {
    resCnt: res.n,
    resTotalHours: Math.round(res.seconds / 60),
    studyHours: Math.round(study.seconds / 60),
    studySeconds: study.seconds,
    studyResCnt: study.courses,
    personal,
  };
}

/**
 * The signed-in learner's credited time per day of `month` (yyyy-MM), days without study left out.
 * `seconds` is exact (what the pages add up and show); `minute`, rounded, is the spec's field.
 */
export async function monthLog(caller: Caller, month: string): Promise<MonthLogDay[]> {
  const actor = requireActor(caller);
  const [y, m] = month.split('-').map(Number);
  const from = `${month}-01`;
  const before = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return (await repo.secondsPerDay(caller.ctx.db, actor.userId, from, before)).map((d) => ({
    date: d.day,
    minute: Math.round(d.seconds / 60),
    seconds: d.seconds,
  }));
}
