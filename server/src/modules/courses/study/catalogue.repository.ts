import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likeContains } from '../../../platform/like.ts';
import type { TenantScope } from '../../../platform/scope.ts';
import { lecturerNameView } from '../../content/public.ts';
import { visibleResWhere } from '../resources/visibility.ts';
import type { LiveVersion } from '../schema/resources.ts';
import { media, resDirs, resources } from '../schema/resources.ts';
import { resStudies } from '../schema/study.ts';

/** What a learner sees of a resource: its approved (`live`) version and who owns it. */
export interface LiveRes {
  id: number;
  resCode: string;
  companySysCode: string | null;
  isPrivate: number;
  dCode: string;
  viewCnt: number;
  /** the course's watermark switch (ADR 0058): 0 = as the company says, 1 = always, 2 = never */
  watermark: number;
  live: LiveVersion;
  /** the media's duration when known (the resource's own otherwise), seconds */
  duration: number;
}

/** a course of several lessons: the sum stored with the version (ADR 0022); otherwise its media's when known */
const durationSql = sql<number>`case when jsonb_array_length(coalesce(${resources.live}->'lessons', '[]'::jsonb)) > 1
  then coalesce((${resources.live}->>'duration')::int, 0)
  else coalesce(nullif(${media.duration}, 0), (${resources.live}->>'duration')::int, 0) end`;

/** One resource by code (case-insensitive) with its live version; visibility is the caller's check. */
export async function findLiveRes(db: DbOrTx, resCode: string): Promise<(LiveRes & { deleted: boolean }) | undefined> {
  const [row] = await db
    .select({
      id: resources.id,
      resCode: resources.resCode,
      companySysCode: resources.companySysCode,
      isPrivate: resources.isPrivate,
      dCode: resources.dCode,
      viewCnt: resources.viewCnt,
      watermark: resources.watermark,
      live: resources.live,
      deletedAt: resources.deletedAt,
      duration: durationSql,
    })
    .from(resources)
    .leftJoin(media, sql`${media.mediaCode} = ${resources.live}->>'mediaId'`)
    .where(sql`lower(${resources.resCode}) = lower(${resCode})`)
    .limit(1);
  if (!row?.live) return undefined;
  return { ...row, duration: Number(row.duration) || 0, live: row.live, deleted: row.deletedAt !== null };
}

export interface CardRow {
  resCode: string;
  live: LiveVersion;
  viewCnt: number;
  dCode: string;
  dName: string | null;
  lecturerName: string | null;
  duration: number;
  studySeconds: number | null;
  completedAt: Date | null;
}

function cardQuery(db: DbOrTx, userId: number) {
  return db
    .select({
      resCode: resources.resCode,
      live: resources.live,
      viewCnt: resources.viewCnt,
      dCode: resources.dCode,
      dName: resDirs.dName,
      lecturerName: lecturerNameView.name,
      duration: durationSql,
      studySeconds: resStudies.creditedSeconds,
      completedAt: resStudies.completedAt,
    })
    .from(resources)
    .leftJoin(media, sql`${media.mediaCode} = ${resources.live}->>'mediaId'`)
    .leftJoin(resDirs, eq(resDirs.dCode, resources.dCode))
    .leftJoin(lecturerNameView, sql`${lecturerNameView.code} = ${resources.live}->>'lecturerCode'`)
    .leftJoin(resStudies, and(eq(resStudies.resId, resources.id), eq(resStudies.userId, userId)));
}

/** A page of the catalogue: visible resources, optionally within directories and matching a keyword. */
export async function pageCatalogue(
  db: DbOrTx,
  scope: TenantScope,
  userId: number,
  f: { dCodes?: string[]; keyword: string },
  window: { limit: number; offset: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const where = and(
    visibleResWhere(scope),
    f.dCodes ? (f.dCodes.length ? inArray(resources.dCode, f.dCodes) : sql`false`) : undefined,
    f.keyword ? ilike(sql`${resources.live}->>'resName'`, likeContains(f.keyword)) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    cardQuery(db, userId).where(where).orderBy(asc(resources.sort), desc(resources.id)).limit(window.limit).offset(window.offset),
    db.select({ n: count() }).from(resources).where(where),
  ]);
  return { rows: rows as CardRow[], total: Number(n) };
}

/** Visible resources in the same directory or by the same lecturer, the current one excluded. */
export async function relevant(db: DbOrTx, scope: TenantScope, userId: number, res: LiveRes, limit: number): Promise<CardRow[]> {
  const sameLecturer = res.live.lecturerCode ? sql`${resources.live}->>'lecturerCode' = ${res.live.lecturerCode}` : sql`false`;
  const rows = await cardQuery(db, userId)
    .where(and(visibleResWhere(scope), ne(resources.id, res.id), or(eq(resources.dCode, res.dCode), sameLecturer)))
    .orderBy(sql`case when ${resources.dCode} = ${res.dCode} then 0 else 1 end`, asc(resources.sort), desc(resources.id))
    .limit(limit);
  return rows as CardRow[];
}

export async function dirName(db: DbOrTx, dCode: string): Promise<string> {
  const [row] = await db.select({ n: resDirs.dName }).from(resDirs).where(eq(resDirs.dCode, dCode)).limit(1);
  return row?.n ?? '';
}
