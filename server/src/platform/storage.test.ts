import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage, readAll, S3Storage, type Storage } from './storage.ts';

const dir = mkdtempSync(join(tmpdir(), 'xuetu-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const backends: [string, () => Storage][] = [['local', () => new LocalStorage(dir)]];
// S3-compatible store: runs when one is configured (e.g. MinIO); none runs on the CI machine
if (process.env.S3_BUCKET) {
  backends.push([
    's3',
    () =>
      new S3Storage({
        endpoint: process.env.S3_ENDPOINT,
        region: process.env.S3_REGION ?? 'us-east-1',
        bucket: process.env.S3_BUCKET as string,
        accessKeyId: process.env.S3_ACCESS_KEY_ID,
        secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
      }),
  ]);
}

describe.each(backends)('%s storage', (_name, make) => {
  const storage = make();

  it('puts, gets and deletes a file', async () => {
    const data = Buffer.from('学途 test file');
    await storage.put('test/2026/11/abc.txt', data, 'text/plain');
    const obj = await storage.get('test/2026/11/abc.txt');
    expect(obj?.size).toBe(data.length);
    expect((await readAll(obj!.body)).toString()).toBe('学途 test file');
    await storage.delete('test/2026/11/abc.txt');
    expect(await storage.get('test/2026/11/abc.txt')).toBeNull();
  });

  it('answers null for a missing key', async () => {
    expect(await storage.get('test/missing.bin')).toBeNull();
  });

  it('refuses keys that climb out of the store', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(storage.get('a/../../etc/passwd')).rejects.toThrow(/unsafe/);
    await expect(storage.put('/abs.txt', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });
});
