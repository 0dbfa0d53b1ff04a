// Learning statistics and the home page's course sections (issue 13 "Dashboard and home"):
// count cards, hot / recommended courses, course ranking, study stars, the learning calendar.
// Field names are the spec's wire names (portal-and-learner §2, §7). See ADR 0019.
import { z } from 'zod';

// isLearnerOnly (who sees personal dashboard counts) lives in limits.ts next to SysRole.

export const LearnStatsMsg = {
  monthInvalid: '月份格式应为 yyyy-MM',
  cateInvalid: '推荐类别应为 1（HOT）、2（NEW）或 3（GOOD）',
  limitInvalid: '数量应在 1 到 50 之间',
  topInvalid: '数量应在 1 到 50 之间',
} as const;

/** GetRankingList / GetStudyStarList look at the credited study time of the last 30 days (Asia/Shanghai), today included. */
export const RANKING_WINDOW_DAYS = 30;
export const STUDY_STAR_LIMIT = 5;

const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
const count = (fallback: number, msg: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? fallback : v),
    z.coerce.number({ error: msg }).int(msg).min(1, msg).max(50, msg),
  );

/** GetUserCount / GetStatisticsUserStudyData: platform staff may name any company (empty = all), others only their own (another: 公司不存在). */
export const statsFilterInput = /* @__PURE__ */ z.object({ companySysCode: text(100).default('') });
/** IndexHotRes: dCode '' = every directory (the 全部 tab); a directory includes its sub-directories. */
export const hotResInput = /* @__PURE__ */ z.object({ dCode: text(60).default(''), top: count(10, LearnStatsMsg.topInvalid) });
/** IndexRecommendRes(NoCache): cate 1 HOT, 2 NEW, 3 GOOD. */
export const recommendResInput = /* @__PURE__ */ z.object({
  cate: z.coerce
    .number({ error: LearnStatsMsg.cateInvalid })
    .int(LearnStatsMsg.cateInvalid)
    .min(1, LearnStatsMsg.cateInvalid)
    .max(3, LearnStatsMsg.cateInvalid),
  top: count(10, LearnStatsMsg.topInvalid),
});
export const rankingInput = /* @__PURE__ */ z.object({ limit: count(10, LearnStatsMsg.limitInvalid) });
export const studyStarInput = /* @__PURE__ */ z.object({ limit: count(STUDY_STAR_LIMIT, LearnStatsMsg.limitInvalid) });
export const monthLogInput = /* @__PURE__ */ z.object({
  month: text(7).pipe(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, LearnStatsMsg.monthInvalid)),
});

/** GetUserCount: item1 learners (company accounts not cancelled), item2 activated learners. */
export interface UserCountAnswer {
  item1: number;
  item2: number;
}

/**
 * GetStatisticsUserStudyData. resCnt: approved courses the caller's scope sees; resTotalHours:
 * their total duration in minutes; studyHours: credited study minutes; studyResCnt: courses
 * studied. A learner (system role 4) gets their own studyHours / studyResCnt, others the
 * company's (platform staff: every company or the named one).
 */
export interface StudyStatsAnswer {
  resCnt: number;
  resTotalHours: number;
  studyHours: number;
  /** the same credited study in seconds: shown as minutes and seconds where whole minutes would hide it */
  studySeconds: number;
  studyResCnt: number;
  /** true when studyHours / studyResCnt are the caller's own */
  personal: boolean;
}

/** A course card of the home page and the dashboard showcase. introduce is plain text. */
export interface CourseCardView {
  rank: number;
  resCode: string;
  resName: string;
  cover: string;
  introduce: string;
  viewCnt: number;
  resType: number;
  duration: number;
}

/** GetRankingList: courses by credited study time in the window. */
export interface RankingItem extends CourseCardView {
  /** rounded: the spec's field; pages show studySeconds (studyTimeText) */
  studyMinutes: number;
  studySeconds: number;
  learnerCnt: number;
}

/** GetStudyStarList: learners by credited study time in the window. */
export interface StudyStarView {
  rank: number;
  chnName: string;
  orgName: string;
  headImg: string;
  studySeconds: number;
  studyHoursStr: string;
}

/** LearningMonthLog: one row per day of the month with credited study. */
export interface MonthLogDay {
  date: string;
  minute: number;
  seconds: number;
}

/**
 * Study time, the one way every page writes it (learner dashboard cards, 培训统计, the calendar,
 * the chart, study stars, project and study pages): a short study is never "0 分钟".
 * "4 秒", "3 分 20 秒", "10 分钟", "1 小时 30 分钟", "2 小时". `compact` for a calendar cell or a
 * bar label: "4秒", "12分" (whole minutes).
 */
export function studyTimeText(seconds: number, opts: { compact?: boolean } = {}): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const m = Math.floor(s / 60);
  if (opts.compact) return s < 60 ? `${s}秒` : `${m}分`;
  if (s < 60) return `${s} 秒`;
  if (s < 3600) return s % 60 ? `${m} 分 ${s % 60} 秒` : `${m} 分钟`;
  return m % 60 ? `${Math.floor(m / 60)} 小时 ${m % 60} 分钟` : `${m / 60} 小时`;
}
