import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { LocalStorage, type StoredObject } from '../storage.ts';

// A file that goes away between the store's answer to "is it there" and the read (a resized copy
// replaced, a file deleted by another node): the answer is the JSON failure envelope, not the
// file's headers with a JSON body (which the server could not send: a 500 with nothing to read,
// and a `public, immutable` error the browser kept for a year).

const dir = mkdtempSync(join(tmpdir(), 'xuetu-vanishing-'));
class VanishingStorage extends LocalStorage {
  override async get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null> {
    return key.includes('vanishing') ? null : super.get(key, range);
  }
}

let t: TestApp;
beforeAll(async () => {
  const storage = new VanishingStorage(dir);
  await storage.put('content/2026/01/vanishing.png', Buffer.from('not really a png'));
  t = await buildTestApp({ storage });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a stored file that vanishes while it is sent', () => {
  it('answers the failure envelope as JSON, without the file headers, never cached', async () => {
    const res = await t.inject({ method: 'GET', url: '/prod-api/files/content/2026/01/vanishing.png?w=160' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, errorCode: expect.anything() });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
