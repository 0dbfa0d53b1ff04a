import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { createTusUpload, startSilentPatch, tusCall, tusPdf } from '../../../../test/tus.ts';
import { readAll } from '../../../platform/storage.ts';

// Issue 23 item 13: a PATCH its client has given up on (network gone, 暂停) must not hold its
// upload: the HEAD of the resume answers with the offset stored, and the upload goes on from there.
let t: TestApp;
let corp: string;
let tusDir: string;
let addr: string;

const SENT = 300 * 1024;

const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) =>
  tusCall(addr, corp, method, url, headers, body);

const startPatch = (location: string, file: string) => startSilentPatch(addr, corp, location, file, SENT);

const createUpload = (name: string) => createTusUpload(addr, corp, tusDir, name);

/** HEAD, then the rest from the offset told: the stored file must be the whole pdf. */
async function resume(location: string, file: string, what: string) {
  const started = performance.now();
  const head = await tus('HEAD', location);
  const headMs = performance.now() - started;
  expect(head.statusCode, head.body).toBe(200);
  const offset = Number(head.headers['upload-offset']);
  // the offset told is what is stored: part of what was sent, never more
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThanOrEqual(SENT);
  expect(statSync(file).size).toBe(offset);

  const done = await tus(
    'PATCH',
    location,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    tusPdf.subarray(offset),
  );
  expect(done.statusCode, done.body).toBe(204);
  const stored = await t.ctx.storage.get(`media/${String(done.headers['x-media-id'])}/source.pdf`);
  expect((await readAll(stored!.body)).equals(tusPdf)).toBe(true);
  console.info(`${what}: the resume's HEAD answered in ${Math.round(headMs)} ms (offset ${offset})`);
}

async function startApp(drainMs: number) {
  tusDir = mkdtempSync(join(tmpdir(), 'xuetu-tus-resume-'));
  t = await buildTestApp({ env: { MEDIA_TUS_DIR: tusDir, MEDIA_UPLOAD_LIMIT_BYTES: 5 * 1024 * 1024, MEDIA_UPLOAD_DRAIN_MS: drainMs } });
  corp = await t.login('corpadmin');
  addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
}
async function stopApp() {
  await t.close();
  rmSync(tusDir, { recursive: true, force: true });
}

describe('a PATCH whose connection the client closed', () => {
  // a drain longer than the test may last (10 s): the HEAD must not wait for it (nor for the
  // old 15 s bound), only for the bytes that came to be written
  beforeAll(() => startApp(120_000));
  afterAll(stopApp);

  it('lets the HEAD of the resume answer with the stored offset; the upload completes from it', async () => {
    const { location, file } = await createUpload('断网.pdf');
    (await startPatch(location, file)).destroy();
    await resume(location, file, 'PATCH closed by its client');
  }, 10_000);
});

describe('a PATCH whose client went silent (connection left open)', () => {
  beforeAll(() => startApp(300));
  afterAll(stopApp);

  it('is cut by the HEAD of the resume after the drain; the HEAD tells what was stored and the upload completes', async () => {
    const { location, file } = await createUpload('掉线.pdf');
    const silent = await startPatch(location, file);
    const cut = new Promise<void>((r) => silent.on('close', () => r()));
    await resume(location, file, 'PATCH left open by a silent client');
    // the server ended the old request's connection
    await cut;
  }, 10_000);
});

describe('a finished upload asked again (issue 25 item 5)', () => {
  beforeAll(() => startApp(300));
  afterAll(stopApp);

  it('answers its owner’s empty PATCH at the end as complete, more bytes as a conflict, never 404 or 500', async () => {
    const { location } = await createUpload('已完成.pdf');
    const done = await tus('PATCH', location, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, tusPdf);
    expect(done.statusCode, done.body).toBe(204);
    const empty = await tus('PATCH', location, {
      'upload-offset': String(tusPdf.length),
      'content-type': 'application/offset+octet-stream',
      'content-length': '0',
    });
    // the lost answer again: complete, with the media id
    expect(empty.statusCode, empty.body).toBe(204);
    expect(empty.headers['upload-offset']).toBe(String(tusPdf.length));
    expect(empty.headers['x-media-id']).toBe(done.headers['x-media-id']);
    // bytes for a finished upload: a conflict naming the end, in Chinese, nothing stored again
    const more = await tus(
      'PATCH',
      location,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      tusPdf.subarray(0, 10),
    );
    expect(more.statusCode).toBe(409);
    expect(more.headers['upload-offset']).toBe(String(tusPdf.length));
    expect(more.body).toBe('该文件已上传完成，无需继续上传');
    // another user learns nothing about it
    const other = await t.login('admin');
    const theirs = await tus('PATCH', location, {
      'upload-offset': String(tusPdf.length),
      'content-type': 'application/offset+octet-stream',
      'content-length': '0',
      ydAuthorization: `Bearer ${other}`,
    });
    expect(theirs.statusCode).toBeLessThan(500);
    expect(theirs.headers['x-media-id']).toBeUndefined();
  }, 20_000);
});
