import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { errorMessage, FileStatus, FileVisibility, MEDIA_UPLOAD_PATH, MediaStatus } from '@xuetu/contract';
import { fileTypeFromBuffer } from 'file-type';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { remainingQuota } from '../../../platform/files/index.ts';
import { insertFile } from '../../../platform/files/repository.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { processMediaJob } from './job.ts';
import * as repo from './repository.ts';

/** What a media upload may be, by its leading bytes (never by its name). */
const ACCEPTED: Record<string, { kind: 'video' | 'audio' | 'document'; ext: string }> = {
  'video/mp4': { kind: 'video', ext: '.mp4' },
  'video/quicktime': { kind: 'video', ext: '.mov' },
  'video/webm': { kind: 'video', ext: '.webm' },
  'video/x-matroska': { kind: 'video', ext: '.mkv' },
  'audio/mpeg': { kind: 'audio', ext: '.mp3' },
  'audio/x-m4a': { kind: 'audio', ext: '.m4a' },
  'audio/mp4': { kind: 'audio', ext: '.m4a' },
  'audio/wav': { kind: 'audio', ext: '.wav' },
  'audio/x-wav': { kind: 'audio', ext: '.wav' },
  'audio/aac': { kind: 'audio', ext: '.aac' },
  'application/pdf': { kind: 'document', ext: '.pdf' },
};

/** The caller of the request tus is handling (tus hooks see only the raw request). */
const current = new AsyncLocalStorage<Caller>();
const servers = new WeakMap<AppContext, Server>();

/** tus refuses with a status and a Chinese message the uploader shows. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

/**
 * Resumable uploads (tus) for media. The route has checked the action value before a byte is
 * read; each upload belongs to the user who created it (another user's upload id answers 404);
 * the size is checked against MEDIA_UPLOAD_LIMIT_BYTES and the quotas when it is declared; the
 * finished file's type is judged by its leading bytes, then it moves to storage as a private
 * file and the media job is queued.
 */
export function tusServer(ctx: AppContext): Server {
  const found = servers.get(ctx);
  if (found) return found;
  const directory = resolve(ctx.env.MEDIA_TUS_DIR ?? join(ctx.env.FILES_DIR, '..', 'tus'));
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: 24 * 60 * 60 * 1000 });
  const server = new Server({
    path: MEDIA_UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    maxSize: ctx.env.MEDIA_UPLOAD_LIMIT_BYTES,
    exposedHeaders: ['X-Media-Id'],
    namingFunction: () => randomBytes(16).toString('hex'),
    onIncomingRequest: async (req, uploadId) => {
      const caller = mustCaller();
      if (req.method === 'POST' || req.method === 'OPTIONS' || !uploadId) return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.owner !== String(requireActor(caller).userId)) throw refuse(404, errorMessage('MEDIA_NOT_FOUND'));
    },
    onUploadCreate: async (_req, upload) => {
      const caller = mustCaller();
      const actor = requireActor(caller);
      try {
        const quota = await remainingQuota(caller);
        if ((upload.size ?? 0) > quota.bytes) throw refuse(413, errorMessage(quota.code));
      } catch (err) {
        if (err instanceof AppError) throw refuse(413, err.msg);
        throw err;
      }
      return { metadata: { ...upload.metadata, owner: String(actor.userId) } };
    },
    onUploadFinish: async (_req, upload) => {
      const caller = mustCaller();
      const path = join(directory, upload.id);
      const head = await readHead(path, 4100);
      const type = await fileTypeFromBuffer(head);
      const accepted = type ? ACCEPTED[type.mime] : undefined;
      if (!accepted) {
        await datastore.remove(upload.id).catch(() => {});
        throw refuse(415, errorMessage('MEDIA_TYPE_REFUSED'));
      }
      const mediaCode = await storeFinished(caller, path, upload.size ?? 0, accepted, type?.mime ?? '', upload.metadata?.filename ?? '');
      await datastore.remove(upload.id).catch(() => {});
      return { headers: { 'X-Media-Id': mediaCode } };
    },
  });
  servers.set(ctx, server);
  return server;
}

function mustCaller(): Caller {
  const caller = current.getStore();
  if (!caller) throw refuse(401, errorMessage('SESSION_EXPIRED'));
  return caller;
}

/** Hands the raw request to tus with the caller it may check. */
export function handleTus(
  caller: Caller,
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
): Promise<void> {
  return current.run(caller, () => tusServer(caller.ctx).handle(req, res));
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

async function storeFinished(
  caller: Caller,
  path: string,
  size: number,
  accepted: { kind: 'video' | 'audio' | 'document'; ext: string },
  mime: string,
  filename: string,
): Promise<string> {
  const actor = requireActor(caller);
  const { ctx } = caller;
  const now = ctx.clock.now();
  const mediaCode = newCode('M');
  const sourceKey = `media/${mediaCode}/source${accepted.ext}`;
  const stored = await ctx.storage.putStream(sourceKey, createReadStream(path), mime);
  await inTransaction(ctx, async (tx) => {
    await insertFile(tx, {
      storageKey: sourceKey,
      ownerUserId: actor.userId,
      ownerCompanySysCode: actor.companySysCode,
      purpose: 'media',
      status: FileStatus.Temp,
      visibility: FileVisibility.Private,
      size: stored || size,
      contentType: mime,
      originalName: filename.slice(0, 255),
      createdAt: now,
    });
    const row = await repo.insertMedia(tx, {
      mediaCode,
      companySysCode: actor.companySysCode,
      ownerUserId: actor.userId,
      kind: accepted.kind,
      sourceKey,
      ext: accepted.ext,
      mime,
      originalName: filename.slice(0, 255),
      size: stored || size,
      status: accepted.kind === 'document' ? MediaStatus.Ready : MediaStatus.Uploaded,
      progress: accepted.kind === 'document' ? 100 : 0,
      renditions: accepted.kind === 'document' ? [{ quality: 'OD', key: sourceKey, height: 0, format: 'file' }] : [],
      createdAt: now,
      updatedAt: now,
    });
    if (accepted.kind !== 'document') await enqueueJob(tx, processMediaJob, { mediaId: row.id }, { dedupeKey: mediaCode });
  });
  return mediaCode;
}
