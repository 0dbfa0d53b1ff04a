import { IMAGE_VARIANT_WIDTHS } from '@xuetu/contract';

// The portal's images at the size they are shown (issue 15; docs/adr/0020-image-variants.md).
// A public image uploaded to the server has resized WebP copies at IMAGE_VARIANT_WIDTHS;
// `/prod-api/files/<key>?w=<px>` answers the smallest copy at least that wide, or the original
// when it is narrower. Other addresses (external URLs, signed links) are used as they are.

/** a stored upload's address (it has resized copies); api/prefetch.ts PREFETCH_IMAGE repeats it */
export const STORED = /^\/prod-api\/files\/[^?#]+$/;

/** The address of `url` at about `width` px, when it is a stored upload; `url` otherwise. */
export function sizedUrl(url: string, width: number): string {
  return STORED.test(url) ? `${url}?w=${width}` : url;
}

/** A `srcset` of every copy width for a stored upload; undefined for any other address. */
export function srcSetOf(url: string): string | undefined {
  if (!STORED.test(url)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

/** `src`, `srcSet` and `sizes` for an <img> of a stored upload shown `sizes` wide. */
export function responsiveImg(url: string, sizes: string, fallbackWidth = 640): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = srcSetOf(url);
  return srcSet ? { src: sizedUrl(url, fallbackWidth), srcSet, sizes } : { src: url };
}
