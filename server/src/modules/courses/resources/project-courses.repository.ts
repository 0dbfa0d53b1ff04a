import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { resources, resStudies } from '../../../db/schema/index.ts';
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
