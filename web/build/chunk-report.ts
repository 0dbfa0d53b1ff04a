import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const short = (id: string) => id.replace(/.*node_modules\//, 'npm:').replace(/.*\/web\/src\//, 'src/');

/**
 * `XUETU_CHUNK_REPORT=1 npm run build`: writes node_modules/.cache/xuetu-chunk-report/chunks.json (each output chunk:
 * its modules with their rendered size, its static and dynamic imports) and graph.json (each
 * module's importers), to find out why a module lands in a page's first load. Pair it with
 * `BUDGET_LIST=100 BUDGET_JSON=… npm run budget`, which lists the files a page fetched.
 */
export function chunkReport(): Plugin {
  return {
    name: 'xuetu-chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, unknown> = {};
      const graph: Record<string, { importers: string[] }> = {};
      for (const [file, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk') continue;
        chunks[file] = {
          imports: c.imports,
          dynamicImports: c.dynamicImports,
          modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [short(id), m.renderedLength])),
        };
        for (const id of Object.keys(c.modules)) {
          const info = this.getModuleInfo(id);
          if (info) graph[short(id)] = { importers: [...info.importers].map(short) };
        }
      }
      // under node_modules: out of the repository and of the linter's way
      const dir = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'xuetu-chunk-report');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'chunks.json'), JSON.stringify(chunks, null, 1));
      writeFileSync(join(dir, 'graph.json'), JSON.stringify(graph));
    },
  };
}
