import type { OutputAsset, OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Puts the entry's small stylesheet into index.html (a `<style>`) instead of linking it: a linked
 * stylesheet holds the first paint for one more round trip, on a phone the largest part of it
 * (issue 15; Lighthouse "render-blocking requests"). Only below `maxBytes`; the file stays in
 * dist for anything else that links it. The CSP allows inline styles (antd inserts its own).
 */
export function inlineEntryCss(maxBytes = 8 * 1024): Plugin {
  return {
    name: 'xuetu-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file] as OutputAsset | undefined;
          if (asset?.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
          if (Buffer.byteLength(css) > maxBytes || css.includes('</')) return tag;
          return `<style>${css}</style>`;
        });
      },
    },
  };
}
