import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { FileStatus, FileVisibility, Msg } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
import { type Caller, requireActor } from '../caller.ts';
import { AppError, appError, appErrorMsg } from '../errors.ts';
import { checkContent, type ReceivedUpload, type UploadRules } from '../uploads.ts';
import { checkFileName } from './filename.ts';
import * as repo from './repository.ts';
import type { UploadPart, UploadSource } from './source.ts';
import { deleteImageVariants, makeImageVariants } from './variants.ts';

/** What a stored upload is, as the routes answer it. */
export interface StoredUpload {
  key: string;
  filename: string;
  mime: string;
  size: number;
}

export interface StoreOptions {
  /** key prefix, e.g. `content` → content/2026/05/<random>.pdf */
  prefix: string;
  /** what it is for (platform_file.purpose) */
  purpose: string;
  visibility?: FileVisibility;
  /** a public still image: also store its resized copies (variants.ts), for the portal's srcset */
  imageVariants?: boolean;
}

/** enough leading bytes for every signature file-type knows */
const SNIFF_BYTES = 4100;

export function newStorageKey(prefix: string, ext: string, now: Date): string {
  return `${prefix}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(12).toString('hex')}${ext}`;
}

/**
 * Bytes the caller may still store: the smaller of what is left of the user's and the company's
 * quota (UPLOAD_QUOTA_USER_BYTES / UPLOAD_QUOTA_COMPANY_BYTES), stored files and the
 * reservations of resumable uploads in flight counted. Refuses when either is used up. Concurrent
 * multipart uploads may each pass the check, so a quota can be exceeded by at most the multipart
 * uploads in flight at that moment (resumable uploads reserve their length: reservations.ts).
 */
export async function remainingQuota(caller: Caller): Promise<{ bytes: number; code: 'FILE_QUOTA_USER' | 'FILE_QUOTA_COMPANY' }> {
  const actor = requireActor(caller);
  const { env, db } = caller.ctx;
  const used = await repo.usageOf(db, { userId: actor.userId, companySysCode: actor.companySysCode });
  const userLeft = env.UPLOAD_QUOTA_USER_BYTES - used.user;
  if (userLeft <= 0) throw appError('FILE_QUOTA_USER');
  if (!actor.companySysCode) return { bytes: userLeft, code: 'FILE_QUOTA_USER' };
  const companyLeft = env.UPLOAD_QUOTA_COMPANY_BYTES - used.company;
  if (companyLeft <= 0) throw appError('FILE_QUOTA_COMPANY');
  return userLeft <= companyLeft ? { bytes: userLeft, code: 'FILE_QUOTA_USER' } : { bytes: companyLeft, code: 'FILE_QUOTA_COMPANY' };
}

/** Stores an upload already in memory (small images whose pixels are checked) and records it. */
export async function storeUpload(
  caller: Caller,
  upload: Pick<ReceivedUpload, 'buffer' | 'mime' | 'ext' | 'filename'>,
  opts: StoreOptions,
): Promise<StoredUpload> {
  const actor = requireActor(caller);
  checkFileName(upload.filename);
  const quota = await remainingQuota(caller);
  if (upload.buffer.length > quota.bytes) throw appError(quota.code);
  const key = newStorageKey(opts.prefix, upload.ext, caller.now);
  const visibility = opts.visibility ?? FileVisibility.Public;
  // never for a private file: a copy is served by its key alone
  const variants = opts.imageVariants === true && visibility === FileVisibility.Public;
  await keptOnlyWithRow(caller, key, { variants }, async () => {
    await caller.ctx.storage.put(key, upload.buffer, upload.mime);
    if (variants) await makeImageVariants(caller.ctx.storage, key, upload.buffer, upload.mime);
    await repo.insertFile(caller.ctx.db, {
      storageKey: key,
      ownerUserId: actor.userId,
      ownerCompanySysCode: actor.companySysCode,
      purpose: opts.purpose,
      status: FileStatus.Temp,
      visibility,
      size: upload.buffer.length,
      contentType: upload.mime,
      originalName: upload.filename,
      createdAt: caller.now,
    });
  });
  return { key, filename: upload.filename, mime: upload.mime, size: upload.buffer.length };
}

/**
 * Receives the upload's one file and streams it to storage (disk, or S3 in
 * multipart parts) without holding it in memory: the first bytes decide its real type, the
 * byte count is checked against the size rule and the caller's quota as it flows, and a file
 * that fails a check half-way is deleted again.
 */
export async function streamUpload(caller: Caller, source: UploadSource, rules: UploadRules, opts: StoreOptions): Promise<StoredUpload> {
  const actor = requireActor(caller);
  const quota = await remainingQuota(caller);
  const limit = Math.min(rules.maxBytes, quota.bytes);
  let part: UploadPart | undefined;
  try {
    part = await source.file({ fileSize: limit });
  } catch {
    throw appError('FILE_REQUIRED');
  }
  if (!part) throw appError('FILE_REQUIRED');
  // before a byte is stored: a name the row cannot hold would leave the bytes without their row
  checkFileName(part.filename);
  const head = await readHead(part, SNIFF_BYTES);
  if (head.length === 0) throw appError('FILE_EMPTY');
  // judged by the leading bytes; plain text is checked in full as it streams (below)
  const checked = await checkContent(head, part.filename, rules, { partial: true });
  const key = newStorageKey(opts.prefix, checked.ext, caller.now);
  // plain text has no signature: every byte is checked as it flows
  const body = checked.mime === 'text/plain' ? utf8Guard(Msg.textNotUtf8) : new PassThrough();
  // a refusal may come before the storage listens (it is still creating the directory): pipe()
  // would rethrow it as an uncaught exception; the storage's pipeline still sees the errored stream
  body.on('error', () => {});
  body.write(head);
  part.file.on('error', (err) => body.destroy(err));
  part.file.pipe(body);
  let size: number;
  try {
    size = await caller.ctx.storage.putStream(key, body, checked.mime);
  } catch (err) {
    await caller.ctx.storage.delete(key).catch(() => {});
    if (err instanceof AppError) throw err;
    // the multipart limit stops the stream with its own error when the file is too large
    if (part.file.truncated || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw sizeError(quota, limit, rules);
    throw err;
  }
  if (part.file.truncated || size > limit) {
    await caller.ctx.storage.delete(key).catch(() => {});
    throw sizeError(quota, limit, rules);
  }
  const filename = part.filename;
  await keptOnlyWithRow(caller, key, { variants: false }, () =>
    repo.insertFile(caller.ctx.db, {
      storageKey: key,
      ownerUserId: actor.userId,
      ownerCompanySysCode: actor.companySysCode,
      purpose: opts.purpose,
      status: FileStatus.Temp,
      visibility: opts.visibility ?? FileVisibility.Public,
      size,
      contentType: checked.mime,
      originalName: filename,
      createdAt: caller.now,
    }),
  );
  return { key, filename: part.filename, mime: checked.mime, size };
}

/**
 * Stored object and row are one unit: when storing or recording fails for any reason (the
 * database refusing the row, a lost connection), the object (and its resized copies) is deleted
 * again before the error goes on, so no bytes stay that no quota counts and no purge finds.
 */
async function keptOnlyWithRow(caller: Caller, key: string, opts: { variants: boolean }, store: () => Promise<unknown>): Promise<void> {
  try {
    await store();
  } catch (err) {
    const { storage } = caller.ctx;
    await storage.delete(key).catch((e) => caller.log.warn({ err: e, key }, 'files: could not delete an unrecorded upload'));
    if (opts.variants) await deleteImageVariants(storage, key).catch(() => {});
    throw err;
  }
}

/** Marks uploads as saved with an object, so the purge of temporary uploads leaves them alone. */
export function attachFiles(caller: Caller, keys: Array<string | null | undefined>): Promise<void> {
  return markFilesAttached(caller.ctx.db, keys, caller.now);
}

/** The same inside a transaction (`tx`); references that are URLs or not uploads are ignored. */
export function markFilesAttached(db: DbOrTx, keys: Array<string | null | undefined>, now: Date): Promise<void> {
  const clean = keys.map((k) => (k ?? '').replace(/^\/prod-api\/files\//, '').split('?')[0]).filter(Boolean);
  return repo.attachFileKeys(db, clean, now);
}

/** Too large for the size rule, or for what is left of the quota. */
function sizeError(quota: { bytes: number; code: 'FILE_QUOTA_USER' | 'FILE_QUOTA_COMPANY' }, limit: number, rules: UploadRules): AppError {
  return limit < rules.maxBytes ? appError(quota.code) : appErrorMsg('FAILED', rules.sizeMessage);
}

/** Reads until `bytes` bytes (or the end) are buffered, leaving the stream paused for the rest. */
async function readHead(part: UploadPart, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let have = 0;
  const stream = part.file;
  while (have < bytes) {
    const chunk: Buffer | null = stream.read();
    if (chunk) {
      chunks.push(chunk);
      have += chunk.length;
      continue;
    }
    if (stream.readableEnded) break;
    const ended = await new Promise<boolean>((resolve, reject) => {
      const onReadable = () => done(false);
      const onEnd = () => done(true);
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      const cleanup = () => {
        stream.off('readable', onReadable);
        stream.off('end', onEnd);
        stream.off('error', onError);
      };
      const done = (end: boolean) => {
        cleanup();
        resolve(end);
      };
      stream.once('readable', onReadable);
      stream.once('end', onEnd);
      stream.once('error', onError);
    });
    if (ended) break;
  }
  return Buffer.concat(chunks);
}

/** Passes bytes through while checking they are UTF-8 text without NULs. */
function utf8Guard(message: string): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      try {
        if (chunk.includes(0)) throw new Error('nul');
        decoder.decode(chunk, { stream: true });
        cb(null, chunk);
      } catch {
        cb(appErrorMsg('FAILED', message));
      }
    },
    flush(cb) {
      try {
        decoder.decode();
        cb();
      } catch {
        cb(appErrorMsg('FAILED', message));
      }
    },
  });
}

export const extOf = (name: string) => extname(name).toLowerCase();

/** Upload keys referenced inside rich text (inline images and links to /prod-api/files/…). */
export function fileKeysInHtml(html: string | null | undefined): string[] {
  return [...(html ?? '').matchAll(/\/prod-api\/files\/([A-Za-z0-9][A-Za-z0-9/_.-]{0,300})/g)].map((m) => m[1]);
}
