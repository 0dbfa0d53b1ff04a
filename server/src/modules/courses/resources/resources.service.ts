import {
  type AuditHistoryRow,
  AuditStatus,
  type BatchOutcome,
  errorMessage,
  MediaStatus,
  type PageResult,
  type ResSaveInput,
  ResType,
  type ResView,
  resContentChanged,
  TrainResLimits,
} from '@xuetu/contract';
import type { Tx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError } from '../../../platform/errors.ts';
import { publishAfterCommit } from '../../../platform/events.ts';
import { markFilesAttached } from '../../../platform/files/index.ts';
import { sanitizeRichHtml } from '../../../platform/sanitize-html.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { lecturerExists } from '../../content/public.ts';
import * as dirRepo from '../dirs/dirs.repository.ts';
import { dirSubtree } from '../dirs/dirs.service.ts';
import type { LiveVersion, StoredLesson } from '../schema/resources.ts';
import { sendAuditMessage } from './messages.ts';
import { authorize, type Caller, newOwner, resPolicy, type Submission } from './resources.policy.ts';
import { presentAudit, presentRes } from './resources.presenter.ts';
import * as repo from './resources.repository.ts';
import { nextStatus, type ResAction } from './transitions.ts';

/** What learners see changed (approval, revoke, delete, recommendation, visibility, directory): the cached home page answers go. */
const homeChanged = (tx: Tx, caller: Caller) => publishAfterCommit(tx, caller.ctx, 'courses.homeChanged', {});

const MEDIA_KIND: Record<number, string> = { [ResType.Video]: 'video', [ResType.Audio]: 'audio', [ResType.Document]: 'document' };

// ---------- reads ----------

export async function listResPage(
  caller: Caller,
  q: {
    dCode: string;
    keyword: string;
    resType?: number;
    auditStatus?: number;
    recommendCate?: number;
    isRecommend?: number;
    companySysCode: string;
  },
  window: { limit: number; offset: number },
  order: 'directory' | 'pendingFirst' = 'directory',
): Promise<PageResult<ResView>> {
  const db = caller.ctx.db;
  const dCodes = q.dCode ? dirSubtree(await dirRepo.listDirs(db, caller.scope), q.dCode).map((d) => d.dCode) : undefined;
  if (q.dCode && dCodes && !dCodes.length) return { models: [], totalCount: 0 };
  const { rows, total } = await repo.pageResources(
    db,
    caller.scope,
    {
      dCodes,
      keyword: q.keyword,
      resType: q.resType,
      auditStatus: q.auditStatus,
      recommendCate: q.recommendCate,
      isRecommend: q.isRecommend,
      companySysCode: caller.scope.all ? q.companySysCode || undefined : undefined,
    },
    window,
    order,
  );
  const media = await repo.findMediaMany(
    db,
    rows.flatMap((r) => [r.mediaId, ...r.lessons.map((l) => l.mediaId)]),
  );
  return { models: rows.map((r) => presentRes(r, media)), totalCount: total };
}

/** Where an authorized step leads (the policy has checked the audit table; the type still has its null). */
function stepTo(action: ResAction, from: number): number {
  const to = nextStatus(action, from);
  if (to === null) throw appError('RES_TRANSITION_REFUSED');
  return to;
}

async function mustFind(db: Tx | Caller['ctx']['db'], caller: Caller, code: string): Promise<repo.ResListRow> {
  const row = await repo.findRes(db, caller.scope, code);
  if (!row) throw appError('RES_NOT_FOUND');
  return row;
}

export async function getRes(caller: Caller, code: string): Promise<ResView> {
  const row = await mustFind(caller.ctx.db, caller, code);
  return presentRes(row, await repo.findMediaMany(caller.ctx.db, [row.mediaId, ...row.lessons.map((l) => l.mediaId)]));
}

export async function auditHistory(caller: Caller, code: string): Promise<AuditHistoryRow[]> {
  const row = await mustFind(caller.ctx.db, caller, code);
  return (await repo.listAudits(caller.ctx.db, row.id)).map(presentAudit);
}

// ---------- create / edit ----------

/**
 * The lessons of a video / audio save (ADR 0022): at most 50, titles 1–50 characters, each media
 * existing, usable by the resource's company and of the resource's kind. It may still be
 * transcoding (issue 38 item 10): the submit for audit waits for it, and takes each lesson's
 * duration from its media then; until then a lesson's duration is what its media knew at saving.
 */
async function checkedLessons(
  tx: Tx,
  caller: Caller,
  list: NonNullable<ResSaveInput['lessons']>,
  resType: number,
  owner: string | null,
): Promise<{ lessons: StoredLesson[]; sourceKeys: string[] }> {
  if (list.length > TrainResLimits.lessonsMax) throw appError('RES_LESSONS_TOO_MANY');
  const found = await repo.findMediaMany(
    tx,
    list.map((l) => l.mediaId),
  );
  const lessons: StoredLesson[] = [];
  const sourceKeys: string[] = [];
  for (const l of list) {
    const title = l.title.trim();
    if (!title || [...title].length > TrainResLimits.lessonTitleMax) throw appError('RES_LESSON_TITLE_INVALID');
    const m = found.get(l.mediaId);
    authorize(caller, 'useLessonMedia', { media: m, owner });
    if (!m) throw appError('RES_LESSON_MEDIA_NOT_FOUND');
    if (m.kind !== MEDIA_KIND[resType]) throw appError('RES_LESSON_MEDIA_TYPE_MISMATCH');
    lessons.push({ title, mediaId: m.mediaCode, duration: m.duration });
    sourceKeys.push(m.sourceKey);
  }
  return { lessons, sourceKeys };
}

/** Checks the directory, lecturer and media of a save; returns the fields to store. */
async function checkedFields(tx: Tx, caller: Caller, input: ResSaveInput, owner: string | null) {
  const dir = await dirRepo.findDir(tx, caller.scope, input.dCode);
  // a platform resource lives in platform directories; a company one in its own or the platform's
  authorize(caller, 'fileUnder', { owner, dir });
  if (!dir) throw appError('RES_DIR_NOT_FOUND');
  if (input.lecturerCode && !(await lecturerExists(tx, input.lecturerCode))) throw appError('RES_LECTURER_NOT_FOUND');
  let duration = 0;
  let sourceKeys: string[] = [];
  let lessons: StoredLesson[] = [];
  let mediaId = input.mediaId;
  const isMedia = input.resType !== ResType.RichText;
  const takesLessons = input.resType === ResType.Video || input.resType === ResType.Audio;
  // a list of one is the single media, checked and stored as before (it may still be processing)
  if (takesLessons && input.lessons && input.lessons.length === 1) mediaId = input.lessons[0].mediaId;
  if (takesLessons && input.lessons && input.lessons.length > 1) {
    // a course of lessons: the first lesson's media stands for the resource, the duration is the sum
    ({ lessons, sourceKeys } = await checkedLessons(tx, caller, input.lessons, input.resType, owner));
    mediaId = lessons[0].mediaId;
    duration = lessons.reduce((sum, l) => sum + l.duration, 0);
  } else if (isMedia && mediaId) {
    const m = await repo.findMedia(tx, mediaId);
    // the uploader's company: a company's own uploads, or any for platform staff
    authorize(caller, 'useMedia', { media: m, owner });
    if (!m) throw appError('MEDIA_NOT_FOUND');
    sourceKeys = [m.sourceKey];
    if (m.kind !== MEDIA_KIND[input.resType]) throw appError('RES_MEDIA_TYPE_MISMATCH');
    duration = m.duration;
  }
  // a pdf has no duration of its own: the reading time the administrator gives (ADR 0021)
  if (input.resType === ResType.Document) duration = input.duration;
  return {
    resName: input.resName,
    introduce: sanitizeRichHtml(input.introduce),
    cover: input.cover,
    lecturerCode: input.lecturerCode,
    resType: input.resType,
    content: input.resType === ResType.RichText ? sanitizeRichHtml(input.content) : '',
    mediaId: isMedia ? mediaId : '',
    lessons,
    dCode: dir.dCode,
    creditHours: input.creditHours,
    duration,
    isPrivate: input.isPrivate,
    watermark: input.watermark,
    recommendCate: input.recommendCate,
    sourceKeys,
  };
}

export async function addRes(caller: Caller, input: ResSaveInput): Promise<{ resCode: string }> {
  const actor = requireActor(caller);
  return inTransaction(caller, async (tx) => {
    const owner = await newOwner(tx, caller, input.companySysCode);
    const { sourceKeys, ...fields } = await checkedFields(tx, caller, input, owner);
    const row = await repo.insertRes(tx, caller.scope, {
      ...fields,
      resCode: newCode('R'),
      companySysCode: owner,
      sort: (await repo.maxSortIn(tx, fields.dCode)) + 10,
      auditStatus: AuditStatus.Draft,
      createdBy: actor.userId,
      createdAt: caller.now,
      updatedAt: caller.now,
    });
    await markFilesAttached(tx, [fields.cover, ...sourceKeys], caller.now);
    await recordAudit(tx, caller, { action: 'trainres.add', target: row.resCode, detail: { name: row.resName } });
    return { resCode: row.resCode };
  });
}

/**
 * Editing an approved resource puts it back to draft for re-audit; learners keep seeing the
 * approved version (`live`) until the new one is approved. A pending one is locked. A save that
 * changes only the recommendation or privacy keeps the resource where it is in the audit (issue
 * 23 item 7): those are administrative settings, audited in the operation log. The editor warns
 * of the re-audit with the same rule (resContentChanged, contract).
 */
export async function updateRes(caller: Caller, input: ResSaveInput): Promise<{ resCode: string }> {
  requireActor(caller);
  if (!input.resCode) throw appError('RES_NOT_FOUND');
  return inTransaction(caller, async (tx) => {
    const row = await mustFind(tx, caller, input.resCode);
    authorize(caller, 'edit', row);
    const { sourceKeys, ...fields } = await checkedFields(tx, caller, input, row.companySysCode);
    const to = resContentChanged(row, fields) ? stepTo('edit', row.auditStatus) : row.auditStatus;
    await repo.updateRes(tx, caller.scope, row.id, { ...fields, auditStatus: to, updatedAt: caller.now });
    if (row.auditStatus !== to) await logTransition(tx, caller, row, 'edit', to, '');
    await markFilesAttached(tx, [fields.cover, ...sourceKeys], caller.now);
    await recordAudit(tx, caller, {
      action: 'trainres.update',
      target: row.resCode,
      ...(to === row.auditStatus
        ? { detail: { isPrivate: fields.isPrivate, watermark: fields.watermark, recommendCate: fields.recommendCate } }
        : {}),
    });
    if (to === row.auditStatus) homeChanged(tx, caller);
    return { resCode: row.resCode };
  });
}

// ---------- directory, order, flags ----------

export async function changeDirectory(caller: Caller, codes: string[], dCode: string): Promise<number> {
  return inTransaction(caller, async (tx) => {
    const rows = await repo.findResMany(tx, caller.scope, codes);
    if (!rows.length || rows.length < new Set(codes.map((c) => c.toLowerCase())).size) throw appError('RES_NOT_FOUND');
    const dir = await dirRepo.findDir(tx, caller.scope, dCode);
    if (!dir) throw appError('RES_DIR_NOT_FOUND');
    let sort = await repo.maxSortIn(tx, dir.dCode);
    for (const row of rows) {
      authorize(caller, 'manageRes', row);
      authorize(caller, 'fileUnder', { owner: row.companySysCode, dir });
      if (row.dCode === dir.dCode) continue;
      sort += 10;
      await repo.updateRes(tx, caller.scope, row.id, { dCode: dir.dCode, sort });
    }
    homeChanged(tx, caller);
    await recordAudit(tx, caller, {
      action: 'trainres.move',
      target: dir.dCode,
      detail: { resCodes: rows.map((r) => r.resCode) },
    });
    return rows.length;
  });
}

/** Swaps the resource with its neighbour above or below in its directory (stable: sort, then id). */
export async function reorder(caller: Caller, code: string, direction: 'up' | 'down'): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const row = await mustFind(tx, caller, code);
    authorize(caller, 'manageRes', row);
    const other = await repo.neighbour(tx, caller.scope, row, direction);
    if (!other) return;
    // equal sorts would not swap; spread them first
    const [a, b] =
      other.sort === row.sort ? (direction === 'up' ? [row.sort - 1, row.sort] : [row.sort + 1, row.sort]) : [other.sort, row.sort];
    await repo.updateRes(tx, caller.scope, row.id, { sort: a });
    await repo.updateRes(tx, caller.scope, other.id, { sort: b });
  });
}

export async function setPrivate(caller: Caller, code: string, isPrivate?: number): Promise<{ isPrivate: number }> {
  return inTransaction(caller, async (tx) => {
    const row = await mustFind(tx, caller, code);
    authorize(caller, 'manageRes', row);
    const value = isPrivate ?? (row.isPrivate ? 0 : 1);
    await repo.updateRes(tx, caller.scope, row.id, { isPrivate: value });
    homeChanged(tx, caller);
    await recordAudit(tx, caller, {
      action: 'trainres.private',
      target: row.resCode,
      detail: { isPrivate: value },
    });
    return { isPrivate: value };
  });
}

/** SetRecommend toggles (1 HOT when turned on without a category); EditRecommendRes sets category and order. */
export async function setRecommend(caller: Caller, code: string, cate?: number, sort?: number): Promise<{ recommendCate: number }> {
  return inTransaction(caller, async (tx) => {
    const row = await mustFind(tx, caller, code);
    authorize(caller, 'manageRes', row);
    const value = cate ?? (row.recommendCate > 0 ? 0 : 1);
    if (value < 0 || value > 3) throw appError('RES_TRANSITION_REFUSED');
    await repo.updateRes(tx, caller.scope, row.id, { recommendCate: value, ...(sort !== undefined ? { sort } : {}) });
    homeChanged(tx, caller);
    await recordAudit(tx, caller, { action: 'trainres.recommend', target: row.resCode, detail: { value } });
    return { recommendCate: value };
  });
}

// ---------- delete ----------

/**
 * Soft delete (ADR 0012): the resource leaves every list and the learners' view; its row, media
 * and audit history stay so study records and earned hours keep pointing at it.
 */
export async function deleteMany(caller: Caller, codes: string[]): Promise<number> {
  return inTransaction(caller, async (tx) => {
    const rows = await repo.findResMany(tx, caller.scope, codes);
    if (!rows.length) throw appError('RES_NOT_FOUND');
    for (const row of rows) authorize(caller, 'manageRes', row);
    for (const row of rows) await repo.updateRes(tx, caller.scope, row.id, { deletedAt: caller.now, live: null });
    homeChanged(tx, caller);
    await recordAudit(tx, caller, {
      action: 'trainres.delete',
      target: rows.map((r) => r.resCode).join(','),
    });
    return rows.length;
  });
}

// ---------- audit workflow ----------

async function logTransition(tx: Tx, caller: Caller, row: repo.ResRow, action: ResAction, to: number, comment: string): Promise<void> {
  const actor = requireActor(caller);
  await repo.insertAudit(tx, caller.scope, {
    resId: row.id,
    action,
    fromStatus: row.auditStatus,
    toStatus: to,
    comment,
    userId: actor.userId,
    userName: actor.chnName,
    createdAt: caller.now,
  });
}

const PROCESSING: string[] = [MediaStatus.Uploaded, MediaStatus.Processing];

/**
 * The facts the submit rule needs: does the media (and every lesson's) exist, is any still
 * transcoding? With them, the durations the media now know (a lesson saved while transcoding).
 */
async function submission(tx: Tx, row: repo.ResRow): Promise<Submission & { durations: Pick<repo.ResRow, 'duration' | 'lessons'> }> {
  const durations: Pick<repo.ResRow, 'duration' | 'lessons'> = { duration: row.duration, lessons: row.lessons };
  const facts = { ...row, mediaFound: false, lessonMediaMissing: false, mediaProcessing: false, durations };
  if (row.resType === ResType.RichText || !row.mediaId) return facts;
  const found = await repo.findMediaMany(tx, [row.mediaId, ...row.lessons.map((l) => l.mediaId)]);
  const single = found.get(row.mediaId);
  facts.mediaFound = Boolean(single);
  if (!single) return facts;
  facts.lessonMediaMissing = row.lessons.some((l) => !found.has(l.mediaId));
  facts.mediaProcessing = [...found.values()].some((m) => PROCESSING.includes(m.status));
  if (row.lessons.length) {
    const lessons = row.lessons.map((l) => ({ ...l, duration: found.get(l.mediaId)?.duration || l.duration }));
    facts.durations = { lessons, duration: lessons.reduce((sum, l) => sum + l.duration, 0) };
  } else if (row.resType !== ResType.Document) {
    facts.durations = { lessons: row.lessons, duration: single.duration || row.duration };
  }
  return facts;
}

async function submitOne(tx: Tx, caller: Caller, row: repo.ResRow): Promise<void> {
  const facts = await submission(tx, row);
  authorize(caller, 'submit', facts);
  await repo.updateRes(tx, caller.scope, row.id, {
    ...facts.durations,
    auditStatus: AuditStatus.Pending,
    submittedBy: requireActor(caller).userId,
    updatedAt: caller.now,
  });
  await logTransition(tx, caller, row, 'submit', AuditStatus.Pending, '');
}

export async function postCheck(caller: Caller, code: string): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const row = await mustFind(tx, caller, code);
    await submitOne(tx, caller, row);
    await recordAudit(tx, caller, { action: 'trainres.submit', target: row.resCode });
  });
}

/** Submits every resource it can; answers which could not be submitted and why. */
export async function batchPostCheck(caller: Caller, codes: string[]): Promise<BatchOutcome> {
  return inTransaction(caller, async (tx) => {
    const rows = await repo.findResMany(tx, caller.scope, codes);
    const found = new Map(rows.map((r) => [r.resCode.toLowerCase(), r]));
    const outcome: BatchOutcome = { ok: [], failed: [] };
    for (const code of [...new Set(codes)]) {
      const row = found.get(code.toLowerCase());
      const verdict = row ? resPolicy.rules.submit(caller, await submission(tx, row)) : appError('RES_NOT_FOUND');
      if (!row || verdict !== true) {
        outcome.failed.push({ rescode: code, reason: verdict === true ? errorMessage('RES_NOT_FOUND') : verdict.message });
        continue;
      }
      await submitOne(tx, caller, row);
      outcome.ok.push(row.resCode);
    }
    if (outcome.ok.length) await recordAudit(tx, caller, { action: 'trainres.submit', target: outcome.ok.join(',') });
    return outcome;
  });
}

function liveOf(row: repo.ResRow): LiveVersion {
  return {
    resName: row.resName,
    introduce: row.introduce,
    cover: row.cover,
    lecturerCode: row.lecturerCode,
    resType: row.resType,
    content: row.content,
    mediaId: row.mediaId,
    duration: row.duration,
    creditHours: Number(row.creditHours),
    lessons: row.lessons,
  };
}

/** Pass makes this version the one learners see; reject needs a comment. The submitter is told. */
export async function audit(caller: Caller, code: string, pass: boolean, comment: string): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const row = await mustFind(tx, caller, code);
    const action = pass ? 'pass' : 'reject';
    authorize(caller, action, row);
    const to = stepTo(action, row.auditStatus);
    await repo.updateRes(tx, caller.scope, row.id, { auditStatus: to, updatedAt: caller.now, ...(pass ? { live: liveOf(row) } : {}) });
    await logTransition(tx, caller, row, action, to, comment);
    homeChanged(tx, caller);
    await recordAudit(tx, caller, { action: `trainres.${action}`, target: row.resCode, detail: { comment } });
    const submitter = row.submittedBy ?? row.createdBy;
    if (submitter) await sendAuditMessage(tx, submitter, row, pass, comment, caller.now);
  });
}

/** An approved resource leaves the learners' view. */
export async function revoke(caller: Caller, code: string): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const row = await mustFind(tx, caller, code);
    authorize(caller, 'revoke', row);
    const to = stepTo('revoke', row.auditStatus);
    await repo.updateRes(tx, caller.scope, row.id, { auditStatus: to, live: null, updatedAt: caller.now });
    await logTransition(tx, caller, row, 'revoke', to, '');
    homeChanged(tx, caller);
    await recordAudit(tx, caller, { action: 'trainres.revoke', target: row.resCode });
  });
}
