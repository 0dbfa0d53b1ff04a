import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { storedFiles } from '../../db/schema/index.ts';

const MB = 1024 * 1024;
const SIZE = 300 * MB;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { UPLOAD_LIMIT_BYTES: 400 * MB } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A multipart body of `size` bytes (a PDF header, then filler) generated as it is sent. */
function multipartStream(size: number, boundary: string): Readable {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  let left = size - 9;
  let sentHead = false;
  return new Readable({
    read() {
      if (!sentHead) {
        sentHead = true;
        this.push(head);
        return;
      }
      if (left <= 0) {
        this.push(tail);
        this.push(null);
        return;
      }
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

describe('a 300 MB upload', () => {
  it('streams to storage: the process grows by far less than the file while receiving it (under 100 MB for 300 MB)', async () => {
    const token = await t.login('learner01');
    const boundary = '----xuetu-large';
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/prod-api/Api/upload/Upload/UploadZFileByForm',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ydAuthorization: `Bearer ${token}` },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      multipartStream(SIZE, boundary).pipe(req);
    });
    clearInterval(sampler);
    const res = JSON.parse(body);
    expect(res.success).toBe(true);
    const [row] = await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.storageKey, res.data.path));
    expect(row.size).toBe(SIZE);
    const growthMb = (peak - baseline) / MB;
    // reported in the closing note of issue 10
    console.info(
      `300 MB upload: RSS ${Math.round(baseline / MB)} MB before, peak ${Math.round(peak / MB)} MB (+${growthMb.toFixed(1)} MB)`,
    );
    // the test process holds the client's stream and, without PostgreSQL, the embedded database
    // too: 54-60 MB measured here on PGlite (2026-12-02, also at the commit before the session),
    // which the old 50 MB bound failed; a buffered upload would grow by the file's 300 MB
    expect(growthMb).toBeLessThan(100);
  }, 300_000);
});
