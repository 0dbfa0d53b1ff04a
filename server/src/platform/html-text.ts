import { decodeEntities, dropTags } from '@xuetu/contract';

/**
 * Text of stored rich HTML: tags dropped (each replaced by `tagGap`) and entities decoded in one
 * pass (so "&amp;lt;" stays the text "&lt;"). Linear in its input (contract html-plain.ts).
 */
export function htmlText(html: string, tagGap = ' '): string {
  return decodeEntities(dropTags(html, tagGap));
}

/** One line of rich HTML's text, at most `max` characters; `ellipsis` marks a cut with "…". */
export function htmlExcerpt(html: string, max: number, opts: { ellipsis?: boolean } = {}): string {
  const text = htmlText(html).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  return opts.ellipsis ? `${text.slice(0, max)}…` : text.slice(0, max);
}
