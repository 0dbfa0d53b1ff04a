import { errorMessage, type PlayListAnswer, PREVIEW_SECONDS, ResType } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { AppError } from '../../../platform/errors.ts';
import { signUrlToken, verifyUrlToken } from '../../../platform/signing.ts';
import { resError } from '../errors.ts';
import { authorize, can } from '../policy.ts';
import { findResAnyCompany } from '../res-repository.ts';
import { parseSegments, segmentsWithin, signPlaylist } from './playlist.ts';
import * as repo from './repository.ts';

const PURPOSE = 'media';
/** spec: media URLs expire in minutes */
export const MEDIA_URL_TTL_MS = 10 * 60_000;

interface Grant {
  mediaCode: string;
  preview: boolean;
  userId: number;
}

const subjectOf = (g: Grant) => `${g.mediaCode}|${g.preview ? 1 : 0}|${g.userId}`;
function grantOf(subject: string): Grant | null {
  const [mediaCode, preview, user] = subject.split('|');
  if (!mediaCode || (preview !== '0' && preview !== '1')) return null;
  return { mediaCode, preview: preview === '1', userId: Number(user) || 0 };
}

/**
 * A media token: what it opens (the media, whether only the preview), for whom (the user id, 0
 * when signed out) and from where (bound to the viewer's address). See ADR 0012.
 */
export function signMedia(caller: Caller, g: Grant, ttlMs = MEDIA_URL_TTL_MS): string {
  return signUrlToken(caller.ctx, {
    purpose: PURPOSE,
    subject: subjectOf(g),
    binding: caller.ip,
    expiresAt: new Date(caller.now.getTime() + ttlMs),
  });
}

export const linkError = () => new AppError(errorMessage('MEDIA_LINK_EXPIRED'), 0, 410, null, 'MEDIA_LINK_EXPIRED');
const previewError = () => new AppError(errorMessage('MEDIA_PREVIEW_LIMIT'), 0, 410, null, 'MEDIA_PREVIEW_LIMIT');

/**
 * GetVideoPlayList / GetTrainResPreView: the qualities of a resource's media as signed URLs.
 * Administrators who manage the resource see its current version (the auditor's preview);
 * everyone else only an approved version they may see (private ones: own company only);
 * a signed-out viewer only the first 30 seconds. `lesson` (ADR 0022): which lesson of a course
 * of several (its index in the version seen): only that version's lessons' media are signed.
 */
export async function playList(
  caller: Caller,
  resCode: string,
  lesson = 0,
): Promise<PlayListAnswer & { content: string; introduce: string }> {
  const res = await findResAnyCompany(caller.ctx.db, resCode);
  if (!res) throw resError('RES_NOT_FOUND');
  const actor = caller.actor;
  const manages = can(caller, 'viewCurrent', res);
  if (!manages) authorize(caller, 'viewLive', res);
  const version = manages ? res : res.live;
  if (!version) throw resError('RES_NOT_FOUND');
  const preview = !actor;
  const base = {
    attExt: '',
    cover: version.cover,
    resType: version.resType,
    resName: version.resName,
    duration: version.duration,
    previewSeconds: preview ? PREVIEW_SECONDS : 0,
    format: 'hls' as 'hls' | 'file',
    note: '',
    introduce: version.introduce,
    content: preview ? '' : version.content,
    playList: [] as PlayListAnswer['playList'],
  };
  const lessons = version.lessons?.length ? version.lessons : [{ mediaId: version.mediaId }];
  const chosen = lessons[lesson];
  if (!chosen) throw resError('RES_LESSON_NOT_FOUND');
  if (version.resType === ResType.RichText || !chosen.mediaId) return base;
  const media = await repo.findMedia(caller.ctx.db, chosen.mediaId);
  if (!media) return { ...base, note: errorMessage('MEDIA_NOT_FOUND') };
  const renditions = media.renditions.length
    ? media.renditions
    : [{ quality: 'OD', key: media.sourceKey, height: media.height, format: 'file' as const }];
  const hls = renditions.filter((r) => r.format === 'hls');
  const list = hls.length ? hls : renditions;
  const format = hls.length ? 'hls' : 'file';
  if (preview && format === 'file') return { ...base, format, attExt: media.ext, note: errorMessage('MEDIA_PREVIEW_LIMIT') };
  const token = signMedia(caller, { mediaCode: media.mediaCode, preview, userId: actor?.userId ?? 0 });
  const t = encodeURIComponent(token);
  return {
    ...base,
    format,
    attExt: format === 'hls' ? '.m3u8' : media.ext,
    duration: media.duration || version.duration,
    lesson,
    note: media.error,
    playList: list.map((r) => ({
      item1: r.quality,
      item2: `/prod-api/media/play/${media.mediaCode}/${r.quality}/${r.format === 'hls' ? 'index.m3u8' : `source${media.ext}`}?t=${t}`,
    })),
  };
}

/**
 * Media rows for delivery, kept a few seconds: a player asks for a segment every few seconds and
 * a row changes only when a (re)transcode finishes, which a new play list picks up anyway.
 */
const MEDIA_CACHE_MS = 5000;
const mediaCaches = new WeakMap<object, Map<string, { row: repo.MediaRow | undefined; until: number }>>();
async function cachedMedia(caller: Caller, mediaCode: string): Promise<repo.MediaRow | undefined> {
  let mediaCache = mediaCaches.get(caller.ctx);
  if (!mediaCache) {
    mediaCache = new Map();
    mediaCaches.set(caller.ctx, mediaCache);
  }
  // a cache lifetime, not a business time: the wall clock
  const now = Date.now();
  const hit = mediaCache.get(mediaCode);
  if (hit && hit.until > now) return hit.row;
  const row = await repo.findMedia(caller.ctx.db, mediaCode);
  if (mediaCache.size > 1000) mediaCache.clear();
  mediaCache.set(mediaCode, { row, until: now + MEDIA_CACHE_MS });
  return row;
}

/** The grant of a media token valid for this media, this address and (with a session) this user; null otherwise. */
function grantFor(caller: Caller, mediaCode: string, token: string): Grant | null {
  const ok = verifyUrlToken(caller.ctx, token, { purpose: PURPOSE, binding: caller.ip, now: caller.now });
  const grant = ok ? grantOf(ok.subject) : null;
  if (!grant || grant.mediaCode !== mediaCode) return null;
  if (caller.actor && grant.userId && caller.actor.userId !== grant.userId) return null;
  return grant;
}

/**
 * True when a media link's token opens this media for this caller (the signature alone, no
 * database): such requests are not counted against the API's rate limits (issue 21 item 4).
 */
export function isSignedMediaLink(caller: Caller, path: string, token: string): boolean {
  return grantFor(caller, path.split('/')[0] ?? '', token) !== null;
}

/** Parsed playlists by storage key (they never change once written). */
const playlists = new Map<string, string>();
async function readPlaylist(caller: Caller, key: string): Promise<string> {
  const hit = playlists.get(key);
  if (hit) return hit;
  const obj = await caller.ctx.storage.get(key);
  if (!obj) throw resError('MEDIA_NOT_FOUND');
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (playlists.size > 500) playlists.clear();
  playlists.set(key, text);
  return text;
}

/** What a media link opens: a playlist's text (its segments signed again), or stored bytes. */
export type MediaAnswer = { playlist: string } | { key: string; type: string };

/**
 * GET /prod-api/media/play/<media>/<quality>/<file>?t=…: a playlist, a segment or the original
 * file (the route sends the bytes, with Range support). The token must be valid, unexpired, for
 * this media and this address, and for the signed-in user when the request carries a session;
 * preview tokens open only the segments that start within the first 30 seconds.
 */
export async function openMedia(caller: Caller, path: string, token: string): Promise<MediaAnswer> {
  const [mediaCode, quality, file, ...rest] = path.split('/');
  if (!mediaCode || !quality || !file || rest.length) throw linkError();
  const grant = grantFor(caller, mediaCode, token);
  if (!grant) throw linkError();
  const media = await cachedMedia(caller, mediaCode);
  if (!media) throw linkError();
  const rendition = media.renditions.find((r) => r.quality === quality);
  if (file === `source${media.ext}` && (!rendition || rendition.format === 'file') && quality === 'OD') {
    if (grant.preview) throw previewError();
    return { key: media.sourceKey, type: media.mime };
  }
  if (rendition?.format !== 'hls') throw linkError();
  const dir = rendition.key.slice(0, rendition.key.lastIndexOf('/'));
  if (file === 'index.m3u8') {
    const text = await readPlaylist(caller, rendition.key);
    // segments stay playable for the whole video, not just the playlist link's minutes
    const segToken = signMedia(caller, grant, Math.max(MEDIA_URL_TTL_MS, (media.duration + 15 * 60) * 1000));
    return { playlist: signPlaylist(text, segToken, grant.preview ? PREVIEW_SECONDS : 0) };
  }
  if (!/^seg_\d{4,6}\.ts$/.test(file)) throw linkError();
  if (grant.preview) {
    const allowed = segmentsWithin(parseSegments(await readPlaylist(caller, rendition.key)), PREVIEW_SECONDS).map((s) => s.uri);
    if (!allowed.includes(file)) throw previewError();
  }
  return { key: `${dir}/${file}`, type: 'video/mp2t' };
}
