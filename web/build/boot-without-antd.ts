import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** The chunks `start` imports statically, itself included, by file name. */
export function staticClosure(chunks: Map<string, OutputChunk>, start: OutputChunk): Set<string> {
  const seen = new Set<string>();
  const walk = (c: OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const f of c.imports) {
      const next = chunks.get(f);
      if (next) walk(next);
    }
  };
  walk(start);
  return seen;
}

/**
 * Fails the build when what every page loads first (the entry and the chunks it imports
 * statically) holds any of antd (ADR 0050: antd's configuration loads beside each page outside
 * the layout, and with the layout; a lean learner page must be able to do without it).
 */
export function bootWithoutAntd(): Plugin {
  return {
    name: 'xuetu-boot-without-antd',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((c): c is OutputChunk => c.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return;
      const seen = staticClosure(chunks, entry);
      const antd = [...seen].flatMap((f) =>
        (chunks.get(f)?.moduleIds ?? [])
          .filter((id) => /[\\/]node_modules[\\/](antd|@ant-design)[\\/]/.test(id))
          .map((id) => `${f}: ${id}`),
      );
      if (antd.length) this.error(`boot-without-antd: the first load holds antd (ADR 0050):\n${antd.slice(0, 10).join('\n')}`);
    },
  };
}
