import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileAppSignedIn } from '../../test/helper.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

const [t, token] = await fileAppSignedIn('admin');

const menu = (acceptEncoding?: string) =>
  t.inject({
    method: 'POST',
    url: '/prod-api/Api/SysConfig/sys_action/GetUserMenuList',
    payload: {},
    headers: { ydAuthorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('API answers are compressed above the threshold', () => {
  it('sends a large JSON answer as brotli when the client accepts it, and it decodes to the same envelope', async () => {
    const plain = await menu();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await menu('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('falls back to gzip for clients without brotli', async () => {
    const gz = await menu('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).success).toBe(true);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await t.inject({ method: 'POST', url: '/prod-api/nothing/here', payload: {}, headers: { 'accept-encoding': 'br' } });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().success).toBe(false);
  });
});
