import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobStatus, type MediaView, type PlayListAnswer } from '@xuetu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES_DIR as D, TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { buildPlayableResource } from '../../../../test/factories.ts';
import { runsFfmpeg } from '../../../../test/ffmpeg.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { pdfOfSize } from '../../../../test/tus.ts';
import { jobs, media, resources } from '../../../db/schema/index.ts';
import { signUrlToken } from '../../../platform/signing.ts';
import { type LocalStorage, readAll } from '../../../platform/storage.ts';
import { processMediaJob } from './jobs.ts';

// Media: tus uploads (access, size, type by content, resume), the media job with a real ffmpeg
// transcode, signed media URLs (expiry, address, viewer, visibility) and the 30 s preview. The links'
// binding to the session is tested in session-links.test.ts.
const HAS_FFMPEG = runsFfmpeg('media.test');

const UPLOAD = '/prod-api/media/upload';
const MEDIA_KIND = [processMediaJob.kind];
let t: TestApp;
let corp: string;
let learner: string;
let other: string;
let tusDir: string;
let work: string;
let dir: string;
let addr: string;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const auth = (token?: string): Record<string, string> => (token ? { ydAuthorization: `Bearer ${token}` } : {});

/** A tiny test video (2 s, 160x120, with sound) made by ffmpeg, with a timeout. */
function makeVideo(name: string): Buffer {
  const out = join(work, name);
  const r = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=22050',
    ].concat(['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out]),
    { timeout: 20_000 },
  );
  if (r.status !== 0) throw new Error(`ffmpeg could not make the test video: ${r.stderr}`);
  return readFileSync(out);
}

interface Reply {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): { errorCode: number; code?: string; msg: string };
}

/** tus talks to the listening app over real HTTP (as the browser does). */
async function tus(method: string, url: string, headers: Record<string, string>, body?: Buffer, base = addr): Promise<Reply> {
  const res = await fetch(url.startsWith('http') ? url : `${base}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', connection: 'close', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  const text = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: text, json: () => JSON.parse(text) };
}

async function createUpload(size: number, token = corp, filename = 'lesson.mp4', kind = '') {
  const metadata = `filename ${b64(filename)}${kind ? `,kind ${b64(kind)}` : ''}`;
  return tus('POST', UPLOAD, { ...auth(token), 'upload-length': String(size), 'upload-metadata': metadata });
}

async function patch(location: string, offset: number, body: Buffer, token = corp) {
  return tus(
    'PATCH',
    location,
    { ...auth(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body,
  );
}

/** Uploads in two requests, the second resuming at the offset the server reports. */
async function upload(bytes: Buffer, token = corp, filename = 'lesson.mp4'): Promise<string> {
  const created = await createUpload(bytes.length, token, filename);
  expect(created.statusCode, created.body).toBe(201);
  const location = String(created.headers.location);
  // the first request carries at least the bytes the type is judged by (4,100), or all of a small file
  const half = bytes.length > 8200 ? Math.floor(bytes.length / 2) : bytes.length;
  const first = await patch(location, 0, bytes.subarray(0, half), token);
  if (half === bytes.length) {
    expect(first.statusCode, first.body).toBe(204);
    return String(first.headers['x-media-id']);
  }
  expect(first.statusCode).toBe(204);
  const head = await tus('HEAD', location, auth(token));
  const offset = Number(head.headers['upload-offset']);
  expect(offset).toBe(half);
  const done = await patch(location, offset, bytes.subarray(offset), token);
  expect(done.statusCode, done.body).toBe(204);
  return String(done.headers['x-media-id']);
}

const status = async (mediaId: string) => (await t.post<MediaView>(`${R}/GetMediaStatus`, { mediaId }, corp)).data;

async function addVideoRes(mediaId: string, name = '视频课') {
  const res = await t.post<{ resCode: string }>(`${R}/AddData`, { resName: name, resType: 1, mediaId, dCode: dir }, corp);
  expect(res.success, res.msg).toBe(true);
  return res.data.resCode;
}

async function approve(code: string) {
  expect((await t.post(`${R}/PostCheck`, { rescode: code }, corp)).success).toBe(true);
  expect((await t.post(`${R}/Audit`, { rescode: code, pass: true }, corp)).success).toBe(true);
}

const get = (url: string, token?: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.inject({ method: 'GET', url, headers: { ...auth(token), ...headers }, remoteAddress });

beforeAll(async () => {
  tusDir = mkdtempSync(join(tmpdir(), 'xuetu-tus-'));
  work = mkdtempSync(join(tmpdir(), 'xuetu-media-test-'));
  t = await buildTestApp({ env: { MEDIA_TUS_DIR: tusDir, MEDIA_UPLOAD_LIMIT_BYTES: 5 * 1024 * 1024 } });
  [corp, learner, other] = await Promise.all([t.login('corpadmin'), t.login('learner01'), t.login('other01')]);
  dir = (await t.post<{ dCode: string }>(`${D}/SaveData`, { dName: '媒体测试' }, corp)).data.dCode;
  addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(tusDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('tus uploads', () => {
  it('checks the session and the action before storing a byte, and the declared size', async () => {
    expect((await createUpload(100, '')).json().errorCode).toBe(401);
    expect((await createUpload(100, learner)).json().errorCode).toBe(403);
    const tooLarge = await createUpload(6 * 1024 * 1024);
    expect(tooLarge.statusCode).toBe(413);
  });

  it("another user's upload answers 404; a file whose bytes are not media is refused (type by content, not name)", async () => {
    const created = await createUpload(64);
    const location = String(created.headers.location);
    const admin = await t.login('admin');
    expect((await patch(location, 0, Buffer.alloc(64, 1), admin)).statusCode).toBe(404);
    const refused = await patch(location, 0, Buffer.alloc(64, 'x'));
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toBe('只能上传 mp4/mov/webm/mkv 视频、mp3/m4a/wav/aac 音频或 pdf 文档');
  });

  it('a first request cut before its type can be judged keeps nothing; the upload goes on from 0', async () => {
    const pdf = pdfOfSize(20 * 1024);
    const created = await createUpload(pdf.length, corp, '被打断.pdf', 'document');
    const location = String(created.headers.location);
    // a paused or dropped request brought 1,000 bytes only
    const cut = await patch(location, 0, pdf.subarray(0, 1000));
    expect([cut.statusCode, cut.body]).toEqual([400, '上传在文件开头中断，请从头继续上传']);
    const head = await tus('HEAD', location, auth(corp));
    expect([head.statusCode, head.headers['upload-offset']]).toEqual([200, '0']);
    const done = await patch(location, 0, pdf);
    expect(done.statusCode, done.body).toBe(204);
    expect(await status(String(done.headers['x-media-id']))).toMatchObject({ status: 'ready', size: pdf.length });
  });

  it('the first chunk decides: not media, or not the kind the resource wants, is refused at once and nothing is kept', async () => {
    const size = 1024 * 1024;
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64 * 1024, 3)]);
    const created = await createUpload(size, corp, 'lesson.mp4');
    const location = String(created.headers.location);
    const id = location.split('/').pop()!;
    expect(readdirSync(tusDir)).toContain(id);
    // only 64 KB of the declared 1 MB: refused on this first request, not at completion
    const refused = await patch(location, 0, png);
    expect([refused.statusCode, refused.body]).toEqual([415, '只能上传 mp4/mov/webm/mkv 视频、mp3/m4a/wav/aac 音频或 pdf 文档']);
    expect(readdirSync(tusDir).filter((f) => f.startsWith(id))).toEqual([]);
    expect((await tus('HEAD', location, auth(corp))).statusCode).toBe(404);

    // a pdf sent for a video resource (metadata kind) is refused by its bytes, whatever its name
    const pdfHead = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(32 * 1024, 0x20)]);
    const forVideo = await createUpload(size, corp, 'lesson.mp4', 'video');
    const mismatch = await patch(String(forVideo.headers.location), 0, pdfHead);
    expect([mismatch.statusCode, mismatch.body]).toEqual([
      415,
      '文件内容与资源类型不符：视频课请上传视频，音频课请上传音频，文档课请上传 pdf',
    ]);
    expect(readdirSync(tusDir).filter((f) => f.startsWith(String(forVideo.headers.location).split('/').pop()!))).toEqual([]);
    // the same bytes for a document resource go on
    const forDoc = await createUpload(size, corp, '手册.pdf', 'document');
    expect((await patch(String(forDoc.headers.location), 0, pdfHead)).statusCode).toBe(204);
    // the same check when the data comes with the creating POST (creation-with-upload)
    const before = readdirSync(tusDir).length;
    const withBody = await tus(
      'POST',
      UPLOAD,
      {
        ...auth(corp),
        'upload-length': String(size),
        'upload-metadata': `filename ${b64('a.mp4')}`,
        'content-type': 'application/offset+octet-stream',
      },
      png,
    );
    expect(withBody.statusCode).toBe(415);
    expect(readdirSync(tusDir).length).toBe(before);
    // an unknown kind is refused when the upload is created
    expect((await createUpload(size, corp, 'x.mp4', 'image')).statusCode).toBe(400);
  });

  it('a finished upload moves into storage by rename (the same file, no copy) and leaves nothing in the tus folder', async () => {
    const pdf = pdfOfSize(200 * 1024);
    const created = await createUpload(pdf.length, corp, '大手册.pdf', 'document');
    const location = String(created.headers.location);
    const id = location.split('/').pop()!;
    const inode = statSync(join(tusDir, id)).ino;
    expect((await patch(location, 0, pdf.subarray(0, 100_000))).statusCode).toBe(204);
    const done = await patch(location, 100_000, pdf.subarray(100_000));
    expect(done.statusCode, done.body).toBe(204);
    const mediaId = String(done.headers['x-media-id']);
    expect(readdirSync(tusDir).filter((f) => f.startsWith(id))).toEqual([]);
    const key = `media/${mediaId}/source.pdf`;
    const root = (t.ctx.storage as LocalStorage).root;
    expect(statSync(join(root, key)).ino).toBe(inode);
    expect((await readAll((await t.ctx.storage.get(key))!.body)).equals(pdf)).toBe(true);
    expect(await status(mediaId)).toMatchObject({ status: 'ready', size: pdf.length });
    // a client that lost the last answer asks again: complete, with the media id; to its owner only
    const again = await tus('HEAD', location, auth(corp));
    expect([again.statusCode, again.headers['upload-offset'], again.headers['x-media-id']]).toEqual([200, String(pdf.length), mediaId]);
    expect((await tus('HEAD', location, auth(await t.login('admin')))).statusCode).toBe(404);
  });

  it('a HEAD racing the last PATCH never answers 404: before the finish it tells the offset, after it the media id', async () => {
    const pdf = pdfOfSize(64 * 1024);
    for (let round = 0; round < 12; round++) {
      const created = await createUpload(pdf.length, corp, `竞争${round}.pdf`, 'document');
      const location = String(created.headers.location);
      const [done, head] = await Promise.all([
        patch(location, 0, pdf),
        new Promise((r) => setTimeout(r, (round % 6) * 3)).then(() => tus('HEAD', location, auth(corp))),
      ]);
      expect(done.statusCode, done.body).toBe(204);
      expect(head.statusCode, `round ${round}: ${head.body}`).toBe(200);
      if (head.headers['upload-offset'] === String(pdf.length) && head.headers['x-media-id'])
        expect(head.headers['x-media-id']).toBe(done.headers['x-media-id']);
    }
  });

  it('a pdf is ready at once as a document', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const mediaId = await upload(pdf, corp, '手册.pdf');
    expect(await status(mediaId)).toMatchObject({ status: 'ready', qualities: ['OD'], originalName: '手册.pdf' });
    // a document cannot be the file of a video resource
    expect((await t.post(`${R}/AddData`, { resName: 'x', resType: 1, mediaId, dCode: dir }, corp)).code).toBe('RES_MEDIA_TYPE_MISMATCH');
    // its reading time is the administrator's (seconds); bad input changes nothing
    expect((await t.post(`${R}/AddData`, { resName: '手册', resType: 3, mediaId, dCode: dir, duration: -5 }, corp)).msg).toBe(
      '阅读时长应在 0 到 24 小时之间',
    );
    const added = await t.post<{ resCode: string }>(
      `${R}/AddData`,
      { resName: '手册', resType: 3, mediaId, dCode: dir, duration: 600 },
      corp,
    );
    expect(added.success, added.msg).toBe(true);
    expect((await t.post<{ duration: number }>(`${R}/GetTrainRes`, { rescode: added.data.resCode }, corp)).data.duration).toBe(600);
  });
});

describe.runIf(HAS_FFMPEG)('transcoding with ffmpeg', () => {
  let mediaId: string;
  let resCode: string;
  beforeAll(async () => {
    mediaId = await upload(makeVideo('a.mp4'));
    resCode = await addVideoRes(mediaId);
  });

  it('queues the media job; it probes and makes HLS renditions no larger than the source, then the original as OD', async () => {
    expect((await status(mediaId)).status).toBe('uploaded');
    await t.ctx.jobs.drain({ kinds: MEDIA_KIND });
    const done = await status(mediaId);
    expect(done).toMatchObject({ status: 'ready', progress: 100, error: '', duration: 2, qualities: ['FD', 'OD'] });
    // the duration read from the media reaches the resource
    expect((await t.post<{ duration: number }>(`${R}/GetTrainRes`, { rescode: resCode }, corp)).data.duration).toBe(2);
  });

  it('plays through signed URLs: playlist → signed segments → bytes with Range; the auditor previews before approval', async () => {
    const pl = (await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: resCode }, corp)).data;
    expect(pl).toMatchObject({ format: 'hls', attExt: '.m3u8', previewSeconds: 0 });
    expect(pl.playList.map((p) => p.item1)).toEqual(['FD', 'OD']);
    const m3u8 = await get(pl.playList[0].item2, corp);
    expect(m3u8.statusCode).toBe(200);
    expect(m3u8.headers['content-type']).toContain('mpegurl');
    expect(m3u8.headers['cache-control']).toBe('private, no-store');
    const segment = m3u8.body.split('\n').find((l) => l.startsWith('seg_'))!;
    expect(segment).toMatch(/^seg_0000\.ts\?t=/);
    const segUrl = pl.playList[0].item2.replace(/index\.m3u8\?.*$/, segment);
    const bytes = await get(segUrl, corp);
    expect([bytes.statusCode, bytes.headers['content-type']]).toEqual([200, 'video/mp2t']);
    expect(bytes.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const part = await get(segUrl, corp, { range: 'bytes=0-187' });
    expect([part.statusCode, part.rawPayload.length, part.headers['content-range']]).toEqual([
      206,
      188,
      `bytes 0-187/${bytes.rawPayload.length}`,
    ]);
  });

  it('a learner sees nothing until approved; URLs are bound to the viewer and address and refuse guesses', async () => {
    expect((await t.post(`${R}/GetVideoPlayList`, { videoId: resCode }, learner)).code).toBe('RES_NOT_FOUND');
    await approve(resCode);
    const pl = (await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: resCode }, learner)).data;
    const url = pl.playList[0].item2;
    expect((await get(url, learner)).statusCode).toBe(200);
    // another signed-in user reusing the URL, another address, no token, a forged token
    expect((await get(url, corp)).json().code).toBe('MEDIA_LINK_EXPIRED');
    expect((await get(url, learner, {}, '198.51.100.7')).statusCode).toBe(410);
    expect((await get(url.replace(/\?t=.*$/, ''), learner)).statusCode).toBe(410);
    expect((await get(`${url}x`, learner)).statusCode).toBe(410);
    // the same grant (this learner's session) past its expiry
    const grant = JSON.parse(Buffer.from(decodeURIComponent(url.split('?t=')[1]).split('.')[0], 'base64url').toString())[1];
    const expired = signUrlToken(t.ctx, {
      purpose: 'media',
      subject: grant,
      binding: '127.0.0.1',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await get(url.replace(/\?t=.*$/, `?t=${encodeURIComponent(expired)}`))).statusCode).toBe(410);
    // a token for this media does not open another media's files
    const otherMedia = `/prod-api/media/play/MNOPE/FD/index.m3u8?${url.split('?')[1]}`;
    expect((await get(otherMedia, learner)).statusCode).toBe(410);
    // private: the other company's learner does not see it
    await t.post(`${R}/SetPrivate`, { rescode: resCode, isPrivate: 1 }, corp);
    expect((await t.post(`${R}/GetVideoPlayList`, { videoId: resCode }, other)).code).toBe('RES_NOT_FOUND');
    expect((await t.post(`${R}/GetVideoPlayList`, { videoId: resCode }, learner)).success).toBe(true);
    await t.post(`${R}/SetPrivate`, { rescode: resCode, isPrivate: 0 }, corp);
    // nor when not private: a company's resources stay in the company (issue 22)
    expect((await t.post(`${R}/GetTrainResPreView`, { rescode: resCode }, other)).code).toBe('RES_NOT_FOUND');
  });

  it('a corrupt video fails with the reason; retry runs it again; a ready one cannot be retried', async () => {
    const good = makeVideo('b.mp4');
    // the real header (type passes) with the rest destroyed
    const corrupt = Buffer.concat([good.subarray(0, 64), Buffer.alloc(4000, 0x5a)]);
    const bad = await upload(corrupt);
    await t.ctx.jobs.drain({ kinds: MEDIA_KIND });
    const failed = await status(bad);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/损坏|不受支持|没有可播放/);
    const retried = await t.post<MediaView>(`${R}/RetryMedia`, { mediaId: bad }, corp);
    expect(retried.data.status).toBe('uploaded');
    await t.ctx.jobs.drain({ kinds: MEDIA_KIND });
    expect((await status(bad)).status).toBe('failed');
    expect((await t.post(`${R}/RetryMedia`, { mediaId }, corp)).code).toBe('MEDIA_RETRY_REFUSED');
    expect((await t.post(`${R}/RetryMedia`, { mediaId: bad }, other)).errorCode).toBe(403);
  });

  it('a job whose process died mid-run (lease passed) is taken up again and finishes', async () => {
    const id = await upload(makeVideo('c.mp4'));
    const [row] = await t.ctx.db.select().from(media).where(eq(media.mediaCode, id));
    // the "dead" worker claimed it and never finished
    await t.ctx.db
      .update(jobs)
      .set({ status: JobStatus.Running, attempts: 1, lockedBy: 'dead-host:1', lockedUntil: new Date(Date.now() - 1000) })
      .where(sql`${jobs.kind} = ${processMediaJob.kind} and ${jobs.payload}->>'mediaId' = ${String(row.id)}`);
    await t.ctx.jobs.drain({ kinds: MEDIA_KIND });
    expect((await status(id)).status).toBe('ready');
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'mediaId' = ${String(row.id)}`);
    expect(job.status).toBe(JobStatus.Done);
  });

  it('a video left 处理中 by a dead process can be retried; one whose job is alive cannot (issue 21 item 6)', async () => {
    const id = await upload(makeVideo('d.mp4'));
    const [row] = await t.ctx.db.select().from(media).where(eq(media.mediaCode, id));
    const ofThisMedia = sql`${jobs.kind} = ${processMediaJob.kind} and ${jobs.payload}->>'mediaId' = ${String(row.id)}`;
    // a live process works on it at 4 %
    await t.ctx.db.update(media).set({ status: 'processing', progress: 4 }).where(eq(media.id, row.id));
    await t.ctx.db
      .update(jobs)
      .set({ status: JobStatus.Running, attempts: 1, lockedBy: 'live-host:1', lockedUntil: new Date(Date.now() + 60_000) })
      .where(ofThisMedia);
    expect((await status(id)).stalled).toBeUndefined();
    expect((await t.post(`${R}/RetryMedia`, { mediaId: id }, corp)).code).toBe('MEDIA_RETRY_REFUSED');
    // that process died: its claim ran out and nobody took the job back (no process runs jobs)
    await t.ctx.db
      .update(jobs)
      .set({ lockedBy: 'dead-host:1', lockedUntil: new Date(Date.now() - 1000) })
      .where(ofThisMedia);
    expect(await status(id)).toMatchObject({ status: 'processing', progress: 4, stalled: true });
    const retried = await t.post<MediaView>(`${R}/RetryMedia`, { mediaId: id }, corp);
    expect(retried.data?.status, retried.msg).toBe('uploaded');
    const rows = await t.ctx.db.select().from(jobs).where(ofThisMedia).orderBy(jobs.id);
    expect(rows.map((r) => r.status)).toEqual([JobStatus.Failed, JobStatus.Queued]);
    await t.ctx.jobs.drain({ kinds: MEDIA_KIND });
    expect(await status(id)).toMatchObject({ status: 'ready' });
    // a job that is gone altogether (the queue was cleared) leaves the media retryable too
    await t.ctx.db.update(media).set({ status: 'uploaded', progress: 0 }).where(eq(media.id, row.id));
    await t.ctx.db.delete(jobs).where(ofThisMedia);
    expect((await status(id)).stalled).toBe(true);
    expect((await t.post(`${R}/RetryMedia`, { mediaId: id }, corp)).success).toBe(true);
    await t.ctx.jobs.drain({ kinds: MEDIA_KIND });
    expect((await status(id)).status).toBe('ready');
  });
});

describe('anonymous preview: only the first 30 seconds', () => {
  it('serves a preview playlist cut at 30 s and refuses later segments', async () => {
    // a platform course (what the portal lists to visitors; a company's course is not previewed,
    // visibility.test.ts) with a stored 50 s HLS rendition (no ffmpeg needed): 5 segments of 10 s
    const course = await buildPlayableResource(t, { resName: '预览课' }, 5, 10);
    const [code, resCode] = [course.mediaId, course.resCode];
    const anon = await t.post<PlayListAnswer>(`${R}/GetTrainResPreView`, { rescode: resCode });
    expect(anon.data).toMatchObject({ previewSeconds: 30, format: 'hls' });
    const pl = await get(anon.data.playList[0].item2);
    const segs = pl.body.split('\n').filter((l) => l.startsWith('seg_'));
    expect(segs.map((s) => s.split('?')[0])).toEqual(['seg_0000.ts', 'seg_0001.ts', 'seg_0002.ts']);
    const token = segs[0].split('?t=')[1];
    expect((await get(`/prod-api/media/play/${code}/FD/seg_0002.ts?t=${token}`)).statusCode).toBe(200);
    const past = await get(`/prod-api/media/play/${code}/FD/seg_0004.ts?t=${token}`);
    expect([past.statusCode, past.json().msg]).toEqual([410, '登录后查看完整视频']);
    // signed in: the whole video
    const full = (await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: resCode }, learner)).data;
    expect(full.previewSeconds).toBe(0);
    expect((await get(full.playList[0].item2, learner)).body.match(/seg_/g)).toHaveLength(5);
  });

  it('without ffmpeg the original plays as OD only, and the admin sees why', async () => {
    const noTools = await buildTestApp({
      env: { MEDIA_TUS_DIR: tusDir, FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' },
    });
    try {
      const token = await noTools.login('corpadmin');
      const bytes = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(500, 1)]);
      const base = await noTools.app.listen({ port: 0, host: '127.0.0.1' });
      const created = await tus('POST', UPLOAD, { ...auth(token), 'upload-length': String(bytes.length) }, undefined, base);
      const done = await tus(
        'PATCH',
        created.headers.location,
        { ...auth(token), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        bytes,
        base,
      );
      const id = String(done.headers['x-media-id']);
      await noTools.ctx.jobs.drain({ kinds: MEDIA_KIND });
      const st = (await noTools.post<MediaView>(`${R}/GetMediaStatus`, { mediaId: id }, token)).data;
      expect(st).toMatchObject({ status: 'ready', qualities: ['OD'] });
      expect(st.error).toContain('未安装 ffmpeg');
      const cap = (await noTools.post<{ canTranscode: boolean; reason: string }>(`${R}/GetMediaCapability`, {}, token)).data;
      expect(cap.canTranscode).toBe(false);
      const d = (await noTools.post<{ dCode: string }>(`${D}/SaveData`, { dName: '无转码' }, token)).data.dCode;
      const res = (await noTools.post<{ resCode: string }>(`${R}/AddData`, { resName: '原画课', resType: 1, mediaId: id, dCode: d }, token))
        .data.resCode;
      const pl = (await noTools.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: res }, token)).data;
      expect(pl).toMatchObject({ format: 'file', attExt: '.mp4' });
      expect(pl.playList.map((p) => p.item1)).toEqual(['OD']);
      const file = await noTools.inject({ method: 'GET', url: pl.playList[0].item2, headers: { range: 'bytes=4-11' } });
      expect([file.statusCode, file.body]).toEqual([206, 'ftypmp42']);
    } finally {
      await noTools.close();
    }
    expect(resources).toBeTruthy();
  });
});
