import type { OutputAsset } from 'rolldown';
import type { Plugin } from 'vite';
import { builtIndexHtml } from './index-html.ts';

/**
 * Puts the entry's small stylesheet into index.html (a `<style>`) instead of linking it: a linked
 * stylesheet holds the first paint for one more round trip, on a phone the largest part of it
 * (issue 15; Lighthouse "render-blocking requests"). Only below `maxBytes`; the file stays in
 * dist for anything else that links it. The CSP allows inline styles (antd inserts its own).
 */
export function inlineEntryCss(maxBytes = 8 * 1024): Plugin {
  return builtIndexHtml('xuetu-inline-entry-css', (html, bundle) =>
    html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (tag, file: string) => {
      const asset = bundle[file] as OutputAsset | undefined;
      if (asset?.type !== 'asset') return tag;
      const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
      if (Buffer.byteLength(css) > maxBytes || css.includes('</')) return tag;
      return `<style>${css}</style>`;
    }),
  );
}
