import { AuditStatus, MediaStatus, Perm, ResType, TrainResMsg } from '@xuetu/contract';
import { isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { hasAction } from '../../../platform/actor.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import { definePolicy, type Subject } from '../../../platform/policy.ts';
import { NO_COMPANY, type TenantScope } from '../../../platform/scope.ts';
import { targetCompany } from '../../directory/public.ts';
import { nextStatus } from './transitions.ts';
import { isResVisible, type VisibleRow } from './visibility.ts';

/**
 * Company rules of the resource library in one place. Platform objects (company null) are
 * shared: every company reads platform directories and files its resources in them, but only
 * platform staff change them. A company administrator writes and audits their own company's
 * resources; platform staff (system roles 1/2) everything.
 */
export type { Caller };

/** Rows a caller may read in the admin area: its own company's and the platform's (staff: all). */
export function ownOrPlatform(scope: TenantScope, column: PgColumn): SQL {
  if (scope.all) return sql`true`;
  // the no-company scope (signed out) sees platform rows only; NUL never reaches the database
  if (scope.companySysCode === NO_COMPANY) return isNull(column);
  return or(isNull(column), sql`${column} = ${scope.companySysCode}`) as SQL;
}

/** Rows a caller manages: its own company's only (staff: all). */
export function ownOnly(scope: TenantScope, column: PgColumn): SQL {
  if (scope.all) return sql`true`;
  return scope.companySysCode === NO_COMPANY ? sql`false` : sql`${column} = ${scope.companySysCode}`;
}

/** True when the caller may change an object owned by `company` (null = platform). */
export function mayWrite(scope: TenantScope, company: string | null): boolean {
  return scope.all || (company !== null && company === scope.companySysCode);
}

/**
 * The owner of a new object: a company administrator's own company; platform staff name a
 * company, or none for a platform-wide object.
 */
export async function newOwner(db: DbOrTx, caller: Caller, requested: string): Promise<string | null> {
  const actor = requireActor(caller);
  if (caller.scope.all && !requested) return null;
  return (await targetCompany(db, actor, requested)).companySysCode;
}

type Owned = { companySysCode: string | null };

/** the actions of the resource administration (list, audit, edit) */
const RES_MANAGE = [Perm.ResList, Perm.ResAudit, Perm.ResEdit];
type Audited = Owned & { auditStatus: number };
/** An uploaded file and the company of the resource that would use it (null = platform). */
type MediaUse = { media: Owned | undefined; owner: string | null };

/** The uploader's company may be used: a company's own uploads, or any for platform staff. */
const mediaUsable = ({ scope }: Subject, { media, owner }: MediaUse) =>
  media !== undefined && mayWrite(scope, media.companySysCode) && (media.companySysCode === null || media.companySysCode === owner);

const manages = ({ scope }: Subject, res: Owned) => mayWrite(scope, res.companySysCode);

/** The audit table's step for a resource the caller manages; another company's answers like a missing one. */
const step = (action: 'pass' | 'reject' | 'revoke') => (subject: Subject, res: Audited) => {
  if (!manages(subject, res)) return appError('RES_NOT_FOUND');
  return nextStatus(action, res.auditStatus) !== null || appError('RES_TRANSITION_REFUSED');
};

/**
 * the facts `submit` needs that the service looks up: does the media (and each lesson's) exist,
 * and is any of them still waiting or being transcoded?
 */
export type Submission = Audited & {
  resType: number;
  content: string;
  mediaFound: boolean;
  lessonMediaMissing: boolean;
  mediaProcessing: boolean;
};

/**
 * Object rules of the resource library. Another company's (or, for a company administrator, a
 * platform) directory, resource or upload answers like a missing one; a resource moves through
 * the audit table (transitions.ts) only along its steps.
 */
export const resPolicy = definePolicy({
  manageDir: ({ scope }: Subject, dir: Owned) => mayWrite(scope, dir.companySysCode) || appError('RES_DIR_NOT_FOUND'),
  /** refused while it or a directory below it holds resources of any company */
  deleteDir: ({ scope }: Subject, dir: Owned & { resources: number }) => {
    if (!mayWrite(scope, dir.companySysCode)) return appError('RES_DIR_NOT_FOUND');
    return dir.resources === 0 || appErrorMsg('RES_DIR_HAS_RESOURCES', TrainResMsg.dirHasResources(dir.resources));
  },
  /**
   * A directory or resource of `owner` is filed under `dir`: the platform's (shared by all) or
   * one of the same company; a platform object only under a platform directory.
   */
  fileUnder: (_subject: Subject, pair: { owner: string | null; dir: Owned | undefined }) =>
    (pair.dir !== undefined && (pair.dir.companySysCode === null || pair.dir.companySysCode === pair.owner)) ||
    appError('RES_DIR_NOT_FOUND'),
  /** move, reorder, flags (private, recommended), soft delete */
  manageRes: (subject: Subject, res: Owned) => manages(subject, res) || appError('RES_NOT_FOUND'),
  /** editing an approved one puts it back to draft; a pending one is locked until audited */
  edit: (subject: Subject, res: Audited) => {
    if (!manages(subject, res)) return appError('RES_NOT_FOUND');
    if (nextStatus('edit', res.auditStatus) !== null) return true;
    return appError(res.auditStatus === AuditStatus.Pending ? 'RES_PENDING_LOCKED' : 'RES_TRANSITION_REFUSED');
  },
  /**
   * to audit: from draft, rejected or revoked, with its content or media (and every lesson's),
   * processed: a course is saved while its uploads transcode, and the audit waits for them
   * (issue 38 item 10), so an approved version only ever has lessons that play
   */
  submit: (subject: Subject, res: Submission) => {
    if (!manages(subject, res)) return appError('RES_NOT_FOUND');
    if (nextStatus('submit', res.auditStatus) === null)
      return appError(res.auditStatus === AuditStatus.Pending ? 'RES_ALREADY_PENDING' : 'RES_TRANSITION_REFUSED');
    if (res.resType === ResType.RichText) return res.content.trim() !== '' || appError('RES_CONTENT_REQUIRED');
    if (!res.mediaFound) return appError('RES_MEDIA_REQUIRED');
    if (res.lessonMediaMissing) return appError('RES_LESSON_MEDIA_NOT_FOUND');
    return !res.mediaProcessing || appError('RES_MEDIA_PROCESSING');
  },
  pass: step('pass'),
  reject: step('reject'),
  revoke: step('revoke'),
  /** a resource's single media */
  useMedia: (subject: Subject, use: MediaUse) => mediaUsable(subject, use) || appError('MEDIA_NOT_FOUND'),
  /** a lesson's media in a course of several */
  useLessonMedia: (subject: Subject, use: MediaUse) => mediaUsable(subject, use) || appError('RES_LESSON_MEDIA_NOT_FOUND'),
  /** an upload's processing state and its retry: the uploader's company (staff: all) */
  manageMedia: ({ scope }: Subject, media: Owned) => mayWrite(scope, media.companySysCode) || appError('MEDIA_NOT_FOUND'),
  /** a failed one, or one left waiting/processing by a job that is gone (its process died) */
  retryMedia: ({ scope }: Subject, media: Owned & { status: string; stalled?: boolean }) => {
    if (!mayWrite(scope, media.companySysCode)) return appError('MEDIA_NOT_FOUND');
    return media.status === MediaStatus.Failed || media.stalled === true || appError('MEDIA_RETRY_REFUSED');
  },
  /** the current (maybe unapproved) version: an administrator of the resource's company (staff: all) */
  viewCurrent: (subject: Subject, res: Owned) =>
    (subject.actor !== null && hasAction(subject.actor, RES_MANAGE) && manages(subject, res)) || appError('RES_NOT_FOUND'),
  /** the approved version, by the learner-side rule of the catalogue (visibility.ts) */
  viewLive: ({ scope }: Subject, res: VisibleRow) => isResVisible(scope, res) || appError('RES_NOT_FOUND'),
});

export const { authorize, can } = resPolicy;
