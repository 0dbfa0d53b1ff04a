import { errorMessage, MediaStatus, type PlayListAnswer, PREVIEW_SECONDS, ResType } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { secureLinkUrl, segmentHandoffOf } from '../../../platform/files/index.ts';
import { localCache } from '../../../platform/local-cache.ts';
import { PLATFORM_WIDE } from '../../../platform/scope.ts';
import { signUrlToken, verifyUrlToken } from '../../../platform/signing.ts';
import { sessionAlive } from '../../identity/public.ts';
import { authorize, can } from '../resources/resources.policy.ts';
import { findResAnyCompany, type ResRow } from '../resources/resources.repository.ts';
import { isResVisible, viewerCompany, viewerScope } from '../resources/visibility.ts';
import * as repo from './media.repository.ts';
import { parseSegments, segmentsWithin, signPlaylist } from './playlist.ts';

const PURPOSE = 'media';
/** spec: media URLs expire in minutes (the anonymous preview's links, and the least any link gets) */
export const MEDIA_URL_TTL_MS = 10 * 60_000;
/** a signed-in viewer's links last the media's length and this much more (pauses, seeking back) */
const PLAY_SLACK_MS = 15 * 60_000;
/** the longest media length counted for a link's life */
const MAX_MEDIA_MS = 24 * 3600_000;

/** A grant's viewer: whose view of the resource the link was issued for (re-checked on use). */
const STAFF = '*';
const MANAGER = '!';

interface Grant {
  mediaCode: string;
  preview: boolean;
  userId: number;
  /** the session the link was issued to; 0 = none (the anonymous preview) */
  sessionId: number;
  /** the resource the media plays in */
  resCode: string;
  /**
   * the view it was issued under: STAFF (platform staff), a company code, '' (signed out), or
   * MANAGER (an administrator of the resource playing its current version)
   */
  viewer: string;
}

const subjectOf = (g: Grant) =>
  [g.mediaCode, g.preview ? 1 : 0, g.userId, g.sessionId, g.resCode, g.viewer].map((p) => encodeURIComponent(String(p))).join('|');
function grantOf(subject: string): Grant | null {
  const parts = subject.split('|').map((p) => decodeURIComponent(p));
  // links signed before links were bound to the session and the resource are not accepted any more
  if (parts.length !== 6) return null;
  const [mediaCode, preview, user, session, resCode, viewer] = parts;
  if (!mediaCode || !resCode || (preview !== '0' && preview !== '1')) return null;
  const grant = { mediaCode, preview: preview === '1', userId: Number(user) || 0, sessionId: Number(session) || 0, resCode, viewer };
  // only the preview goes without a session
  return grant.sessionId > 0 || grant.preview ? grant : null;
}

/**
 * A media token: what it opens (the media, whether only the preview), for whom (the user and the
 * session it was issued to; none for the anonymous preview), from where (bound to the viewer's
 * address) and until when. A play list's segments are signed with the play list link's own
 * grant and expiry, so no segment link outlives its play list's. See ADR 0037.
 */
export function signMedia(caller: Caller, g: Grant, expiresAt: Date): string {
  return signUrlToken(caller.ctx, { purpose: PURPOSE, subject: subjectOf(g), binding: caller.ip, expiresAt });
}

/**
 * How long a new play list link works: the anonymous preview's for minutes; a signed-in viewer's
 * for the media's length and some slack (a VOD play list is read once, its segments through the
 * whole video), ended earlier by the end of its session.
 */
function linkLifeMs(preview: boolean, durationSeconds: number): number {
  if (preview) return MEDIA_URL_TTL_MS;
  return Math.max(MEDIA_URL_TTL_MS, Math.min(durationSeconds * 1000, MAX_MEDIA_MS) + PLAY_SLACK_MS);
}

export const linkError = () => appError('MEDIA_LINK_EXPIRED');
const previewError = () => appError('MEDIA_PREVIEW_LIMIT');

/**
 * GetVideoPlayList / GetTrainResPreView: the qualities of a resource's media as signed URLs.
 * Administrators who manage the resource see its current version (the auditor's preview);
 * everyone else only an approved version they may see by the one visibility rule
 * (visibility.ts: another company's answers like a missing one); a signed-out viewer only the
 * first 30 seconds of what the portal lists. `lesson` (ADR 0022): which lesson of a course
 * of several (its index in the version seen): only that version's lessons' media are signed.
 */
export async function playList(
  caller: Caller,
  resCode: string,
  lesson = 0,
): Promise<PlayListAnswer & { content: string; introduce: string }> {
  const res = await findResAnyCompany(caller.ctx.db, resCode);
  if (!res) throw appError('RES_NOT_FOUND');
  const actor = caller.actor;
  const manages = can(caller, 'viewCurrent', res);
  if (!manages) authorize(caller, 'viewLive', res);
  const version = manages ? res : res.live;
  if (!version) throw appError('RES_NOT_FOUND');
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
  if (!chosen) throw appError('RES_LESSON_NOT_FOUND');
  if (version.resType === ResType.RichText || !chosen.mediaId) return base;
  const media = await repo.findMedia(caller.ctx.db, chosen.mediaId);
  if (!media) return { ...base, note: errorMessage('MEDIA_NOT_FOUND') };
  // a failed media offers the renditions it made, and never its original (which did not convert)
  const renditions = media.renditions.length
    ? media.renditions
    : media.status === MediaStatus.Failed
      ? []
      : [{ quality: 'OD', key: media.sourceKey, height: media.height, format: 'file' as const }];
  if (!renditions.length) return { ...base, note: errorMessage('MEDIA_UNAVAILABLE') };
  const hls = renditions.filter((r) => r.format === 'hls');
  const list = hls.length ? hls : renditions;
  const format = hls.length ? 'hls' : 'file';
  if (preview && format === 'file') return { ...base, format, attExt: media.ext, note: errorMessage('MEDIA_PREVIEW_LIMIT') };
  const viewer = manages ? MANAGER : caller.scope.all ? STAFF : (viewerCompany(caller.scope) ?? '');
  const grant = {
    mediaCode: media.mediaCode,
    preview,
    userId: actor?.userId ?? 0,
    sessionId: actor?.sessionId ?? 0,
    resCode: res.resCode,
    viewer,
  };
  // a pdf has no media length: the reading time given with the document (ADR 0021)
  const length = media.duration || version.duration;
  const token = signMedia(caller, grant, new Date(caller.now.getTime() + linkLifeMs(preview, length)));
  const t = encodeURIComponent(token);
  return {
    ...base,
    format,
    attExt: format === 'hls' ? '.m3u8' : media.ext,
    duration: media.duration || version.duration,
    lesson,
    // the processing note is for those who manage the resource; learners just play
    note: manages ? media.error : '',
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
type CachedMedia = { row: repo.MediaRow | undefined };
async function cachedMedia(caller: Caller, mediaCode: string): Promise<repo.MediaRow | undefined> {
  // a cache lifetime, not a business time (the wall clock); bounded per app
  const cache = localCache<string, CachedMedia>(caller.ctx, 'media.rows', { max: 1000, ttlMs: MEDIA_CACHE_MS });
  const hit = cache.get(mediaCode);
  if (hit) return hit.row;
  const row = await repo.findMedia(caller.ctx.db, mediaCode);
  cache.set(mediaCode, { row });
  return row;
}

/** The grant of a media token valid for this media and this address (its signature alone), with the link's expiry; null otherwise. */
function grantFor(caller: Caller, mediaCode: string, token: string) {
  const ok = verifyUrlToken(caller.ctx, token, { purpose: PURPOSE, binding: caller.ip, now: caller.now });
  const grant = ok ? grantOf(ok.subject) : null;
  return ok && grant && grant.mediaCode === mediaCode ? { grant, expiresAt: ok.expiresAt } : null;
}

/**
 * True when a media link's token is genuine for this media and address (the signature alone, no
 * database): such requests are not counted against the API's rate limits (issue 21 item 4); the
 * session and the resource's visibility are still checked when it is opened.
 */
export function isSignedMediaLink(caller: Caller, path: string, token: string): boolean {
  return grantFor(caller, path.split('/')[0] ?? '', token) !== null;
}

/** Stored play lists by storage key (they never change once written), bounded per app. */
async function readPlaylist(caller: Caller, key: string): Promise<string> {
  const cache = localCache<string, string>(caller.ctx, 'media.playlists', { max: 500, ttlMs: 3600_000 });
  const hit = cache.get(key);
  if (hit) return hit;
  const obj = await caller.ctx.storage.get(key);
  if (!obj) throw appError('MEDIA_NOT_FOUND');
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  cache.set(key, text);
  return text;
}

/**
 * A link issued to a session works only while that session lives (issue 22): a request that
 * carries a session must carry that one (a colleague's, even at the same address, is refused);
 * one without (a media element fetching by itself) needs the issuing session still signed in and
 * not expired. The anonymous preview's links are bound to no session.
 */
async function sessionHolds(caller: Caller, grant: Grant): Promise<boolean> {
  if (!grant.sessionId) return grant.preview;
  if (caller.actor) return caller.actor.sessionId === grant.sessionId;
  return sessionAlive(caller.ctx, grant.sessionId, caller.now);
}

/**
 * Resource rows for delivery (who may see it, which media its approved version plays), kept a few
 * seconds by the business clock: a link already issued stops within them once the resource
 * leaves its viewer's view (revoked, deleted, made private) or its approved version changes media.
 */
const RES_CACHE_MS = 5000;
type CachedRes = { row: ResRow | undefined; until: number };
async function cachedRes(caller: Caller, resCode: string): Promise<ResRow | undefined> {
  const cache = localCache<string, CachedRes>(caller.ctx, 'media.res', { max: 1000, ttlMs: RES_CACHE_MS });
  const now = caller.now.getTime();
  const hit = cache.get(resCode);
  if (hit && hit.until > now && hit.until - now <= RES_CACHE_MS) return hit.row;
  const row = await findResAnyCompany(caller.ctx.db, resCode);
  cache.set(resCode, { row, until: now + RES_CACHE_MS });
  return row;
}

/**
 * The link's resource is still one its viewer may see by the visibility rule, and the media is
 * still one its approved version plays. An administrator's link to the current version is
 * bounded by the session alone.
 */
async function stillVisible(caller: Caller, grant: Grant): Promise<boolean> {
  if (grant.viewer === MANAGER) return true;
  const res = await cachedRes(caller, grant.resCode);
  const scope = grant.viewer === STAFF ? PLATFORM_WIDE : viewerScope(grant.viewer || null);
  if (!res || !isResVisible(scope, res) || !res.live) return false;
  const live = res.live;
  return live.mediaId === grant.mediaCode || (live.lessons ?? []).some((l) => l.mediaId === grant.mediaCode);
}

/**
 * What a media link opens: a playlist's text (its segments signed again, or presigned in the
 * bucket), or stored bytes (`seconds`: how long a presigned URL to them may live, the link's rest).
 */
export type MediaAnswer = { playlist: string } | { key: string; type: string; seconds: number };

/**
 * GET /prod-api/media/play/<media>/<quality>/<file>?t=…: a playlist, a segment or the original
 * file (the route sends the bytes, with Range support). The token must be valid, unexpired, for
 * this media and this address, and its session still live (and the request's, when it carries
 * one); preview tokens open only the segments that start within the first 30 seconds.
 */
export async function openMedia(caller: Caller, path: string, token: string): Promise<MediaAnswer> {
  const [mediaCode, quality, file, ...rest] = path.split('/');
  if (!mediaCode || !quality || !file || rest.length) throw linkError();
  const granted = grantFor(caller, mediaCode, token);
  if (!granted) throw linkError();
  const { grant } = granted;
  if (!(await sessionHolds(caller, grant)) || !(await stillVisible(caller, grant))) throw linkError();
  const media = await cachedMedia(caller, mediaCode);
  if (!media) throw linkError();
  const rendition = media.renditions.find((r) => r.quality === quality);
  if (file === `source${media.ext}` && (!rendition || rendition.format === 'file') && quality === 'OD') {
    if (grant.preview) throw previewError();
    return { key: media.sourceKey, type: media.mime, seconds: secondsLeft(caller, granted.expiresAt) };
  }
  if (rendition?.format !== 'hls') throw linkError();
  const dir = rendition.key.slice(0, rendition.key.lastIndexOf('/'));
  if (file === 'index.m3u8') {
    const text = await readPlaylist(caller, rendition.key);
    const limit = grant.preview ? PREVIEW_SECONDS : 0;
    const handoff = segmentHandoffOf(caller.ctx);
    if (handoff.kind === 'securelink') {
      // every check above is done: nginx verifies each URL itself (secure_link) and sends the
      // segment; the segment requests never reach a node. Each URL lives as a presigned one:
      // FILES_SECURE_LINK_SECONDS past the moment its segment plays, never past the link's expiry
      const now = Math.floor(caller.now.getTime() / 1000);
      const left = secondsLeft(caller, granted.expiresAt);
      const urls = new Map<string, string>();
      for (const seg of segmentsWithin(parseSegments(text), limit)) {
        const seconds = Math.min(left, Math.ceil(seg.start) + handoff.seconds);
        urls.set(seg.uri, secureLinkUrl(`${dir}/${seg.uri}`, now + seconds, handoff.secret));
      }
      return { playlist: signPlaylist(text, (uri) => urls.get(uri) ?? '', limit) };
    }
    if (handoff.kind === 'presign') {
      // every check above is done: the bucket (or a CDN before it) sends the segments. Each URL
      // lives until S3_PRESIGN_SECONDS past the moment the segment plays (from now), never past
      // the link's own expiry; a preview's stop at its limit
      const left = secondsLeft(caller, granted.expiresAt);
      const urls = new Map<string, string>();
      for (const seg of segmentsWithin(parseSegments(text), limit)) {
        const seconds = Math.min(left, Math.ceil(seg.start) + handoff.seconds);
        urls.set(
          seg.uri,
          await handoff.presign(`${dir}/${seg.uri}`, {
            expiresInSeconds: seconds,
            contentType: 'video/mp2t',
            cacheControl: 'private, max-age=600',
          }),
        );
      }
      return { playlist: signPlaylist(text, (uri) => urls.get(uri) ?? '', limit) };
    }
    // the segments: the same grant (session, address) and the play list link's own expiry
    const segToken = signMedia(caller, grant, granted.expiresAt);
    return { playlist: signPlaylist(text, segToken, limit) };
  }
  if (!/^seg_\d{4,6}\.ts$/.test(file)) throw linkError();
  if (grant.preview) {
    const allowed = segmentsWithin(parseSegments(await readPlaylist(caller, rendition.key)), PREVIEW_SECONDS).map((s) => s.uri);
    if (!allowed.includes(file)) throw previewError();
  }
  // a segment's redirect is followed at once: S3_PRESIGN_SECONDS, within the link's life
  const seconds = Math.min(secondsLeft(caller, granted.expiresAt), caller.ctx.env.S3_PRESIGN_SECONDS || Number.MAX_SAFE_INTEGER);
  return { key: `${dir}/${file}`, type: 'video/mp2t', seconds };
}

/** Whole seconds until a link expires (at least 1). */
const secondsLeft = (caller: Caller, expiresAt: Date) => Math.max(1, Math.floor((expiresAt.getTime() - caller.now.getTime()) / 1000));
