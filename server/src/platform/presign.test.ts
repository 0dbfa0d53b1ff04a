import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlayListAnswer } from '@xuetu/contract';
// @ts-expect-error s3rver ships no types (only its server is used here)
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../test/api-paths.ts';
import { buildPlayableResource } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { buildWorkbook, uploadImportFile } from '../../test/uploads.ts';
import { DEMO_COMPANY } from '../db/seed/demo.ts';
import { S3Storage } from './storage.ts';

// Issue 25 item 3, S3: with S3_PRESIGN_SECONDS the bucket sends the bytes. The app checks a
// request as before, then writes presigned GET URLs into the signed play list (segments) or
// redirects to one (originals, file downloads). Checked against s3rver, a local S3-protocol
// server (it serves the URLs and enforces their expiry, but does not verify SigV4 signatures:
// `sigV4Valid` below recomputes them).
const BUCKET = 'xuetu-presign';
let server: S3rver;
let dir: string;
let storage: S3Storage;
let t: TestApp;
let course: string;
let mediaId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xuetu-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  t = await buildTestApp({ storage, env: { S3_PRESIGN_SECONDS: 120 } });
  const res = await buildPlayableResource(t, { companySysCode: DEMO_COMPANY.companySysCode }, 3, 60);
  course = res.resCode;
  mediaId = res.mediaId;
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const expiresOf = (url: string) => Number(new URL(url).searchParams.get('X-Amz-Expires'));

/** A presigned URL's SigV4 signature recomputed from its own parts (AWS SigV4 query signing, UNSIGNED-PAYLOAD). */
function sigV4Valid(url: string, secret = 'S3RVER'): boolean {
  const u = new URL(url);
  const q = u.searchParams;
  const enc = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [enc(k), enc(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = ['GET', u.pathname, query, `host:${u.host}`, '', q.get('X-Amz-SignedHeaders'), 'UNSIGNED-PAYLOAD'].join('\n');
  const [, date, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', q.get('X-Amz-Date'), scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === q.get('X-Amz-Signature');
}

describe('S3Storage.presignGet', () => {
  it('signs a GET the store accepts, with the asked type and name, and refuses once altered or expired', async () => {
    await storage.put('files/2026/a.txt', Buffer.from('hello'), 'text/plain');
    await storage.put('files/2026/b.txt', Buffer.from('other'), 'text/plain');
    const url = await storage.presignGet('files/2026/a.txt', {
      expiresInSeconds: 60,
      contentType: 'application/octet-stream',
      contentDisposition: "attachment; filename*=UTF-8''a.txt",
    });
    expect(expiresOf(url)).toBe(60);
    const ok = await fetch(url);
    expect([ok.status, await ok.text()]).toEqual([200, 'hello']);
    expect(ok.headers.get('content-type')).toBe('application/octet-stream');
    expect(ok.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''a.txt");
    const ranged = await fetch(url, { headers: { range: 'bytes=1-2' } });
    expect([ranged.status, await ranged.text()]).toEqual([206, 'el']);
    // the signature is genuine SigV4 over this key, its response overrides and its expiry
    expect(sigV4Valid(url)).toBe(true);
    expect(sigV4Valid(url, 'another-secret')).toBe(false);
    expect(sigV4Valid(url.replace('a.txt', 'b.txt'))).toBe(false);
    expect(sigV4Valid(url.replace('X-Amz-Expires=60', 'X-Amz-Expires=6000'))).toBe(false);
    expect(sigV4Valid(url.replace('application%2Foctet-stream', 'text%2Fhtml'))).toBe(false);
    // s3rver enforces the expiry
    const short = await storage.presignGet('files/2026/a.txt', { expiresInSeconds: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(short)).status).toBe(403);
  });
});

describe('media and files with S3_PRESIGN_SECONDS', () => {
  it('the signed play list names presigned segment URLs, each living S3_PRESIGN_SECONDS past its start', async () => {
    const token = await t.login('learner01');
    const pl = await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: course }, token);
    const m3u8 = await t.inject({ method: 'GET', url: pl.data.playList[0].item2 });
    expect(m3u8.statusCode).toBe(200);
    const urls = m3u8.body.split('\n').filter((l) => l.startsWith('http'));
    expect(urls).toHaveLength(3);
    expect(urls.map(expiresOf)).toEqual([120, 180, 240]);
    expect(new URL(urls[1]).pathname).toBe(`/${BUCKET}/media/${mediaId}/FD/seg_0001.ts`);
    expect(urls.every((u) => sigV4Valid(u))).toBe(true);
    const seg = await fetch(urls[1]);
    expect([seg.status, seg.headers.get('content-type'), (await seg.arrayBuffer()).byteLength]).toEqual([200, 'video/mp2t', 188]);
    // a segment link of the app itself (an older play list) redirects to the bucket, checked first
    const own = `${pl.data.playList[0].item2.replace('index.m3u8', 'seg_0000.ts')}`;
    const redirected = await t.inject({ method: 'GET', url: own });
    expect(redirected.statusCode).toBe(302);
    expect(expiresOf(String(redirected.headers.location))).toBe(120);
    // refused before any signing: another user's session with the link
    const refused = await t.inject({ method: 'GET', url: own, headers: { ydAuthorization: `Bearer ${await t.login('other01')}` } });
    expect([refused.statusCode, refused.headers.location]).toEqual([410, undefined]);
    const list = await t.inject({
      method: 'GET',
      url: pl.data.playList[0].item2,
      headers: { ydAuthorization: `Bearer ${await t.login('learner02')}` },
    });
    expect(list.statusCode).toBe(410);
    expect(list.body).not.toContain('X-Amz-Signature');
  });

  it("a visitor's preview names only the segments within its 30 seconds", async () => {
    const shared = await buildPlayableResource(t, {}, 5, 10);
    const pl = await t.post<PlayListAnswer>(`${R}/GetTrainResPreView`, { rescode: shared.resCode });
    expect(pl.success, pl.msg).toBe(true);
    const m3u8 = await t.inject({ method: 'GET', url: pl.data.playList[0].item2 });
    const urls = m3u8.body.split('\n').filter((l) => l.startsWith('http'));
    expect(urls.map((u) => new URL(u).pathname.split('/').pop())).toEqual(['seg_0000.ts', 'seg_0001.ts', 'seg_0002.ts']);
    // never past the preview link's own life (minutes)
    expect(Math.max(...urls.map(expiresOf))).toBeLessThanOrEqual(10 * 60);
  });

  it('a private file download redirects to a presigned URL once its signed link is checked', async () => {
    const learner = await t.login('learner04');
    const res = await uploadImportFile(t, await buildWorkbook(['姓名'], []), 'people.xlsx', learner);
    if (!res.success) throw new Error(res.msg);
    const bare = await t.inject({
      method: 'GET',
      url: `/prod-api/files/${res.data.path}`,
      headers: { ydAuthorization: `Bearer ${learner}` },
    });
    expect(bare.headers.location).toBeUndefined();
    expect(bare.json()).toMatchObject({ code: 'FILE_LINK_EXPIRED' });
    const ok = await t.inject({ method: 'GET', url: `${res.data.url}&name=x.xlsx`, headers: { ydAuthorization: `Bearer ${learner}` } });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    const location = String(ok.headers.location);
    expect(expiresOf(location)).toBe(120);
    expect(sigV4Valid(location)).toBe(true);
    const got = await fetch(location);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''x.xlsx");
    expect(got.headers.get('cache-control')).toBe('private, no-store');
  });
});
