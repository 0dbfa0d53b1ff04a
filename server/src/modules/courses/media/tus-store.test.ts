import { join, resolve } from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { describe, expect, it } from 'vitest';
import { type Env, parseEnv } from '../../../config/env.ts';
import { judgeHead, tusStore } from './tus-store.ts';

/** The environment as parsed from these variables (the secrets do not matter here). */
const loadEnv = (vars: Record<string, string>) => parseEnv(vars) as Env;

// Where unfinished tus uploads wait, by configuration (no S3 service is contacted: constructing a
// store only configures its client).
describe('tus store selection', () => {
  it('local files under MEDIA_TUS_DIR, or `tus` beside FILES_DIR, when no S3_* is set', () => {
    const plain = tusStore(loadEnv({ FILES_DIR: '/srv/xuetu/files' }));
    expect(plain).toBeInstanceOf(FileStore);
    expect(Reflect.get(plain, 'directory')).toBe(resolve('/srv/xuetu/tus'));
    const own = tusStore(loadEnv({ FILES_DIR: '/srv/xuetu/files', MEDIA_TUS_DIR: '/data/tus' }));
    expect(Reflect.get(own, 'directory')).toBe(join('/data/tus'));
  });

  it('the S3 bucket (@tus/s3-store) when S3_BUCKET is set, with the endpoint, region and path style of S3_*', async () => {
    const store = tusStore(
      loadEnv({
        S3_BUCKET: 'xuetu-media',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'cn-east-1',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret-example',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    );
    expect(store).toBeInstanceOf(S3Store);
    expect(Reflect.get(store, 'bucket')).toBe('xuetu-media');
    expect(Reflect.get(store, 'preferredPartSize')).toBe(8 * 1024 * 1024);
    // unfinished uploads expire (tagged) after a day, like the local ones
    expect(Reflect.get(store, 'expirationPeriodInMilliseconds')).toBe(24 * 60 * 60 * 1000);
    const client = Reflect.get(store, 'client') as import('@aws-sdk/client-s3').S3;
    expect(await client.config.region()).toBe('cn-east-1');
    expect(client.config.forcePathStyle).toBe(true);
    const endpoint = await client.config.endpoint?.();
    expect(`${endpoint?.protocol}//${endpoint?.hostname}:${endpoint?.port}`).toBe('http://minio.internal:9000');
    expect((await client.config.credentials()).accessKeyId).toBe('AKIDEXAMPLE');
  });
});

describe('the type judged from the first bytes', () => {
  const mp4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(64)]);
  const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n');
  it('accepts a media type of the declared kind, refuses other kinds and non-media', async () => {
    expect(await judgeHead(mp4)).toMatchObject({ mime: 'video/mp4', accepted: { kind: 'video', ext: '.mp4' } });
    expect(await judgeHead(mp4, 'video')).toMatchObject({ mime: 'video/mp4' });
    expect(await judgeHead(mp4, 'document')).toEqual({ refused: 'MEDIA_KIND_MISMATCH' });
    expect(await judgeHead(pdf, 'document')).toMatchObject({ mime: 'application/pdf' });
    expect(await judgeHead(Buffer.from('<html><script>'))).toEqual({ refused: 'MEDIA_TYPE_REFUSED' });
    expect(await judgeHead(Buffer.alloc(0))).toEqual({ refused: 'MEDIA_TYPE_REFUSED' });
  });
});
