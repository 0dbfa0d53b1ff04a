import {
  type LecturerDetail,
  type LecturerItem,
  type LinkItem,
  type lecturerSaveInput,
  type linkSaveInput,
  type ModelItem,
  type modelSaveInput,
  type RegulationItem,
  type regulationSaveInput,
  SITE_SETTING_KEYS,
  type SiteSettings,
} from '@xuetu/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import { newCode } from '../../platform/codes.ts';
import type { AppContext } from '../../platform/context.ts';
import { appError } from '../../platform/errors.ts';
import { fileKeysInHtml, markFilesAttached } from '../../platform/files/index.ts';
import { subjectOf } from '../../platform/policy.ts';
import { tenantScope } from '../../platform/scope.ts';
import { companyExists } from '../notices/repository.ts';
import { cachedPortal, invalidatePortal, type Viewer } from '../portal/cache.ts';
import { assertContentRef } from './files.ts';
import { authorize } from './policy.ts';
import { presentLecturer, presentLecturerAdmin, presentLecturerDetail, presentLink, presentModel, presentRegulation } from './presenter.ts';
import * as repo from './repository.ts';

/** What the footer shows when a value was never set (spec §9: working hours 09:00-17:30 on workdays). */
export const SITE_DEFAULTS: SiteSettings = {
  siteName: '学途在线培训平台',
  supportEmail: '',
  contactPhone: '',
  workingHours: '工作日 09:00-17:30',
  address: '',
  aboutUrl: '',
  legalUrl: '',
  copyright: '',
  filingNumber: '',
  companyName: '',
  // empty: the /login page offers no app download (nothing to point the QR code at)
  appDownloadUrl: '',
};

// ---------- portal reads (cached) ----------

export const publicLinks = (ctx: AppContext, linkType: number | '') =>
  cachedPortal(
    ctx,
    null,
    'links',
    linkType,
    async (): Promise<LinkItem[]> => (await repo.listLinks(ctx.db, { linkType, onlyShown: true })).map(presentLink),
  );

export const publicLecturers = (ctx: AppContext) =>
  cachedPortal(
    ctx,
    null,
    'lecturers',
    undefined,
    async (): Promise<LecturerItem[]> => (await repo.listLecturers(ctx.db, true)).map(presentLecturer),
  );

export const publicLecturerDetail = (ctx: AppContext, code: string) =>
  cachedPortal(ctx, null, 'lecturer', code, async (): Promise<LecturerDetail | null> => {
    const row = await repo.findLecturer(ctx.db, code, true);
    return row ? presentLecturerDetail(row) : null;
  });

export const publicModels = (ctx: AppContext, clientType: number | '') =>
  cachedPortal(
    ctx,
    null,
    'models',
    clientType,
    async (): Promise<ModelItem[]> => (await repo.listModels(ctx.db, { clientType, onlyShown: true })).map(presentModel),
  );

export const publicSiteSettings = (ctx: AppContext) => cachedPortal(ctx, null, 'site', undefined, () => readSiteSettings(ctx));

export async function readSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  const stored = await repo.readSiteSettings(ctx.db);
  return Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, stored.get(k) || SITE_DEFAULTS[k]])) as SiteSettings;
}

export async function visibleRegulations(ctx: AppContext, viewer: Viewer, keyword: string): Promise<RegulationItem[]> {
  return (await repo.listVisibleRegulations(ctx.db, viewer, keyword)).map((r) => presentRegulation(r.doc, r.companyName));
}

// ---------- administration ----------

type Audit = { actor: Actor; ip: string };

async function afterWrite(ctx: AppContext) {
  await invalidatePortal(ctx);
}

export async function adminLinks(ctx: AppContext, linkType: number | '') {
  return (await repo.listLinks(ctx.db, { linkType, onlyShown: false })).map(presentLink);
}

export async function saveLink(ctx: AppContext, a: Audit, input: z.output<typeof linkSaveInput>) {
  assertContentRef(input.pcBanner);
  assertContentRef(input.pcCoverUrlPath);
  const { linkCode, ...values } = input;
  const code = await ctx.db.transaction(async (tx) => {
    await markFilesAttached(tx, [input.pcBanner, input.pcCoverUrlPath], ctx.clock.now());
    if (linkCode) {
      const row = await repo.findLink(tx, linkCode);
      if (!row) throw appError('LINK_NOT_FOUND');
      await repo.updateLink(tx, row.id, values);
      await recordAudit(tx, { ...a, action: 'link.update', target: linkCode, detail: values });
      return linkCode;
    }
    const code = newCode('L');
    await repo.insertLink(tx, { ...values, linkCode: code });
    await recordAudit(tx, { ...a, action: 'link.add', target: code, detail: values });
    return code;
  });
  await afterWrite(ctx);
  return { linkCode: code };
}

export async function deleteLink(ctx: AppContext, a: Audit, code: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findLink(tx, code);
    if (!row) throw appError('LINK_NOT_FOUND');
    await repo.deleteLink(tx, row.id);
    await recordAudit(tx, { ...a, action: 'link.delete', target: code, detail: { linkName: row.linkName } });
  });
  await afterWrite(ctx);
}

export async function adminLecturers(ctx: AppContext) {
  return (await repo.listLecturers(ctx.db, false)).map(presentLecturerAdmin);
}

export async function saveLecturer(ctx: AppContext, a: Audit, input: z.output<typeof lecturerSaveInput>) {
  assertContentRef(input.faceUrl);
  for (const v of input.videos) assertContentRef(v.key);
  const { lecturerCode, videos, ...rest } = input;
  const values = { ...rest, profilesDetail: rest.profilesDetail, videos: JSON.stringify(videos) };
  const code = await ctx.db.transaction(async (tx) => {
    await markFilesAttached(tx, [input.faceUrl, ...videos.map((v) => v.key), ...fileKeysInHtml(rest.profilesDetail)], ctx.clock.now());
    if (lecturerCode) {
      const row = await repo.findLecturer(tx, lecturerCode);
      if (!row) throw appError('LECTURER_NOT_FOUND');
      await repo.updateLecturer(tx, row.id, values);
      await recordAudit(tx, { ...a, action: 'lecturer.update', target: lecturerCode, detail: { lecturerName: values.lecturerName } });
      return lecturerCode;
    }
    const code = newCode('T');
    await repo.insertLecturer(tx, { ...values, lecturerCode: code });
    await recordAudit(tx, { ...a, action: 'lecturer.add', target: code, detail: { lecturerName: values.lecturerName } });
    return code;
  });
  await afterWrite(ctx);
  return { lecturerCode: code };
}

export async function deleteLecturer(ctx: AppContext, a: Audit, code: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findLecturer(tx, code);
    if (!row) throw appError('LECTURER_NOT_FOUND');
    await repo.deleteLecturer(tx, row.id);
    await recordAudit(tx, { ...a, action: 'lecturer.delete', target: code, detail: { lecturerName: row.lecturerName } });
  });
  await afterWrite(ctx);
}

export async function adminModels(ctx: AppContext, clientType: number | '') {
  return (await repo.listModels(ctx.db, { clientType, onlyShown: false })).map(presentModel);
}

export async function saveModel(ctx: AppContext, a: Audit, input: z.output<typeof modelSaveInput>) {
  assertContentRef(input.imageUrl);
  const { modelCode, ...values } = input;
  const code = await ctx.db.transaction(async (tx) => {
    await markFilesAttached(tx, [input.imageUrl], ctx.clock.now());
    if (modelCode) {
      const row = await repo.findModel(tx, modelCode);
      if (!row) throw appError('MODEL_NOT_FOUND');
      await repo.updateModel(tx, row.id, values);
      await recordAudit(tx, { ...a, action: 'model.update', target: modelCode, detail: values });
      return modelCode;
    }
    const code = newCode('M');
    await repo.insertModel(tx, { ...values, modelCode: code });
    await recordAudit(tx, { ...a, action: 'model.add', target: code, detail: values });
    return code;
  });
  await afterWrite(ctx);
  return { modelCode: code };
}

export async function deleteModel(ctx: AppContext, a: Audit, code: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findModel(tx, code);
    if (!row) throw appError('MODEL_NOT_FOUND');
    await repo.deleteModel(tx, row.id);
    await recordAudit(tx, { ...a, action: 'model.delete', target: code, detail: { modelName: row.modelName } });
  });
  await afterWrite(ctx);
}

export async function adminRegulations(ctx: AppContext, actor: Actor, keyword: string) {
  return (await repo.listRegulationsForAdmin(ctx.db, tenantScope(actor), keyword)).map((r) => presentRegulation(r.doc, r.companyName));
}

export async function saveRegulation(ctx: AppContext, a: Audit, input: z.output<typeof regulationSaveInput>) {
  assertContentRef(input.fileKey, true);
  const subject = subjectOf(a.actor);
  const { scope } = subject;
  const wanted = input.companySysCode?.trim() || null;
  authorize(subject, 'fileUnder', { companySysCode: wanted });
  if (scope.all && wanted && !(await companyExists(ctx.db, wanted))) throw appError('COMPANY_NOT_FOUND');
  const owner = scope.all ? wanted : scope.companySysCode;
  const { docCode, ...rest } = input;
  const values = { ...rest, companySysCode: owner, fileExt: rest.fileName.split('.').pop()?.toLowerCase() ?? '' };
  const code = await ctx.db.transaction(async (tx) => {
    await markFilesAttached(tx, [input.fileKey], ctx.clock.now());
    if (docCode) {
      const row = await repo.findRegulationInScope(tx, scope, docCode);
      if (!row) throw appError('REGULATION_NOT_FOUND');
      authorize(subject, 'manageRegulation', row);
      await repo.updateRegulation(tx, scope, row.id, values);
      await recordAudit(tx, { ...a, action: 'regulation.update', target: docCode, detail: { title: values.title } });
      return docCode;
    }
    const code = newCode('D');
    await repo.insertRegulation(tx, scope, { ...values, docCode: code });
    await recordAudit(tx, { ...a, action: 'regulation.add', target: code, detail: { title: values.title } });
    return code;
  });
  return { docCode: code };
}

export async function deleteRegulation(ctx: AppContext, a: Audit, code: string) {
  const subject = subjectOf(a.actor);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findRegulationInScope(tx, subject.scope, code);
    if (!row) throw appError('REGULATION_NOT_FOUND');
    authorize(subject, 'manageRegulation', row);
    await repo.deleteRegulation(tx, subject.scope, row.id);
    await recordAudit(tx, { ...a, action: 'regulation.delete', target: code, detail: { title: row.title } });
  });
}

export async function saveSiteSettings(ctx: AppContext, a: Audit, values: SiteSettings) {
  await ctx.db.transaction(async (tx) => {
    await repo.writeSiteSettings(tx, values);
    await recordAudit(tx, { ...a, action: 'site.update', target: 'site', detail: values });
  });
  await afterWrite(ctx);
  return readSiteSettings(ctx);
}
