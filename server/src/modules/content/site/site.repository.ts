import { ShowStatus } from '@xuetu/contract';
import { and, asc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { likeContains } from '../../../platform/like.ts';
import { assertOwnerInScope } from '../../../platform/policy.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { findInScope } from '../../../platform/table-reads.ts';
import { companyNameView } from '../../directory/public.ts';
import type { Viewer } from '../portal/cache.ts';
import { lecturers, links, modelInfos, regulationDocs, siteSettings } from '../schema.ts';

// Links, lecturers and display models are platform-wide content (managed by platform staff);
// regulations documents may belong to a company.

export type LinkRow = typeof links.$inferSelect;
export type LecturerRow = typeof lecturers.$inferSelect;
export type ModelRow = typeof modelInfos.$inferSelect;
export type RegulationRow = typeof regulationDocs.$inferSelect;

export function listLinks(db: DbOrTx, opts: { linkType: number | ''; onlyShown: boolean }): Promise<LinkRow[]> {
  return db
    .select()
    .from(links)
    .where(
      and(
        opts.linkType === '' ? undefined : eq(links.linkType, opts.linkType),
        opts.onlyShown ? eq(links.status, ShowStatus.Shown) : undefined,
      ),
    )
    .orderBy(asc(links.linkType), asc(links.sortOrder), asc(links.id));
}

export async function findLink(db: DbOrTx, code: string): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(links).where(eq(links.linkCode, code)).limit(1);
  return row;
}

export function listLecturers(db: DbOrTx, onlyShown: boolean): Promise<LecturerRow[]> {
  return db
    .select()
    .from(lecturers)
    .where(onlyShown ? eq(lecturers.status, ShowStatus.Shown) : undefined)
    .orderBy(asc(lecturers.sortOrder), asc(lecturers.id));
}

export async function findLecturer(db: DbOrTx, code: string, onlyShown = false): Promise<LecturerRow | undefined> {
  const [row] = await db
    .select()
    .from(lecturers)
    .where(and(eq(lecturers.lecturerCode, code), onlyShown ? eq(lecturers.status, ShowStatus.Shown) : undefined))
    .limit(1);
  return row;
}

export function listModels(db: DbOrTx, opts: { clientType: number | ''; onlyShown: boolean }): Promise<ModelRow[]> {
  return db
    .select()
    .from(modelInfos)
    .where(
      and(
        opts.clientType === '' ? undefined : eq(modelInfos.clientType, opts.clientType),
        opts.onlyShown ? eq(modelInfos.status, ShowStatus.Shown) : undefined,
      ),
    )
    .orderBy(asc(modelInfos.sortOrder), asc(modelInfos.id));
}

export async function findModel(db: DbOrTx, code: string): Promise<ModelRow | undefined> {
  const [row] = await db.select().from(modelInfos).where(eq(modelInfos.modelCode, code)).limit(1);
  return row;
}

/** Regulations a learner may read: shown, platform-wide or their company's. */
export function listVisibleRegulations(db: DbOrTx, viewer: Viewer, keyword: string) {
  const owner = viewer.companySysCode
    ? or(isNull(regulationDocs.companySysCode), eq(regulationDocs.companySysCode, viewer.companySysCode))
    : isNull(regulationDocs.companySysCode);
  return db
    .select({ doc: regulationDocs, companyName: companyNameView.name })
    .from(regulationDocs)
    .leftJoin(companyNameView, eq(companyNameView.code, regulationDocs.companySysCode))
    .where(
      and(eq(regulationDocs.status, ShowStatus.Shown), owner, keyword ? ilike(regulationDocs.title, likeContains(keyword)) : undefined),
    )
    .orderBy(asc(regulationDocs.sortOrder), asc(regulationDocs.id));
}

export function listRegulationsForAdmin(db: DbOrTx, scope: TenantScope, keyword: string) {
  return db
    .select({ doc: regulationDocs, companyName: companyNameView.name })
    .from(regulationDocs)
    .leftJoin(companyNameView, eq(companyNameView.code, regulationDocs.companySysCode))
    .where(
      and(
        scopeWhere(scope, regulationDocs.companySysCode),
        keyword ? (ilike(regulationDocs.title, likeContains(keyword)) as SQL) : undefined,
      ),
    )
    .orderBy(asc(regulationDocs.sortOrder), asc(regulationDocs.id));
}

export async function findRegulationInScope(db: DbOrTx, scope: TenantScope, code: string): Promise<RegulationRow | undefined> {
  return findInScope(db, scope, regulationDocs, regulationDocs.docCode, code);
}

export async function readSiteSettings(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select().from(siteSettings);
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeSiteSettings(db: DbOrTx, values: Record<string, string>, now: Date): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insert(siteSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
  }
}

// ---------- writes ----------
// Links, lecturers, display models and site settings are platform-wide rows with no company:
// their writes take no scope (the routes admit the content actions of platform staff).

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export async function insertLink(db: DbOrTx, values: Insert<typeof links>) {
  await db.insert(links).values(values);
}
export async function updateLink(db: DbOrTx, id: number, values: Partial<Insert<typeof links>>) {
  await db.update(links).set(values).where(eq(links.id, id));
}
export async function deleteLink(db: DbOrTx, id: number) {
  await db.delete(links).where(eq(links.id, id));
}

export async function insertLecturer(db: DbOrTx, values: Insert<typeof lecturers>) {
  await db.insert(lecturers).values(values);
}
export async function updateLecturer(db: DbOrTx, id: number, values: Partial<Insert<typeof lecturers>>) {
  await db.update(lecturers).set(values).where(eq(lecturers.id, id));
}
export async function deleteLecturer(db: DbOrTx, id: number) {
  await db.delete(lecturers).where(eq(lecturers.id, id));
}

export async function insertModel(db: DbOrTx, values: Insert<typeof modelInfos>) {
  await db.insert(modelInfos).values(values);
}
export async function updateModel(db: DbOrTx, id: number, values: Partial<Insert<typeof modelInfos>>) {
  await db.update(modelInfos).set(values).where(eq(modelInfos.id, id));
}
export async function deleteModel(db: DbOrTx, id: number) {
  await db.delete(modelInfos).where(eq(modelInfos.id, id));
}

// Regulations documents may belong to a company: their writes take the caller's scope.

export async function insertRegulation(db: DbOrTx, scope: TenantScope, values: Insert<typeof regulationDocs>) {
  assertOwnerInScope(scope, values.companySysCode);
  await db.insert(regulationDocs).values(values);
}
export async function updateRegulation(db: DbOrTx, scope: TenantScope, id: number, values: Partial<Insert<typeof regulationDocs>>) {
  if ('companySysCode' in values) assertOwnerInScope(scope, values.companySysCode);
  await db
    .update(regulationDocs)
    .set(values)
    .where(and(eq(regulationDocs.id, id), scopeWhere(scope, regulationDocs.companySysCode)));
}
export async function deleteRegulation(db: DbOrTx, scope: TenantScope, id: number) {
  await db.delete(regulationDocs).where(and(eq(regulationDocs.id, id), scopeWhere(scope, regulationDocs.companySysCode)));
}
