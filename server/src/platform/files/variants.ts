import { IMAGE_VARIANT_WIDTHS } from '@xuetu/contract';
import sharp from 'sharp';
import type { Storage } from '../storage.ts';

// Resized copies of public images, made once at upload so the portal can send each visitor the
// size it shows (srcset), not the uploaded original (issue 15; docs/adr/0020-image-variants.md).
// A copy is stored beside its original as `<key>.w<width>.webp`; nothing in the database: the
// serving route finds a copy by its key, the purge removes copies with their original.

/** what sharp may resize: still images (an animated GIF keeps its one original) */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** refuse to decode more pixels than this (a small file can claim a huge canvas) */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 78;
const VARIANT = /^(.+)\.w(\d{2,4})\.webp$/;

sharp.cache(false);

export const variantKey = (key: string, width: number) => `${key}.w${width}.webp`;

/** The original's key of a copy's key, or null when the key is not a copy. */
export function variantOriginal(key: string): string | null {
  const m = VARIANT.exec(key);
  return m && (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(Number(m[2])) ? m[1] : null;
}

/** The copy width that serves a request for `wanted` px: the smallest listed width at least that wide. */
export function variantWidthFor(wanted: number): number | null {
  return IMAGE_VARIANT_WIDTHS.find((w) => w >= wanted) ?? null;
}

/**
 * Makes and stores the copies of an image narrower than the original, returning their widths.
 * Not an image sharp can read (or one too large to decode): no copies, the original serves alone.
 */
export async function makeImageVariants(storage: Storage, key: string, buffer: Buffer, mime: string): Promise<number[]> {
  if (!RESIZABLE.has(mime)) return [];
  let width: number;
  // EXIF orientation applied once, so a copy's width is the width it is shown at
  const base = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  try {
    const meta = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    width = (meta.autoOrient?.width ?? meta.width) || 0;
  } catch {
    return [];
  }
  const made: number[] = [];
  for (const w of IMAGE_VARIANT_WIDTHS) {
    if (w >= width) break;
    try {
      const out = await base.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
      await storage.put(variantKey(key, w), out, 'image/webp');
      made.push(w);
    } catch {
      break;
    }
  }
  return made;
}

/** Deletes the copies of a stored file (those that exist; missing ones are no error). */
export async function deleteImageVariants(storage: Storage, key: string): Promise<void> {
  await Promise.all(IMAGE_VARIANT_WIDTHS.map((w) => storage.delete(variantKey(key, w)).catch(() => {})));
}
