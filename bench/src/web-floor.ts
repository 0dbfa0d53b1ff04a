// The floor of this machine for bench:web, measured in the same run as the app's pages: two
// reference pages that draw what a learner's first screen draws (a heading, a welcome paragraph,
// a dozen course rows, in Chinese so the CJK font is paid for as on the real pages), served
// brotli-compressed from loopback like the app:
// - floor-static: the HTML alone, no script;
// - floor-react: the same content rendered by React 19 (react-dom/client) after one fetch, the
//   bundle made here with esbuild (minified, production React), nothing else.
// A page of the app cannot score above what these score on the same browser and machine, so the
// report shows them beside the pages: when the static page itself is far under 100, the machine,
// not the app, is what the run mostly measured (ADR 0035, "The machine against the app").
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

const ROWS = Array.from({ length: 12 }, (_, i) => ({ name: `安全生产基础 第${i + 1}讲`, done: (i * 7) % 100 }));
const TITLE = '欢迎回来，学员';
const INTRO = '累计学习时长、已完成的课程、待参加的考试和最新通知都在这里。这一段文字和学员首页首屏的文字一样多，最大内容绘制落在正文上。';

const shell = (body: string, script = '') =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><meta name="description" content="学途基准页" /><title>学途 · 基准页</title><link rel="icon" href="data:," />${script}<style>body{margin:0;font:14px/1.6 system-ui,sans-serif;color:#1f2329}main{padding:16px}h1{font-size:20px;margin:0 0 12px}section{border:1px solid #dcdfe6;border-radius:8px;padding:16px;margin-bottom:12px}li{padding:8px 0;border-bottom:1px solid #ebeef5;list-style:none}ul{padding:0;margin:0}</style></head><body>${body}</body></html>`;

const STATIC_BODY = `<main><h1>${TITLE}</h1><section><p>${INTRO}</p></section><ul>${ROWS.map((r) => `<li>${r.name} · 已学 ${r.done}%</li>`).join('')}</ul></main>`;

const REACT_ENTRY = `
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
function Page() {
  const [data, setData] = useState(null);
  useEffect(() => { fetch('/floor/data.json').then((r) => r.json()).then(setData); }, []);
  if (!data) return null;
  return (
    <main>
      <h1>{data.title}</h1>
      <section><p>{data.intro}</p></section>
      <ul>{data.rows.map((r) => <li key={r.name}>{r.name} · 已学 {r.done}%</li>)}</ul>
    </main>
  );
}
createRoot(document.getElementById('root')).render(<Page />);
`;

export interface FloorServer {
  origin: string;
  /** the reference pages, by the name bench:web reports them under */
  pages: { name: 'floor-static' | 'floor-react'; path: string }[];
  stop: () => Promise<void>;
}

export async function startFloorServer(): Promise<FloorServer> {
  const bundle = await build({
    stdin: { contents: REACT_ENTRY, loader: 'jsx', resolveDir: here },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'error',
  });
  const files: Record<string, { type: string; body: string }> = {
    '/floor/static': { type: 'text/html; charset=utf-8', body: shell(STATIC_BODY) },
    '/floor/react': {
      type: 'text/html; charset=utf-8',
      body: shell('<div id="root"></div>', '<script type="module" src="/floor/react.js"></script>'),
    },
    '/floor/react.js': { type: 'text/javascript; charset=utf-8', body: bundle.outputFiles[0].text },
    '/floor/data.json': { type: 'application/json; charset=utf-8', body: JSON.stringify({ title: TITLE, intro: INTRO, rows: ROWS }) },
  };
  const compressed = new Map(Object.entries(files).map(([path, f]) => [path, brotliCompressSync(f.body)]));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const file = files[path];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': file.type,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    res.end(br ? compressed.get(path) : file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    pages: [
      { name: 'floor-static', path: '/floor/static' },
      { name: 'floor-react', path: '/floor/react' },
    ],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
