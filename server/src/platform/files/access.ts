import { FileVisibility, SysRole } from '@xuetu/contract';
import type { Caller } from '../caller.ts';
import { inScope } from '../scope.ts';
import { isSafeKey } from '../storage.ts';
import { type FileRow, findFileByKey } from './repository.ts';
import { isSignedFileLink } from './signed-url.ts';
import { variantOriginal } from './variants.ts';

/**
 * Keys under this prefix are media delivery's (sources, play lists, segments): they open only
 * through its signed, session- and visibility-checked links (courses/media/delivery.ts, ADR 0037),
 * never by key. Their renditions have no platform_file row, so without this they would count as
 * public: a segment's key is printed in play lists (nginx secure links).
 */
const MEDIA_PREFIX = 'media/';

/** What a caller may do with a stored key: read it (`private` says how it may be cached), or not, and why. */
export type FileAccess =
  | { readonly ok: true; readonly private: boolean; readonly row: FileRow | undefined }
  | { readonly ok: false; readonly code: 'FILE_NOT_FOUND' | 'FILE_LINK_EXPIRED' };

/** Staff who may read their companies' private files (their scope says which companies). */
const STAFF_ROLES: readonly number[] = [SysRole.PlatformAdmin, SysRole.PlatformOperator, SysRole.CompanyAdmin];

/**
 * The one rule for turning a stored key into bytes (issue 38 item 3): every place that reads a
 * stored file by a key a user could have written (the download route, the question export,
 * imports) asks it first.
 * - a key that is no storage key, or a media key: never (the answer of a missing file);
 * - a public file, or one with no record (demo content, written by the server): anyone with the key;
 * - a private file read over a link (`link` given, the download route): only with a valid signed
 *   link to this key for this user (issued after the check below: `signedFileUrl`);
 * - a private file the server reads for the caller (`link` absent): its owner, or staff (system
 *   roles 1–3) whose scope covers the owner's company. Another company's file answers like a
 *   missing one.
 * A resized copy is judged by its original. A failed lookup fails the request (never "no record").
 */
export async function fileAccess(caller: Caller, key: string, link?: { sig: string }): Promise<FileAccess> {
  if (!isSafeKey(key) || key.startsWith(MEDIA_PREFIX)) return { ok: false, code: 'FILE_NOT_FOUND' };
  const row = await findFileByKey(caller.ctx.db, variantOriginal(key) ?? key);
  if (!row || row.visibility !== FileVisibility.Private) return { ok: true, private: false, row };
  if (link) return isSignedFileLink(caller, key, link.sig) ? { ok: true, private: true, row } : { ok: false, code: 'FILE_LINK_EXPIRED' };
  const actor = caller.actor;
  const allowed =
    !!actor &&
    (row.ownerUserId === actor.userId ||
      (actor.sysRoles.some((r) => STAFF_ROLES.includes(r)) && inScope(caller.scope, row.ownerCompanySysCode)));
  return allowed ? { ok: true, private: true, row } : { ok: false, code: 'FILE_NOT_FOUND' };
}
