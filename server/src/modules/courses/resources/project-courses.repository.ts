import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { resources } from '../schema/resources.ts';
import { resStudies, resStudyDays } from '../schema/study.ts';
import { viewerScope, visibleResWhere } from './visibility.ts';

// What training projects read of the resource library and study (ADR 0039: they never import
// these tables): which resources a project may offer, and each one's card with a learner's study.

/** Resources the company's learners can see (the resource library's visibility rule), by code. */
export async function usableResources(db: DbOrTx, company: string, resCodes: string[]) {
  if (!resCodes.length) return [];
  return db
    .select({ id: resources.id, resCode: resources.resCode })
    .from(resources)
    .where(and(inArray(resources.resCode, resCodes), visibleResWhere(viewerScope(company))));
}

/** Resources by id, with what learners see (the live version) and, given a user, their study row. */
export async function resourcesWithStudy(db: DbOrTx, resIds: number[], userId?: number) {
  if (!resIds.length) return [];
  return db
    .select({
      resId: resources.id,
      resCode: resources.resCode,
      resName: resources.resName,
      resType: resources.resType,
      cover: resources.cover,
      creditHours: resources.creditHours,
      duration: resources.duration,
      live: resources.live,
      deletedAt: resources.deletedAt,
      companySysCode: resources.companySysCode,
      isPrivate: resources.isPrivate,
      creditedSeconds: resStudies.creditedSeconds,
      completedAt: resStudies.completedAt,
      lastStudyAt: resStudies.lastStudyAt,
    })
    .from(resources)
    .leftJoin(resStudies, and(eq(resStudies.resId, resources.id), eq(resStudies.userId, userId ?? -1)))
    .where(inArray(resources.id, resIds));
}

export async function resIdByCode(db: DbOrTx, resCode: string): Promise<number | undefined> {
  const [row] = await db.select({ id: resources.id }).from(resources).where(eq(resources.resCode, resCode));
  return row?.id;
}

/** Resources with a live version, not deleted, of the platform or the company, in library order (the demo projects' courses). */
export function liveResourcesOf(db: DbOrTx, company: string) {
  return db
    .select({ id: resources.id, company: resources.companySysCode })
    .from(resources)
    .where(
      and(
        isNotNull(resources.live),
        isNull(resources.deletedAt),
        or(isNull(resources.companySysCode), eq(resources.companySysCode, company)),
      ),
    )
    .orderBy(asc(resources.sort));
}

const qb = new QueryBuilder();

/**
 * The study facts training projects credit by, for their crediting statement (one query over their
 * own tables and these subqueries, which PostgreSQL flattens: it costs what reading the tables
 * did). A course's 学时 as learners see it (the approved version's): `course_hours` (id,
 * credit_hours).
 */
export const courseHoursView = qb
  .select({
    id: resources.id,
    creditHours: sql<string>`coalesce((${resources.live}->>'creditHours')::numeric, ${resources.creditHours})`.as('credit_hours'),
  })
  .from(resources)
  .as('course_hours');

/** A learner's completion of a course: `course_study` (user_id, res_id, completed_at). */
export const courseStudyView = qb
  .select({ userId: resStudies.userId, resId: resStudies.resId, completedAt: resStudies.completedAt })
  .from(resStudies)
  .as('course_study');

/** A learner's credited seconds of a course per day (Asia/Shanghai): `study_day` (user_id, res_id, day, seconds). */
export const studyDayView = qb
  .select({ userId: resStudyDays.userId, resId: resStudyDays.resId, day: resStudyDays.day, seconds: resStudyDays.seconds })
  .from(resStudyDays)
  .as('study_day');
