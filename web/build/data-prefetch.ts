import type { Plugin } from 'vite';
import { prefetchScript } from '../src/api/prefetch';

/**
 * Adds to index.html the inline script that starts the public pages' first API calls while the
 * JavaScript is still downloading (src/api/prefetch.ts; issue 15). The server's CSP allows it by
 * its sha256, computed from the built index.html.
 */
export function dataPrefetch(): Plugin {
  return {
    name: 'xuetu-data-prefetch',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => ({ html, tags: [{ tag: 'script', children: prefetchScript(), injectTo: 'head-prepend' }] }),
    },
  };
}
