import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { readAll } from '../../../platform/storage.ts';

// Issue 23 item 13: a PATCH cut by its client (network gone, 暂停) must not hold its upload: the
// HEAD of the resume answers at once with the offset stored, and the upload goes on from there.
const UPLOAD = '/prod-api/media/upload';
let t: TestApp;
let corp: string;
let tusDir: string;
let addr: string;

const b64 = (s: string) => Buffer.from(s).toString('base64');

async function tus(method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) {
  const res = await fetch(url.startsWith('http') ? url : `${addr}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', ydAuthorization: `Bearer ${corp}`, connection: 'close', ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

/** Sends `body` as a PATCH declaring its whole length, and destroys the socket once `cutAfter` bytes are on disk. */
async function cutPatch(location: string, file: string, body: Buffer, cutAfter: number): Promise<void> {
  const { hostname, port } = new URL(addr);
  const req = request({
    hostname,
    port,
    method: 'PATCH',
    path: location,
    headers: {
      'tus-resumable': '1.0.0',
      ydAuthorization: `Bearer ${corp}`,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(body.length),
    },
  });
  req.on('error', () => {});
  req.write(body.subarray(0, cutAfter));
  // the server has stored (part of) what came: the request is now cut like a dropped network
  for (let i = 0; i < 500 && statSync(file).size === 0; i++) await new Promise((r) => setTimeout(r, 10));
  req.destroy();
}

beforeAll(async () => {
  tusDir = mkdtempSync(join(tmpdir(), 'xuetu-tus-resume-'));
  // a drain far longer than the test may take: a HEAD after a cut PATCH must not wait for it
  t = await buildTestApp({ env: { MEDIA_TUS_DIR: tusDir, MEDIA_UPLOAD_LIMIT_BYTES: 5 * 1024 * 1024, MEDIA_UPLOAD_DRAIN_MS: 120_000 } });
  corp = await t.login('corpadmin');
  addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(tusDir, { recursive: true, force: true });
});

describe('a PATCH cut by its client', () => {
  it('lets the HEAD of the resume answer at once with the stored offset; the upload then completes from it', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n'),
      Buffer.alloc(1024 * 1024, 0x20),
      Buffer.from('trailer<<>>\n%%EOF\n'),
    ]);
    const created = await tus('POST', UPLOAD, {
      'upload-length': String(pdf.length),
      'upload-metadata': `filename ${b64('断网.pdf')},kind ${b64('document')}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const file = join(tusDir, location.split('/').pop()!);

    await cutPatch(location, file, pdf, 300 * 1024);
    const started = performance.now();
    const head = await tus('HEAD', location);
    const headMs = performance.now() - started;
    expect(head.statusCode, head.body).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    // the offset told is what is stored: some of the bytes sent, never more, and nothing after it
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(300 * 1024);
    expect(statSync(file).size).toBe(offset);

    const resumed = performance.now();
    const done = await tus(
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      pdf.subarray(offset),
    );
    expect(done.statusCode, done.body).toBe(204);
    const mediaId = String(done.headers['x-media-id']);
    const stored = await t.ctx.storage.get(`media/${mediaId}/source.pdf`);
    expect((await readAll(stored!.body)).equals(pdf)).toBe(true);
    console.info(
      `cut PATCH → HEAD answered in ${Math.round(headMs)} ms (offset ${offset}); the rest in ${Math.round(performance.now() - resumed)} ms`,
    );
  }, 20_000);
});
