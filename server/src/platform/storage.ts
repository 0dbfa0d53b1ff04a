import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export interface StoredObject {
  /** the whole object, or the asked byte range of it */
  body: Readable;
  /** size of the whole object */
  size: number;
  contentType?: string;
  lastModified?: Date;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Files: local disk by default, any S3-compatible store with S3_*. Keys look like `avatar/2026/ab12….png`. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Stores a stream without holding it in memory (S3: multipart upload); returns the bytes written. */
  putStream(key: string, body: Readable, contentType?: string): Promise<number>;
  /**
   * Takes a finished local file over under `key` (the file is gone afterwards): local storage
   * renames it (no copy on the same disk; a copy only across disks), S3 uploads it. Returns its size.
   */
  putFile(key: string, path: string, contentType?: string): Promise<number>;
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** size and time of an object without reading it; null when missing */
  head(key: string): Promise<Omit<StoredObject, 'body'> | null>;
  delete(key: string): Promise<void>;
  /**
   * S3 only: a presigned GET URL of the object, valid `expiresInSeconds`, answered with the given
   * Content-Type / Content-Disposition / Cache-Control (its access was checked by the caller).
   */
  presignGet?(key: string, opts: PresignOptions): Promise<string>;
}

export interface PresignOptions {
  expiresInSeconds: number;
  contentType?: string;
  contentDisposition?: string;
  cacheControl?: string;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,300}$/;

/** True for a key storage accepts: no path tricks, no absolute paths, no control characters. */
export function isSafeKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..') && !key.includes('//');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  /** the directory the files live under (tests look at the files themselves) */
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const p = resolve(this.root, key);
    if (!p.startsWith(this.root + sep)) throw new Error(`unsafe storage key: ${key}`);
    return p;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const p = this.pathOf(key);
    await mkdir(dirname(p), { recursive: true });
    // write then rename would be safer on crash; a half-written upload is simply re-uploaded
    await writeFile(p, data);
  }

  async putStream(key: string, body: Readable): Promise<number> {
    const p = this.pathOf(key);
    // the body may fail (a check part-way through the bytes) while the folder is made: that error
    // is kept for this call rather than left unheard by a stream nobody reads yet
    let early: unknown = null;
    body.on('error', (err) => {
      early ??= err;
    });
    await mkdir(dirname(p), { recursive: true });
    if (early) throw early;
    // written beside the target and renamed: a failed upload never leaves a half file under the key
    const part = `${p}.part-${randomBytes(4).toString('hex')}`;
    try {
      await pipeline(body, createWriteStream(part));
      await rename(part, p);
    } catch (err) {
      await rm(part, { force: true });
      throw err;
    }
    return (await stat(p)).size;
  }

  async putFile(key: string, path: string): Promise<number> {
    const p = this.pathOf(key);
    await mkdir(dirname(p), { recursive: true });
    try {
      await rename(path, p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // another disk: copied beside the target, renamed, then the original removed
      const part = `${p}.part-${randomBytes(4).toString('hex')}`;
      try {
        await copyFile(path, part);
        await rename(part, p);
      } catch (copyErr) {
        await rm(part, { force: true });
        throw copyErr;
      }
      await rm(path, { force: true });
    }
    return (await stat(p)).size;
  }

  async head(key: string): Promise<Omit<StoredObject, 'body'> | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, lastModified: s.mtime } : null;
    } catch {
      return null;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const p = this.pathOf(key);
    try {
      const s = await stat(p);
      if (!s.isFile()) return null;
      return { body: createReadStream(p, range), size: s.size, lastModified: s.mtime };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

export interface S3Options {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials:
        opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
    });
  }

  async put(key: string, data: Buffer, contentType?: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body: data, ContentType: contentType }));
  }

  async putStream(key: string, body: Readable, contentType?: string): Promise<number> {
    assertSafeKey(key);
    let bytes = 0;
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    // multipart in 8 MiB parts, two in flight: memory stays bounded whatever the file's size
    await new Upload({
      client: this.client,
      params: { Bucket: this.opts.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    }).done();
    return bytes;
  }

  async putFile(key: string, path: string, contentType?: string): Promise<number> {
    const size = await this.putStream(key, createReadStream(path), contentType);
    await rm(path, { force: true });
    return size;
  }

  async head(key: string): Promise<Omit<StoredObject, 'body'> | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType, lastModified: head.LastModified };
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NotFound' || name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      const obj = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return {
        body: obj.Body as Readable,
        size: Number(head.ContentLength ?? 0),
        contentType: head.ContentType,
        lastModified: head.LastModified,
      };
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NotFound' || name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  async presignGet(key: string, opts: PresignOptions): Promise<string> {
    assertSafeKey(key);
    const command = new GetObjectCommand({
      Bucket: this.opts.bucket,
      Key: key,
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.contentDisposition,
      ResponseCacheControl: opts.cacheControl,
    });
    // signed locally (SigV4, no request to the store); the store checks signature and expiry
    return getSignedUrl(this.client, command, { expiresIn: Math.max(1, Math.ceil(opts.expiresInSeconds)) });
  }
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}
