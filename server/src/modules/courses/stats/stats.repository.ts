import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { PLATFORM_WIDE } from '../../../platform/scope.ts';
import { activePeopleView } from '../../directory/public.ts';
import { viewerScope, visibleResWhere } from '../resources/visibility.ts';
import { resources } from '../schema/resources.ts';
import { resStudies, resStudyDays } from '../schema/study.ts';

// SQL of the learning statistics (ADR 0019). Learners see a resource's approved version (`live`),
// by the one visibility rule of the resource library (trainres visibility.ts). `company` null =
// the signed-out / platform view (the platform's public resources only).

/** Resources a viewer of `company` sees on the learner side; 'all' = every approved one (platform staff figures). */
export type ResView = { company: string | null } | 'all';

export const visibleRes = (view: ResView): SQL => visibleResWhere(view === 'all' ? PLATFORM_WIDE : viewerScope(view.company));

const live = (field: string) => sql<string>`coalesce(${resources.live}->>${field}, '')`;
const cardColumns = {
  resCode: resources.resCode,
  resName: live('resName'),
  cover: live('cover'),
  introduce: live('introduce'),
  resType: sql<number>`coalesce((${resources.live}->>'resType')::int, 0)`,
  duration: sql<number>`coalesce((${resources.live}->>'duration')::int, 0)`,
  viewCnt: resources.viewCnt,
};
export type CardRow = {
  resCode: string;
  resName: string;
  cover: string;
  introduce: string;
  resType: number;
  duration: number;
  viewCnt: number;
};

/** IndexHotRes: by view count (then the library order), optionally within directories. */
export function hotResources(db: DbOrTx, view: ResView, dCodes: string[] | undefined, top: number): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(resources)
    .where(and(visibleRes(view), dCodes ? inArray(resources.dCode, dCodes.length ? dCodes : ['\u0000']) : undefined))
    .orderBy(desc(resources.viewCnt), asc(resources.sort), desc(resources.id))
    .limit(top);
}

/** IndexRecommendRes: the category's resources in the administrator's order. */
export function recommendedResources(db: DbOrTx, view: ResView, cate: number, top: number): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(resources)
    .where(and(visibleRes(view), eq(resources.recommendCate, cate)))
    .orderBy(asc(resources.sort), desc(resources.id))
    .limit(top);
}

/** GetRankingList: visible courses by credited seconds in [from, to] (days, Asia/Shanghai). */
export async function rankedResources(
  db: DbOrTx,
  view: ResView,
  from: string,
  to: string,
  limit: number,
): Promise<(CardRow & { seconds: number; learners: number })[]> {
  const secs = sql<number>`sum(${resStudyDays.seconds})`;
  const rows = await db
    .select({ ...cardColumns, seconds: secs, learners: sql<number>`count(distinct ${resStudyDays.userId})` })
    .from(resStudyDays)
    .innerJoin(resources, eq(resources.id, resStudyDays.resId))
    .where(and(gte(resStudyDays.day, from), lte(resStudyDays.day, to), visibleRes(view)))
    .groupBy(resources.id)
    .having(gt(secs, 0))
    .orderBy(desc(secs), desc(resources.viewCnt), desc(resources.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, seconds: Number(r.seconds), learners: Number(r.learners) }));
}

/**
 * GetStudyStarList: learners by credited seconds in [from, to]. A company's viewer sees their
 * company's learners (any course they studied); the signed-out / platform view counts study of
 * platform-wide courses only.
 */
export async function studyStars(
  db: DbOrTx,
  company: string | null,
  from: string,
  to: string,
  limit: number,
): Promise<{ chnName: string; orgName: string | null; headImage: string; seconds: number }[]> {
  const secs = sql<number>`sum(${resStudyDays.seconds})`;
  // only people whose account is in use (enabled, not cancelled)
  const person = activePeopleView;
  const rows = await db
    .select({ chnName: person.chnName, orgName: person.orgName, headImage: person.headImage, seconds: secs })
    .from(resStudyDays)
    .innerJoin(person, eq(person.id, resStudyDays.userId))
    .innerJoin(resources, eq(resources.id, resStudyDays.resId))
    .where(
      and(
        gte(resStudyDays.day, from),
        lte(resStudyDays.day, to),
        company ? eq(resStudyDays.companySysCode, company) : visibleRes({ company: null }),
      ),
    )
    .groupBy(person.id, person.chnName, person.headImage, person.orgName)
    .having(gt(secs, 0))
    .orderBy(desc(secs), asc(person.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, seconds: Number(r.seconds) }));
}

/** Count and total duration (seconds) of the resources a view sees. */
export async function resourceTotals(db: DbOrTx, view: ResView): Promise<{ n: number; seconds: number }> {
  const [row] = await db
    .select({ n: count(), seconds: sql<number>`coalesce(sum(coalesce((${resources.live}->>'duration')::int, 0)), 0)` })
    .from(resources)
    .where(visibleRes(view));
  return { n: Number(row.n), seconds: Number(row.seconds) };
}

/** Credited seconds and courses studied: one learner's, one company's learners', or everyone's (null, null). */
export async function studyTotals(db: DbOrTx, who: { userId?: number; company?: string }): Promise<{ seconds: number; courses: number }> {
  const [row] = await db
    .select({
      seconds: sum(resStudies.creditedSeconds),
      courses: sql<number>`count(distinct ${resStudies.resId}) filter (where ${resStudies.creditedSeconds} > 0)`,
    })
    .from(resStudies)
    .where(
      and(
        who.userId !== undefined ? eq(resStudies.userId, who.userId) : undefined,
        who.company !== undefined ? eq(resStudies.companySysCode, who.company) : undefined,
      ),
    );
  return { seconds: Number(row?.seconds ?? 0), courses: Number(row?.courses ?? 0) };
}

/** LearningMonthLog: credited seconds per day of [from, before) for one learner. */
export async function secondsPerDay(db: DbOrTx, userId: number, from: string, before: string): Promise<{ day: string; seconds: number }[]> {
  const rows = await db
    .select({ day: resStudyDays.day, seconds: sum(resStudyDays.seconds) })
    .from(resStudyDays)
    .where(and(eq(resStudyDays.userId, userId), gte(resStudyDays.day, from), lt(resStudyDays.day, before)))
    .groupBy(resStudyDays.day)
    .orderBy(asc(resStudyDays.day));
  return rows.map((r) => ({ day: r.day, seconds: Number(r.seconds ?? 0) }));
}
