import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helper.ts';
import { createTusUpload, startSilentPatch, tusCall, tusPdf } from '../../../../test/tus.ts';
import { cacheWriteHooks, twoNodes } from '../../../../test/two-nodes.ts';
import { readAll } from '../../../platform/storage.ts';

// Issue 25 item 4: one resumable upload whose requests a balancer spreads over two nodes (plain
// round robin). Two app instances in this process share the database, the cache (PostgreSQL and
// Redis when DATABASE_URL and REDIS_URL are set) and the unfinished uploads' directory:
//  - chunks alternating nodes, a HEAD between, end in one media file;
//  - a HEAD on node B while node A moves the finished file into storage waits for the media id
//    (it used to answer "complete" without it: the uploader showed 上传失败);
//  - a PATCH on node A left open by a silent client is cut when the resume's HEAD comes to node B.
const DRAIN_MS = 300;
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
let tusDir: string;
const addr: Record<'a' | 'b', string> = { a: '', b: '' };
let token: string;
/** run by node A's cache when it writes a key starting with the prefix (once) */
const writesOnA = cacheWriteHooks();

const HALF = 512 * 1024;

const tus = (node: 'a' | 'b', method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) =>
  tusCall(addr[node], token, method, url, headers, body);
const patch = (node: 'a' | 'b', location: string, offset: number, bytes: Buffer) =>
  tus(node, 'PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes);

const createUpload = (node: 'a' | 'b', name: string) => createTusUpload(addr[node], token, tusDir, name);

async function expectStored(mediaId: string) {
  const stored = await b.ctx.storage.get(`media/${mediaId}/source.pdf`);
  expect((await readAll(stored!.body)).equals(tusPdf)).toBe(true);
}

beforeAll(async () => {
  tusDir = mkdtempSync(join(tmpdir(), 'xuetu-tus-2nodes-'));
  const env = { MEDIA_TUS_DIR: tusDir, MEDIA_UPLOAD_LIMIT_BYTES: 5 * 1024 * 1024, MEDIA_UPLOAD_DRAIN_MS: DRAIN_MS };
  ({ a, b, close } = await twoNodes({ env, wrapA: writesOnA.wrap }));
  token = await a.login('corpadmin');
  addr.a = await a.app.listen({ port: 0, host: '127.0.0.1' });
  addr.b = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await close?.();
  rmSync(tusDir, { recursive: true, force: true });
});

describe('one upload over two nodes', () => {
  it('takes its chunks alternately on both nodes, with a HEAD between, into one media file', async () => {
    const { location } = await createUpload('a', '轮询.pdf');
    const first = await patch('b', location, 0, tusPdf.subarray(0, HALF));
    expect(first.statusCode, first.body).toBe(204);
    const head = await tus('a', 'HEAD', location);
    expect(head.headers['upload-offset']).toBe(String(HALF));
    const last = await patch('a', location, HALF, tusPdf.subarray(HALF));
    expect(last.statusCode, last.body).toBe(204);
    await expectStored(String(last.headers['x-media-id']));
    // the other node knows it finished
    const again = await tus('b', 'HEAD', location);
    expect(again.headers['x-media-id']).toBe(last.headers['x-media-id']);
  });

  it('answers a HEAD on the other node during the finish with the media id, once it is known', async () => {
    const { location } = await createUpload('a', '收尾.pdf');
    let head: ReturnType<typeof tus> | undefined;
    // node A has the last bytes and marks the upload finishing: the client's HEAD goes to node B;
    // node A then records the finished upload only 600 ms later (a slow move into storage)
    writesOnA.beforeWrite('tus:finishing:', async () => {
      head = tus('b', 'HEAD', location);
    });
    writesOnA.beforeWrite('tus:done:', () => new Promise((r) => setTimeout(r, 600)));
    const last = await patch('a', location, 0, tusPdf);
    expect(last.statusCode, last.body).toBe(204);
    expect(head).toBeDefined();
    const answered = await head!;
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['upload-offset']).toBe(String(tusPdf.length));
    expect(answered.headers['x-media-id']).toBe(last.headers['x-media-id']);
  });

  it('cuts a PATCH left open on one node when the resume’s HEAD comes to the other', async () => {
    const { location, file } = await createUpload('a', '掉线.pdf');
    const silent = await startSilentPatch(addr.a, token, location, file, 300 * 1024);
    const cut = new Promise<void>((r) => silent.on('close', () => r()));
    const started = performance.now();
    const head = await tus('b', 'HEAD', location);
    const ms = performance.now() - started;
    expect(head.statusCode, head.body).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(statSync(file).size).toBe(offset);
    const done = await patch('b', location, offset, tusPdf.subarray(offset));
    expect(done.statusCode, done.body).toBe(204);
    await expectStored(String(done.headers['x-media-id']));
    await cut;
    console.info(`the HEAD on node B answered in ${Math.round(ms)} ms (drain ${DRAIN_MS} ms; offset ${offset})`);
  }, 20_000);
});
