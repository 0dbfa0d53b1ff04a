import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

describe('local storage takes a finished file over', () => {
  const storage = new LocalStorage(dir);

  it('by renaming it on the same disk (the very same file, no copy)', async () => {
    const src = join(dir, 'incoming.bin');
    writeFileSync(src, Buffer.alloc(3000, 7));
    const inode = statSync(src).ino;
    expect(await storage.putFile('media/M1/source.mp4', src)).toBe(3000);
    expect(existsSync(src)).toBe(false);
    expect(statSync(join(dir, 'media/M1/source.mp4')).ino).toBe(inode);
  });

  // /dev/shm is another file system here (tmpfs): rename answers EXDEV, the file is copied
  it.runIf(existsSync('/dev/shm'))('by copying it from another disk, then removing the original', async () => {
    const other = mkdtempSync('/dev/shm/xuetu-storage-');
    try {
      const src = join(other, 'incoming.bin');
      writeFileSync(src, Buffer.from('学途 media'));
      expect(await storage.putFile('media/M2/source.pdf', src)).toBe(Buffer.byteLength('学途 media'));
      expect(existsSync(src)).toBe(false);
      expect((await readAll((await storage.get('media/M2/source.pdf'))!.body)).toString()).toBe('学途 media');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
