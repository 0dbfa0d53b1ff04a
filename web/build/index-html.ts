import type { OutputBundle } from 'rolldown';
import type { IndexHtmlTransformResult, Plugin } from 'vite';

/**
 * A build-only plugin that rewrites index.html last, once the bundle is known (every chunk and
 * asset by file name): what inlining the entry's stylesheet and preloading the pages' chunks share.
 */
export function builtIndexHtml(name: string, transform: (html: string, bundle: OutputBundle) => IndexHtmlTransformResult): Plugin {
  return {
    name,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        return bundle ? transform(html, bundle) : html;
      },
    },
  };
}
