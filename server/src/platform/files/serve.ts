import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import mimeTypes from 'mime-types';
import parseRange from 'range-parser';
import type { Caller } from '../caller.ts';
import type { AppContext } from '../context.ts';
import { appError } from '../errors.ts';
import type { Storage } from '../storage.ts';
import { fileAccess } from './access.ts';
import { variantKey, variantOriginal, variantWidthFor } from './variants.ts';

/**
 * The type a stored key's extension names (mime-types), for files without a recorded type. A
 * type a browser would run as a page of ours (html, xml, script) is never taken from a name:
 * such a file serves as plain bytes.
 */
export function typeForName(key: string): string | undefined {
  const type = mimeTypes.contentType(extname(key).toLowerCase());
  if (!type) return undefined;
  const bare = type.split(';')[0];
  const active =
    /^(text\/(html|xml|javascript|ecmascript)|application\/(xhtml\+xml|xml|javascript|ecmascript))$/.test(bare) ||
    (bare.endsWith('+xml') && bare !== 'image/svg+xml');
  return active ? undefined : type;
}

/**
 * Who sends stored bytes once the app has checked a request (issue 25 item 3): the app itself
 * (embedded default), nginx from an internal location (`FILES_ACCEL_REDIRECT`, local disk), or
 * the bucket through a presigned GET URL (`S3_PRESIGN_SECONDS`, S3).
 */
export type Handoff =
  | { kind: 'app' }
  | { kind: 'accel'; prefix: string }
  | { kind: 'presign'; seconds: number; presign: NonNullable<Storage['presignGet']> };

export function handoffOf(ctx: Pick<AppContext, 'env' | 'storage'>): Handoff {
  const { env, storage } = ctx;
  if (storage.kind === 'local' && env.FILES_ACCEL_REDIRECT) return { kind: 'accel', prefix: env.FILES_ACCEL_REDIRECT };
  if (storage.kind === 's3' && env.S3_PRESIGN_SECONDS > 0 && storage.presignGet)
    return { kind: 'presign', seconds: env.S3_PRESIGN_SECONDS, presign: storage.presignGet.bind(storage) };
  return { kind: 'app' };
}

/** The internal-to-nginx location HLS segments are sent from with `FILES_SECURE_LINK_SECRET` (deploy/nginx/xuetu-proxy.conf). */
export const SECURE_LINK_PREFIX = '/_seg/';

/**
 * Who sends an HLS play list's segments (ADR 0046): as for any stored bytes (handoffOf), except
 * that with local disk behind nginx and `FILES_SECURE_LINK_SECRET` the play list carries URLs
 * nginx verifies itself (its `secure_link` module), so segment requests never reach a node.
 */
export type SegmentHandoff = Handoff | { kind: 'securelink'; secret: string; seconds: number };

export function segmentHandoffOf(ctx: Pick<AppContext, 'env' | 'storage'>): SegmentHandoff {
  const { env, storage } = ctx;
  if (storage.kind === 'local' && env.FILES_ACCEL_REDIRECT && env.FILES_SECURE_LINK_SECRET)
    return { kind: 'securelink', secret: env.FILES_SECURE_LINK_SECRET, seconds: env.FILES_SECURE_LINK_SECONDS };
  return handoffOf(ctx);
}

/**
 * A URL nginx's `secure_link` accepts until `expires` (unix seconds): `md5` is the base64url MD5
 * (no padding) of `<expires><uri> <secret>`, as `secure_link_md5 "$secure_link_expires$uri <secret>"`.
 */
export function secureLinkUrl(key: string, expires: number, secret: string): string {
  const uri = `${SECURE_LINK_PREFIX}${key}`;
  const md5 = createHash('md5').update(`${expires}${uri} ${secret}`).digest('base64url');
  return `${uri}?md5=${md5}&expires=${expires}`;
}

/**
 * The answer that hands a checked request's bytes to nginx: `X-Accel-Redirect` to the internal
 * location and no body. nginx keeps this answer's Content-Type, Content-Disposition,
 * Cache-Control and Accept-Ranges, and itself answers Range, HEAD and conditional requests.
 */
function accelRedirect(reply: FastifyReply, prefix: string, key: string): FastifyReply {
  return reply.header('x-accel-redirect', `${prefix}${key}`).status(200).send();
}

/** The answer that sends a checked request to the bucket: a presigned URL, never kept by a cache past its life. */
async function presignRedirect(
  reply: FastifyReply,
  handoff: Extract<Handoff, { kind: 'presign' }>,
  key: string,
  opts: { type: string; cacheControl: string; disposition?: string; seconds?: number },
): Promise<FastifyReply> {
  const url = await handoff.presign(key, {
    expiresInSeconds: opts.seconds ?? handoff.seconds,
    contentType: opts.type,
    contentDisposition: opts.disposition,
    cacheControl: opts.cacheControl,
  });
  return reply.header('cache-control', 'private, no-store').redirect(url, 302);
}

/**
 * Sends a stored file: public files to anyone holding the key (cached for a year, keys never
 * change content); private files only with a valid signed token (`sig`) for this key, bound to
 * the signed-in user it was issued to. Answers Range requests with 206 and conditional requests
 * (If-None-Match / If-Modified-Since) with 304.
 */
export async function sendStoredFile(
  caller: Caller,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  opts: { name?: string; sig?: string; w?: number },
): Promise<FastifyReply> {
  const { ctx } = caller;
  // the one file-access rule; a download is a link: a private file needs its signed `sig`
  const access = await fileAccess(caller, key, { sig: opts.sig ?? '' });
  if (!access.ok) throw appError(access.code);
  const { row, private: isPrivate } = access;
  // ?w=: the smallest resized copy at least that wide, when the upload made one (variants.ts)
  const originalType = row?.contentType ?? typeForName(key) ?? '';
  const width = opts.w && !isPrivate && originalType.startsWith('image/') ? variantWidthFor(opts.w) : null;
  const copy = width ? await ctx.storage.head(variantKey(key, width)).catch(() => null) : null;
  const served = copy && width ? variantKey(key, width) : key;
  const meta = copy ?? (await ctx.storage.head(key).catch(() => null));
  if (!meta) throw appError('FILE_NOT_FOUND');
  const type = variantOriginal(served)
    ? 'image/webp'
    : (row?.contentType ?? meta.contentType ?? typeForName(key) ?? 'application/octet-stream');
  const lastModified = meta.lastModified ?? row?.createdAt;
  const etag = `"${meta.size.toString(16)}-${(lastModified?.getTime() ?? 0).toString(16)}"`;
  reply.header('content-type', type);
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  if (lastModified) reply.header('last-modified', lastModified.toUTCString());
  reply.header('cache-control', isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable');
  reply.header('x-content-type-options', 'nosniff');
  // never render uploaded html/svg as a page of ours
  const disposition =
    type.includes('svg') || opts.name
      ? `attachment; filename*=UTF-8''${encodeURIComponent(opts.name ?? key.split('/').pop() ?? 'file')}`
      : undefined;
  if (disposition) reply.header('content-disposition', disposition);
  // every check is done: nginx or the bucket may send the bytes (and answer Range and conditions)
  const handoff = handoffOf(ctx);
  if (handoff.kind === 'accel') {
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    return accelRedirect(reply, handoff.prefix, served);
  }
  if (handoff.kind === 'presign') {
    const cacheControl = isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable';
    return presignRedirect(reply, handoff, served, { type, cacheControl, disposition });
  }
  if (fresh(req.headers, { etag, 'last-modified': lastModified?.toUTCString() })) return reply.status(304).send();

  const rangeHeader = req.headers.range;
  const ifRange = req.headers['if-range'];
  const rangeApplies = rangeHeader && (!ifRange || ifRange === etag || ifRange === lastModified?.toUTCString());
  if (rangeApplies) {
    const ranges = parseRange(meta.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      reply.header('content-range', `bytes */${meta.size}`);
      return reply.status(416).send();
    }
    // malformed or several ranges: the whole file (allowed by RFC 9110)
    if (ranges !== -2 && ranges.length === 1) {
      const { start, end } = ranges[0];
      const obj = await ctx.storage.get(served, { start, end });
      if (!obj) throw appError('FILE_NOT_FOUND');
      reply.header('content-range', `bytes ${start}-${end}/${meta.size}`);
      reply.header('content-length', end - start + 1);
      return reply.status(206).send(obj.body);
    }
  }
  const obj = await ctx.storage.get(served);
  if (!obj) throw appError('FILE_NOT_FOUND');
  reply.header('content-length', obj.size);
  return reply.send(obj.body);
}

/**
 * Sends stored bytes whose access was checked already (signed media), with Range support (206,
 * 416); `missing` is the error for an object that is not there. With FILES_ACCEL_REDIRECT nginx
 * sends them; with S3_PRESIGN_SECONDS the bucket does, through a URL valid `presignSeconds`
 * (default S3_PRESIGN_SECONDS).
 */
export async function sendStorageBytes(
  ctx: Pick<AppContext, 'env' | 'storage'>,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  opts: { type: string; cacheControl: string; missing: () => Error; presignSeconds?: number },
): Promise<FastifyReply> {
  const { storage } = ctx;
  const handoff = handoffOf(ctx);
  if (handoff.kind === 'accel') {
    // no stat here: a segment missing from the disk is nginx's 404
    reply.header('content-type', opts.type);
    reply.header('cache-control', opts.cacheControl);
    return accelRedirect(reply, handoff.prefix, key);
  }
  if (handoff.kind === 'presign')
    return presignRedirect(reply, handoff, key, { type: opts.type, cacheControl: opts.cacheControl, seconds: opts.presignSeconds });
  const meta = await storage.head(key);
  if (!meta) throw opts.missing();
  reply.header('content-type', opts.type);
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', opts.cacheControl);
  reply.header('x-content-type-options', 'nosniff');
  const header = req.headers.range;
  if (header) {
    const ranges = parseRange(meta.size, header, { combine: true });
    if (ranges === -1) return reply.status(416).header('content-range', `bytes */${meta.size}`).send();
    if (ranges !== -2 && ranges.length === 1) {
      const { start, end } = ranges[0];
      const obj = await storage.get(key, { start, end });
      if (!obj) throw opts.missing();
      reply.header('content-range', `bytes ${start}-${end}/${meta.size}`);
      reply.header('content-length', end - start + 1);
      return reply.status(206).send(obj.body);
    }
  }
  const obj = await storage.get(key);
  if (!obj) throw opts.missing();
  reply.header('content-length', obj.size);
  return reply.send(obj.body);
}
