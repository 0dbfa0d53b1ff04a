import { FileVisibility, IMAGE_VARIANT_WIDTHS } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { uploadMultipart } from '../../../test/uploads.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { ManualClock } from '../clock.ts';
import { variantKey, variantOriginal, variantWidthFor } from './variants.ts';

// Resized copies of the portal's images (issue 15): made at upload, served by ?w=, purged with
// their original, never of a private file.
const clock = new ManualClock('2026-04-01T02:00:00Z');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { FILES_TEMP_HOURS: 24 } });
  admin = await t.login('admin');
});
afterAll(() => t.close());

const image = (width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 64, g: 158, b: 255 } } })
    .toFormat(format)
    .toBuffer();

async function uploadImage(file: Buffer, name: string) {
  const body = await uploadMultipart<{ key: string; url: string }>(
    t,
    '/Api/SysConfig/sys_notice/UploadContentFile?kind=image',
    file,
    name,
    {
      token: admin,
      type: 'image/jpeg',
    },
  );
  expect(body.success, body.msg).toBe(true);
  return body.data;
}

const stored = (key: string) => t.ctx.storage.head(key);
const fetchFile = (url: string) => t.inject({ method: 'GET', url });

describe('resized copies of uploaded images', () => {
  it('stores a WebP copy at each listed width narrower than the original, and none wider', async () => {
    const { key } = await uploadImage(await image(1500, 500), 'banner.jpg');
    for (const w of IMAGE_VARIANT_WIDTHS) {
      const copy = await stored(variantKey(key, w));
      if (w >= 1500) {
        expect(copy, `${w}`).toBeNull();
        continue;
      }
      expect(copy, `${w}`).not.toBeNull();
      const obj = await t.ctx.storage.get(variantKey(key, w));
      const chunks: Buffer[] = [];
      for await (const c of obj!.body) chunks.push(c as Buffer);
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: w, height: Math.round((500 * w) / 1500) });
    }
  });

  it('serves the smallest copy at least as wide as ?w=, cached for a year; the original without w or above the copies', async () => {
    const original = await image(1500, 500);
    const { key, url } = await uploadImage(original, 'banner.jpg');
    const res = await fetchFile(`${url}?w=600`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    expect(res.rawPayload.length).toBeLessThan(original.length);
    // exactly a listed width
    expect((await sharp((await fetchFile(`${url}?w=160`)).rawPayload).metadata()).width).toBe(160);
    // wider than every copy (1920 was not made: the original is 1500 wide): the original
    const wide = await fetchFile(`${url}?w=1600`);
    expect(wide.headers['content-type']).toBe('image/jpeg');
    expect(wide.rawPayload.equals(original)).toBe(true);
    const plain = await fetchFile(url);
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect(plain.rawPayload.equals(original)).toBe(true);
    // a copy answers conditional requests like any stored file
    const again = await t.inject({ method: 'GET', url: `${url}?w=600`, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(await stored(variantKey(key, 640))).not.toBeNull();
  });

  it('makes no copy of an image narrower than the smallest width, or of a GIF, and serves the original for any w', async () => {
    const small = await image(120, 80, 'png');
    const a = await uploadImage(small, 'icon.png');
    for (const w of IMAGE_VARIANT_WIDTHS) expect(await stored(variantKey(a.key, w))).toBeNull();
    const res = await fetchFile(`${a.url}?w=320`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(small)).toBe(true);

    const gif = await uploadImage(await image(800, 300, 'gif'), 'anim.gif');
    for (const w of IMAGE_VARIANT_WIDTHS) expect(await stored(variantKey(gif.key, w))).toBeNull();
    expect((await fetchFile(`${gif.url}?w=320`)).headers['content-type']).toBe('image/gif');
  });

  it('refuses a w that is not a width', async () => {
    const { url } = await uploadImage(await image(700, 300), 'a.jpg');
    for (const w of ['0', '-5', 'abc', '20000']) {
      const res = await fetchFile(`${url}?w=${w}`);
      expect(res.json(), w).toMatchObject({ success: false });
    }
  });

  it('never serves a copy of a private file, asked by ?w= or by the copy key, without its signed link', async () => {
    // a private file's copy could only come from a bug; the serving route still judges it by the original
    const { key, url } = await uploadImage(await image(700, 300), 'private.jpg');
    await t.ctx.db.update(storedFiles).set({ visibility: FileVisibility.Private }).where(eq(storedFiles.storageKey, key));
    expect((await fetchFile(`${url}?w=320`)).json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
    expect((await fetchFile(`/prod-api/files/${variantKey(key, 320)}`)).json()).toMatchObject({
      success: false,
      code: 'FILE_LINK_EXPIRED',
    });
  });

  it('purges the copies with their never-saved original', async () => {
    const { key } = await uploadImage(await image(700, 300), 'temp.jpg');
    expect(await stored(variantKey(key, 320))).not.toBeNull();
    // the hourly purge, past FILES_TEMP_HOURS
    clock.advance(25 * 3_600_000);
    await t.ctx.jobs.drain();
    clock.advance(3_600_000);
    await t.ctx.jobs.drain();
    expect(await stored(key)).toBeNull();
    for (const w of IMAGE_VARIANT_WIDTHS) expect(await stored(variantKey(key, w))).toBeNull();
  });

  it('names copies so the original is found from a copy key', () => {
    expect(variantOriginal(variantKey('content/2026/04/abc.jpg', 640))).toBe('content/2026/04/abc.jpg');
    expect(variantOriginal('content/2026/04/abc.jpg')).toBeNull();
    // a width that is not listed is no copy
    expect(variantOriginal('content/2026/04/abc.jpg.w500.webp')).toBeNull();
    expect(variantWidthFor(1)).toBe(160);
    expect(variantWidthFor(641)).toBe(960);
    expect(variantWidthFor(5000)).toBeNull();
  });
});

describe('the demo portal images', () => {
  it('come with their copies, as uploads do', async () => {
    const res = await t.post<{ pcBanner: string }[]>('/Api/Ydxs/OpenApi/GetFPLinkInfoList', { linkType: 0 });
    const banner = res.data.find((l) => l.pcBanner)?.pcBanner ?? '';
    expect(banner).toMatch(/^\/prod-api\/files\/content\//);
    const copy = await fetchFile(`${banner}?w=640`);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(640);
  });
});
