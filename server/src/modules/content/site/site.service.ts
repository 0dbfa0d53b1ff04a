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
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError } from '../../../platform/errors.ts';
import { fileKeysInHtml, markFilesAttached } from '../../../platform/files/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { companyExists } from '../../directory/public.ts';
import { cachedPortal, invalidatePortal, viewerOf } from '../portal/cache.ts';
import { assertContentRef } from './files.ts';
import { authorize } from './site.policy.ts';
import {
  presentLecturer,
  presentLecturerAdmin,
  presentLecturerDetail,
  presentLink,
  presentModel,
  presentRegulation,
} from './site.presenter.ts';
import * as repo from './site.repository.ts';

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

// Links, lecturers, display models and site settings are platform-wide: they read no scope.
export const publicLinks = (caller: Caller, linkType: number | '') =>
  cachedPortal(
    caller.ctx,
    null,
    'links',
    linkType,
    async (): Promise<LinkItem[]> => (await repo.listLinks(caller.ctx.db, { linkType, onlyShown: true })).map(presentLink),
  );

export const publicLecturers = (caller: Caller) =>
  cachedPortal(
    caller.ctx,
    null,
    'lecturers',
    undefined,
    async (): Promise<LecturerItem[]> => (await repo.listLecturers(caller.ctx.db, true)).map(presentLecturer),
  );

export const publicLecturerDetail = (caller: Caller, code: string) =>
  cachedPortal(caller.ctx, null, 'lecturer', code, async (): Promise<LecturerDetail | null> => {
    const row = await repo.findLecturer(caller.ctx.db, code, true);
    return row ? presentLecturerDetail(row) : null;
  });

export const publicModels = (caller: Caller, clientType: number | '') =>
  cachedPortal(
    caller.ctx,
    null,
    'models',
    clientType,
    async (): Promise<ModelItem[]> => (await repo.listModels(caller.ctx.db, { clientType, onlyShown: true })).map(presentModel),
  );

export const publicSiteSettings = (caller: Caller) => cachedPortal(caller.ctx, null, 'site', undefined, () => readSiteSettings(caller));

export async function readSiteSettings(caller: Caller): Promise<SiteSettings> {
  const stored = await repo.readSiteSettings(caller.ctx.db);
  return Object.fromEntries(SITE_SETTING_KEYS.map((k) => [k, stored.get(k) || SITE_DEFAULTS[k]])) as SiteSettings;
}

/** The regulations documents the signed-in caller may read: platform-wide ones and their company's. */
export async function visibleRegulations(caller: Caller, keyword: string): Promise<RegulationItem[]> {
  const viewer = viewerOf(requireActor(caller));
  return (await repo.listVisibleRegulations(caller.ctx.db, viewer, keyword)).map((r) => presentRegulation(r.doc, r.companyName));
}

// ---------- administration ----------

async function afterWrite(caller: Caller) {
  await invalidatePortal(caller.ctx);
}

export async function adminLinks(caller: Caller, linkType: number | '') {
  return (await repo.listLinks(caller.ctx.db, { linkType, onlyShown: false })).map(presentLink);
}

export async function saveLink(caller: Caller, input: z.output<typeof linkSaveInput>) {
  assertContentRef(input.pcBanner);
  assertContentRef(input.pcCoverUrlPath);
  const { linkCode, ...values } = input;
  const code = await inTransaction(caller, async (tx) => {
    await markFilesAttached(tx, [input.pcBanner, input.pcCoverUrlPath], caller.now);
    if (linkCode) {
      const row = await repo.findLink(tx, linkCode);
      if (!row) throw appError('LINK_NOT_FOUND');
      await repo.updateLink(tx, row.id, values);
      await recordAudit(tx, caller, { action: 'link.update', target: linkCode, detail: values });
      return linkCode;
    }
    const code = newCode('L');
    await repo.insertLink(tx, { ...values, linkCode: code, createdAt: caller.now });
    await recordAudit(tx, caller, { action: 'link.add', target: code, detail: values });
    return code;
  });
  await afterWrite(caller);
  return { linkCode: code };
}

export async function deleteLink(caller: Caller, code: string) {
  await inTransaction(caller, async (tx) => {
    const row = await repo.findLink(tx, code);
    if (!row) throw appError('LINK_NOT_FOUND');
    await repo.deleteLink(tx, row.id);
    await recordAudit(tx, caller, { action: 'link.delete', target: code, detail: { linkName: row.linkName } });
  });
  await afterWrite(caller);
}

export async function adminLecturers(caller: Caller) {
  return (await repo.listLecturers(caller.ctx.db, false)).map(presentLecturerAdmin);
}

export async function saveLecturer(caller: Caller, input: z.output<typeof lecturerSaveInput>) {
  assertContentRef(input.faceUrl);
  for (const v of input.videos) assertContentRef(v.key);
  const { lecturerCode, videos, ...rest } = input;
  const values = { ...rest, profilesDetail: rest.profilesDetail, videos: JSON.stringify(videos) };
  const code = await inTransaction(caller, async (tx) => {
    await markFilesAttached(tx, [input.faceUrl, ...videos.map((v) => v.key), ...fileKeysInHtml(rest.profilesDetail)], caller.now);
    if (lecturerCode) {
      const row = await repo.findLecturer(tx, lecturerCode);
      if (!row) throw appError('LECTURER_NOT_FOUND');
      await repo.updateLecturer(tx, row.id, values);
      await recordAudit(tx, caller, {
        action: 'lecturer.update',
        target: lecturerCode,
        detail: { lecturerName: values.lecturerName },
      });
      return lecturerCode;
    }
    const code = newCode('T');
    await repo.insertLecturer(tx, { ...values, lecturerCode: code, createdAt: caller.now });
    await recordAudit(tx, caller, {
      action: 'lecturer.add',
      target: code,
      detail: { lecturerName: values.lecturerName },
    });
    return code;
  });
  await afterWrite(caller);
  return { lecturerCode: code };
}

export async function deleteLecturer(caller: Caller, code: string) {
  await inTransaction(caller, async (tx) => {
    const row = await repo.findLecturer(tx, code);
    if (!row) throw appError('LECTURER_NOT_FOUND');
    await repo.deleteLecturer(tx, row.id);
    await recordAudit(tx, caller, {
      action: 'lecturer.delete',
      target: code,
      detail: { lecturerName: row.lecturerName },
    });
  });
  await afterWrite(caller);
}

export async function adminModels(caller: Caller, clientType: number | '') {
  return (await repo.listModels(caller.ctx.db, { clientType, onlyShown: false })).map(presentModel);
}

export async function saveModel(caller: Caller, input: z.output<typeof modelSaveInput>) {
  assertContentRef(input.imageUrl);
  const { modelCode, ...values } = input;
  const code = await inTransaction(caller, async (tx) => {
    await markFilesAttached(tx, [input.imageUrl], caller.now);
    if (modelCode) {
      const row = await repo.findModel(tx, modelCode);
      if (!row) throw appError('MODEL_NOT_FOUND');
      await repo.updateModel(tx, row.id, values);
      await recordAudit(tx, caller, { action: 'model.update', target: modelCode, detail: values });
      return modelCode;
    }
    const code = newCode('M');
    await repo.insertModel(tx, { ...values, modelCode: code });
    await recordAudit(tx, caller, { action: 'model.add', target: code, detail: values });
    return code;
  });
  await afterWrite(caller);
  return { modelCode: code };
}

export async function deleteModel(caller: Caller, code: string) {
  await inTransaction(caller, async (tx) => {
    const row = await repo.findModel(tx, code);
    if (!row) throw appError('MODEL_NOT_FOUND');
    await repo.deleteModel(tx, row.id);
    await recordAudit(tx, caller, {
      action: 'model.delete',
      target: code,
      detail: { modelName: row.modelName },
    });
  });
  await afterWrite(caller);
}

export async function adminRegulations(caller: Caller, keyword: string) {
  return (await repo.listRegulationsForAdmin(caller.ctx.db, caller.scope, keyword)).map((r) => presentRegulation(r.doc, r.companyName));
}

export async function saveRegulation(caller: Caller, input: z.output<typeof regulationSaveInput>) {
  assertContentRef(input.fileKey, true);
  const { scope } = caller;
  const wanted = input.companySysCode?.trim() || null;
  authorize(caller, 'fileUnder', { companySysCode: wanted });
  if (scope.all && wanted && !(await companyExists(caller.ctx.db, wanted))) throw appError('COMPANY_NOT_FOUND');
  const owner = scope.all ? wanted : scope.companySysCode;
  const { docCode, ...rest } = input;
  const values = { ...rest, companySysCode: owner, fileExt: rest.fileName.split('.').pop()?.toLowerCase() ?? '' };
  const code = await inTransaction(caller, async (tx) => {
    await markFilesAttached(tx, [input.fileKey], caller.now);
    if (docCode) {
      const row = await repo.findRegulationInScope(tx, scope, docCode);
      if (!row) throw appError('REGULATION_NOT_FOUND');
      authorize(caller, 'manageRegulation', row);
      await repo.updateRegulation(tx, scope, row.id, values);
      await recordAudit(tx, caller, {
        action: 'regulation.update',
        target: docCode,
        detail: { title: values.title },
      });
      return docCode;
    }
    const code = newCode('D');
    await repo.insertRegulation(tx, scope, { ...values, docCode: code });
    await recordAudit(tx, caller, { action: 'regulation.add', target: code, detail: { title: values.title } });
    return code;
  });
  return { docCode: code };
}

export async function deleteRegulation(caller: Caller, code: string) {
  const { scope } = caller;
  await inTransaction(caller, async (tx) => {
    const row = await repo.findRegulationInScope(tx, scope, code);
    if (!row) throw appError('REGULATION_NOT_FOUND');
    authorize(caller, 'manageRegulation', row);
    await repo.deleteRegulation(tx, scope, row.id);
    await recordAudit(tx, caller, { action: 'regulation.delete', target: code, detail: { title: row.title } });
  });
}

export async function saveSiteSettings(caller: Caller, values: SiteSettings) {
  await inTransaction(caller, async (tx) => {
    await repo.writeSiteSettings(tx, values, caller.now);
    await recordAudit(tx, caller, { action: 'site.update', target: 'site', detail: values });
  });
  await afterWrite(caller);
  return readSiteSettings(caller);
}
