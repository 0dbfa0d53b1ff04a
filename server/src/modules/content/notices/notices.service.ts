import {
  type NoticeAdminItem,
  type NoticeDetail,
  type NoticeItem,
  type NoticeSaveInput,
  NoticeStatus,
  type noticeSaveInput,
  type PageResult,
  Perm,
  parseDateTime,
} from '@xuetu/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { hasAction } from '../../../platform/actor.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError, forbidden } from '../../../platform/errors.ts';
import { fileKeysInHtml, markFilesAttached } from '../../../platform/files/index.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { sanitizeRichHtml } from '../../../platform/sanitize-html.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { companyExists, companyNamesByCode } from '../../directory/public.ts';
import { cachedPortal, invalidatePortal, viewerOf } from '../portal/cache.ts';
import { assertContentRef } from '../site/files.ts';
import { type NoticeFanOut, noticeFanOutJob } from './jobs.ts';
import { authorize } from './notices.policy.ts';
import { presentNotice, presentNoticeAdmin, presentNoticeDetail } from './notices.presenter.ts';
import * as repo from './notices.repository.ts';

const VIEW_DEDUPE_S = 30;

// ---------- portal (public; a signed-in caller also sees their company's notices) ----------

export function listPublicNotices(
  caller: Caller,
  q: { keyword: string; channel: number; limit: number; offset: number; ascending: boolean },
) {
  const viewer = viewerOf(caller.actor);
  return cachedPortal(caller.ctx, viewer, 'notices', q, async (): Promise<PageResult<NoticeItem>> => {
    const { rows, total } = await repo.pageVisibleNotices(caller.ctx.db, viewer, caller.now, q);
    return { models: rows.map(presentNotice), totalCount: total };
  });
}

export function listNoticesByChannel(caller: Caller, channel: number, limit: number) {
  const viewer = viewerOf(caller.actor);
  return cachedPortal(
    caller.ctx,
    viewer,
    `channel${channel}`,
    limit,
    async (): Promise<NoticeItem[]> =>
      (await repo.listVisibleByChannel(caller.ctx.db, viewer, caller.now, channel, limit)).map(presentNotice),
  );
}

/**
 * The viewer's notice with its attachments. Each view counts once: repeated loads by the same
 * visitor (the user, or without a session the address) within a short window (a reload, a double
 * render) are one view.
 */
export async function viewNotice(caller: Caller, code: string): Promise<NoticeDetail> {
  const { ctx, actor } = caller;
  const viewer = viewerOf(actor);
  const visitor = actor ? `u${actor.userId}` : `ip${caller.ip}`;
  const row = await repo.findVisibleNotice(ctx.db, viewer, caller.now, code);
  if (!row) throw appError('NOTICE_NOT_FOUND');
  const first = (await ctx.cache.incr(`noticeview:${row.id}:${visitor}`, VIEW_DEDUPE_S)) === 1;
  if (first) row.pv = await repo.addNoticeView(ctx.db, viewer, caller.now, row.id);
  return presentNoticeDetail(row, await repo.listEnclosures(ctx.db, row.id));
}

// ---------- administration ----------

export async function listNoticesForAdmin(
  caller: Caller,
  q: { keyword: string; status: number | ''; channel: number | ''; companySysCode: string; limit: number; offset: number },
): Promise<PageResult<NoticeAdminItem>> {
  const { rows, total } = await repo.pageNoticesForAdmin(caller.ctx.db, caller.scope, q);
  return { models: rows.map((r) => presentNoticeAdmin(r.notice, r.companyName)), totalCount: total };
}

export async function readNoticeForEdit(caller: Caller, code: string): Promise<NoticeDetail & NoticeAdminItem> {
  const { ctx } = caller;
  const row = await repo.findNoticeInScope(ctx.db, caller.scope, code);
  if (!row) throw appError('NOTICE_NOT_FOUND');
  const names = await companyNamesByCode(ctx.db, row.companySysCode ? [row.companySysCode] : []);
  return {
    ...presentNoticeAdmin(row, names.get(row.companySysCode ?? '') ?? ''),
    ...presentNoticeDetail(row, await repo.listEnclosures(ctx.db, row.id)),
    pcCoverUrl: presentNotice(row).pcCoverUrl,
  };
}

/** Platform staff choose platform-wide or any company; everyone else writes into their own company. */
async function ownerFor(caller: Caller, wanted: string | null): Promise<string | null> {
  const code = wanted?.trim() || null;
  authorize(caller, 'fileUnder', { companySysCode: code });
  const { scope } = caller;
  if (!scope.all) return scope.companySysCode;
  if (code && !(await companyExists(caller.ctx.db, code))) throw appError('COMPANY_NOT_FOUND');
  return code;
}

type SaveInput = z.output<typeof noticeSaveInput>;

function noticeValues(input: SaveInput) {
  for (const e of input.enclosures) assertContentRef(e.fileKey, true);
  assertContentRef(input.pcCoverUrl);
  const release = input.releaseTime ? parseDateTime(input.releaseTime) : null;
  if (input.releaseTime && !release && !input.releaseTime.startsWith('1900-01-01')) throw appError('NOTICE_RELEASE_TIME_INVALID');
  return {
    noticeTitle: input.noticeTitle,
    noticeSecondTitle: input.noticeSecondTitle,
    noticeDesc: input.noticeDesc,
    noticeValue: sanitizeRichHtml(input.noticeValue),
    noticeType: input.noticeType,
    noticeUrl: input.noticeType === 2 ? input.noticeUrl : '',
    noticeChannel: input.noticeChannel,
    pcCoverUrl: input.pcCoverUrl,
    releaseTime: release,
    sortOrder: input.sortOrder,
  };
}

/** AddNotice / UpdateNotice (`noticeSysCode` set); publishing on save takes the publish action too. */
export async function saveNotice(caller: Caller, input: SaveInput): Promise<{ noticeSysCode: string }> {
  const { ctx, scope } = caller;
  const actor = requireActor(caller);
  if (input.publish && !hasAction(actor, Perm.NoticePublish)) throw forbidden();
  const values = noticeValues(input);
  const owner = await ownerFor(caller, input.companySysCode);
  const code = await inTransaction(caller, async (tx) => {
    const keys = [input.pcCoverUrl, ...input.enclosures.map((e) => e.fileKey), ...fileKeysInHtml(values.noticeValue)];
    await markFilesAttached(tx, keys, caller.now);
    if (input.noticeSysCode) {
      const row = await repo.findNoticeInScope(tx, scope, input.noticeSysCode);
      if (!row) throw appError('NOTICE_NOT_FOUND');
      authorize(caller, 'manage', row);
      const publish = input.publish && row.status !== NoticeStatus.Published;
      await repo.updateNotice(tx, scope, row.id, {
        ...values,
        companySysCode: owner,
        updatedAt: caller.now,
        ...(publish ? { status: NoticeStatus.Published, releaseTime: values.releaseTime ?? caller.now } : {}),
      });
      await repo.replaceEnclosures(tx, scope, row.id, input.enclosures);
      await recordAudit(tx, caller, {
        action: 'notice.update',
        target: row.noticeSysCode,
        detail: { title: values.noticeTitle, publish },
      });
      if (publish) await enqueueNoticeFanOut(tx, caller, row.id, { code: row.noticeSysCode, title: values.noticeTitle, company: owner });
      return row.noticeSysCode;
    }
    const noticeSysCode = newCode('N');
    const row = await repo.insertNotice(tx, scope, {
      ...values,
      noticeSysCode,
      companySysCode: owner,
      status: input.publish ? NoticeStatus.Published : NoticeStatus.Draft,
      releaseTime: input.publish ? (values.releaseTime ?? caller.now) : values.releaseTime,
      createdBy: actor.userId,
      createdAt: caller.now,
      updatedAt: caller.now,
    });
    await repo.replaceEnclosures(tx, scope, row.id, input.enclosures);
    await recordAudit(tx, caller, {
      action: 'notice.add',
      target: noticeSysCode,
      detail: { title: values.noticeTitle, publish: input.publish },
    });
    if (input.publish) await enqueueNoticeFanOut(tx, caller, row.id, { code: noticeSysCode, title: values.noticeTitle, company: owner });
    return noticeSysCode;
  });
  await invalidatePortal(ctx);
  return { noticeSysCode: code };
}

export async function setNoticeStatus(caller: Caller, code: string, status: number): Promise<void> {
  const { ctx, scope } = caller;
  await inTransaction(caller, async (tx) => {
    const row = await repo.findNoticeInScope(tx, scope, code);
    if (!row) throw appError('NOTICE_NOT_FOUND');
    authorize(caller, 'manage', row);
    const publish = status === NoticeStatus.Published;
    await repo.updateNotice(tx, scope, row.id, {
      status: publish ? NoticeStatus.Published : NoticeStatus.Draft,
      ...(publish && !row.releaseTime ? { releaseTime: caller.now } : {}),
      updatedAt: caller.now,
    });
    await recordAudit(tx, caller, { action: publish ? 'notice.publish' : 'notice.unpublish', target: code });
    if (publish && row.status !== NoticeStatus.Published)
      await enqueueNoticeFanOut(tx, caller, row.id, { code, title: row.noticeTitle, company: row.companySysCode });
  });
  await invalidatePortal(ctx);
}

export async function removeNotice(caller: Caller, code: string): Promise<void> {
  const { ctx, scope } = caller;
  await inTransaction(caller, async (tx) => {
    const row = await repo.findNoticeInScope(tx, scope, code);
    if (!row) throw appError('NOTICE_NOT_FOUND');
    authorize(caller, 'manage', row);
    await repo.deleteNotice(tx, scope, row.id);
    await recordAudit(tx, caller, {
      action: 'notice.delete',
      target: code,
      detail: { title: row.noticeTitle },
    });
  });
  await invalidatePortal(ctx);
}

/**
 * The first publication of a company notice messages its people: a job, enqueued in the publishing
 * transaction. Publishing it again after a withdrawal messages nobody again (the notice keeps when
 * it did, `notifiedAt`).
 */
async function enqueueNoticeFanOut(tx: DbOrTx, caller: Caller, noticeId: number, n: NoticeFanOut): Promise<void> {
  if (!n.company) return;
  if (!(await repo.claimFirstNotification(tx, caller.scope, noticeId, caller.now))) return;
  await enqueueJob(tx, noticeFanOutJob, n, { now: caller.now, dedupeKey: n.code });
}

export type { NoticeSaveInput };
