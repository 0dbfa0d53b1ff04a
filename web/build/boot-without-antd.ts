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

/** antd and its runtime; not the icons (@ant-design/icons and the colours they are drawn in) */
const ANTD = /[\\/]node_modules[\\/](antd|@ant-design[\\/](?!icons|icons-svg|colors|fast-color)[^\\/]+)[\\/]/;

/**
 * Fails the build when what every page loads first (the entry and the chunks it imports
 * statically) holds any of antd (ADR 0050: antd's configuration loads beside each page outside
 * the layout, and with the layout's antd parts), or when the layout or a lean learner page does
 * (`lean`: their absolute module paths; they paint their first screen without antd).
 */
export function bootWithoutAntd(lean: string[] = []): Plugin {
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
      const antdIn = (start: OutputChunk) =>
        [...staticClosure(chunks, start)].flatMap((f) =>
          (chunks.get(f)?.moduleIds ?? []).filter((id) => ANTD.test(id)).map((id) => `${f}: ${id}`),
        );
      const starts: [string, OutputChunk][] = [['the first load', entry]];
      for (const module of lean) {
        const chunk = [...chunks.values()].find((c) => c.facadeModuleId === module);
        if (!chunk) this.error(`boot-without-antd: ${module} is not a chunk of its own`);
        starts.push([module, chunk]);
      }
      for (const [what, start] of starts) {
        const antd = antdIn(start);
        if (antd.length) this.error(`boot-without-antd: ${what} holds antd (ADR 0050):\n${antd.slice(0, 10).join('\n')}`);
      }
    },
  };
}
