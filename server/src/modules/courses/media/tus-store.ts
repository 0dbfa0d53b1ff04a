import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { errorMessage } from '@xuetu/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Env } from '../../../config/env.ts';
import type { AppContext } from '../../../platform/context.ts';
import { releaseUpload } from '../../../platform/files/index.ts';

export type MediaKind = 'video' | 'audio' | 'document';
export type Accepted = { kind: MediaKind; ext: string };

/** What a media upload may be, by its leading bytes (never by its name). */
const ACCEPTED: Record<string, Accepted> = {
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

/** enough leading bytes for every signature file-type knows */
export const SNIFF_BYTES = 4100;
export const KINDS: readonly string[] = ['video', 'audio', 'document'];

/**
 * Judges an upload's leading bytes: an accepted media type, and of the kind the upload declared
 * it is for (metadata `kind`: the resource's type; any accepted type when not declared).
 */
export async function judgeHead(
  head: Buffer,
  kind?: string | null,
): Promise<{ mime: string; accepted: Accepted } | { refused: 'MEDIA_TYPE_REFUSED' | 'MEDIA_KIND_MISMATCH' }> {
  const type = await fileTypeFromBuffer(head);
  const accepted = type ? ACCEPTED[type.mime] : undefined;
  if (!type || !accepted) return { refused: 'MEDIA_TYPE_REFUSED' };
  if (kind && accepted.kind !== kind) return { refused: 'MEDIA_KIND_MISMATCH' };
  return { mime: type.mime, accepted };
}

export type TusStore = FileStore | S3Store;

/**
 * Where unfinished uploads wait: the S3 bucket (`@tus/s3-store`, multipart parts of 8 MiB) when
 * S3_BUCKET is set, like the other files; otherwise files under MEDIA_TUS_DIR (default: `tus`
 * beside FILES_DIR, so finished files are renamed into storage on the same disk).
 */
/** an unfinished upload expires (tus refuses its chunks; the purge removes it) a day after its creation */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;

export function tusStore(env: Env): TusStore {
  const expirationPeriodInMilliseconds = TUS_EXPIRY_MS;
  if (env.S3_BUCKET)
    return new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds,
      s3ClientConfig: {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
      },
    });
  return new FileStore({ directory: tusDirectory(env), expirationPeriodInMilliseconds });
}

export const tusDirectory = (env: Env) => resolve(env.MEDIA_TUS_DIR ?? join(env.FILES_DIR, '..', 'tus'));

/**
 * The first bytes of an upload decide: the write at offset 0 (a PATCH, or a POST carrying data)
 * reads up to SNIFF_BYTES before anything is stored; a file that is not an accepted media type of
 * its declared kind is refused (415) and the upload removed, so nothing of it is kept.
 */
export function checkFirstChunk(store: TusStore): TusStore {
  const write = store.write.bind(store) as (src: Readable, id: string, offset: number) => Promise<number>;
  const guarded = async (src: Readable, id: string, offset: number): Promise<number> => {
    if (offset > 0) return write(src, id, offset);
    const upload = await store.getUpload(id);
    // a request cut (paused, dropped) before enough bytes came to judge them keeps nothing: the
    // upload stays at 0 and the next request is judged again (nothing unjudged is ever stored)
    const peeked = await peek(src, SNIFF_BYTES).catch(() => null);
    if (!peeked || peeked.head.length < Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES)) {
      peeked?.rest.destroy();
      throw refuse(400, errorMessage('MEDIA_UPLOAD_CUT'));
    }
    const { head, rest } = peeked;
    const verdict = await judgeHead(head, upload.metadata?.kind);
    if ('refused' in verdict) {
      await store.remove(id).catch(() => {});
      throw refuse(415, errorMessage(verdict.refused));
    }
    return write(rest, id, offset);
  };
  store.write = guarded as typeof store.write;
  return store;
}

/**
 * An upload's quota reservation goes with its data: whenever the store removes an upload
 * (terminated by its client, refused by its first bytes or when finished, expired) or could not
 * create it, the reservation is released.
 */
export function releaseWithUpload(store: TusStore, ctx: AppContext): TusStore {
  const remove = store.remove.bind(store);
  const create = store.create.bind(store) as (upload: Parameters<TusStore['create']>[0]) => Promise<unknown>;
  store.remove = async (id: string) => {
    try {
      await remove(id);
    } finally {
      await releaseUpload(ctx.db, id);
    }
  };
  store.create = (async (upload: Parameters<TusStore['create']>[0]) => {
    try {
      return await create(upload);
    } catch (err) {
      await releaseUpload(ctx.db, upload.id);
      throw err;
    }
  }) as TusStore['create'];
  return store;
}

/** Reads up to `bytes` leading bytes (fewer when the body ends), and a stream of the whole body again. */
async function peek(src: Readable, bytes: number): Promise<{ head: Buffer; rest: Readable }> {
  const it: AsyncIterator<Buffer | string> = src[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let have = 0;
  let ended = false;
  while (have < bytes) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.from(r.value);
    chunks.push(chunk);
    have += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* body() {
    if (head.length) yield head;
    if (ended) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield Buffer.from(r.value);
    }
  }
  return { head, rest: Readable.from(body(), { objectMode: false }) };
}

/** tus refuses with a status and a Chinese message the uploader shows. */
export const refuse = (status_code: number, body: string) => ({ status_code, body });
