// Where a page's main-thread JavaScript goes: cold loads of one page of the built app (web/dist) in
// headless Chromium at a phone's size, a CPU profile each, self time summed by package and by source
// line through the build's source maps. Unthrottled: compare two builds in the same run of the
// machine, never with Lighthouse's ×4 figures.
//
//   XUETU_SOURCEMAP=1 npm run build
//   npm run bench:profile -- /dashboard            (signed in as learner01; PROFILE_RUNS=3)
//   npm run bench:profile -- /home --visitor
//   WEB_DIST=/tmp/other-dist npm run bench:profile -- /home   (another build: the server serves it too)
//
// Without source maps the rows name the built chunks. "(program)" is the browser's own work outside
// JavaScript (parsing, style, layout); "(idle)" is waiting.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { startAppServer } from '../../e2e/budget/server';

// WEB_DIST=<dir>: a build elsewhere (`npx vite build --outDir <dir>`), served and mapped instead of web/dist
const ASSETS = process.env.WEB_DIST
  ? join(process.env.WEB_DIST, 'assets')
  : join(dirname(fileURLToPath(import.meta.url)), '../../web/dist/assets');
const args = process.argv.slice(2);
let path = args.find((a) => a.startsWith('/')) ?? '/dashboard';
const visitor = args.includes('--visitor');
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
// PROFILE_TASKS=<ms>: also list each busy stretch of the main thread of at least that many ms (a
// long task under Lighthouse's slowdown), with the app's frames that ran in it
const TASK_MS = Number(process.env.PROFILE_TASKS ?? 0);
const SHOW = Number(process.env.PROFILE_ROWS ?? 30);

interface CallFrame {
  url: string;
  functionName: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  startTime: number;
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function mapFor(chunk: string): SourceMapConsumer | null {
  if (!maps.has(chunk)) {
    const file = join(ASSETS, `${chunk}.map`);
    maps.set(chunk, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(chunk) ?? null;
}

/** `pkg` (a node_modules package, `app:<file>` or the chunk) and `line` (source file, line, name) of a frame. */
function placeOf(frame: CallFrame): { pkg: string; line: string } {
  if (!frame.url) {
    const native = `(${frame.functionName.replace(/^\(|\)$/g, '') || 'native'})`;
    return { pkg: native, line: native };
  }
  const chunk = frame.url.split('/').pop()?.split('?')[0] ?? frame.url;
  const map = frame.lineNumber >= 0 ? mapFor(chunk) : null;
  const pos = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos?.source) return { pkg: chunk, line: `${chunk} ${frame.functionName}` };
  const nm = pos.source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = pos.source.slice(nm + 'node_modules/'.length);
    const parts = rest.split('/');
    return { pkg: parts.slice(0, rest.startsWith('@') ? 2 : 1).join('/'), line: `${rest}:${pos.line} ${pos.name ?? ''}` };
  }
  const file = pos.source.includes('src/') ? pos.source.slice(pos.source.indexOf('src/')) : pos.source;
  return { pkg: `app:${file}`, line: `${file}:${pos.line} ${pos.name ?? ''}` };
}

/**
 * The profile's busy stretches (samples not idle, with no idle between) of at least TASK_MS: when
 * each began, how long it ran, and the app's innermost frames it spent the time under.
 */
function busyStretches(profile: Profile, frames: Map<number, CallFrame>): string[] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // every app frame on the sample's stack (inclusive time: the components a task rendered), or
  // the package of the sample's own frame when no app code is on it
  const appFramesOf = (id: number): string[] => {
    const out = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frames.get(at);
      const place = frame ? placeOf(frame) : null;
      if (place?.pkg.startsWith('app:')) out.add(place.line.replace(/^src\//, ''));
    }
    if (!out.size) {
      const own = frames.get(id);
      out.add(own ? placeOf(own).pkg : '?');
    }
    return [...out];
  };
  const out: string[] = [];
  let t = 0;
  let start = -1;
  let spent = new Map<string, number>();
  const close = (end: number) => {
    if (start >= 0 && end - start >= TASK_MS) {
      const top = [...spent]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
        .join('; ');
      out.push(`  at ${start.toFixed(0).padStart(5)} ms, ${(end - start).toFixed(1).padStart(5)} ms: ${top}`);
    }
    start = -1;
    spent = new Map();
  };
  profile.samples.forEach((id, k) => {
    const ms = (profile.timeDeltas[k] ?? 0) / 1000;
    t += ms;
    const name = frames.get(id)?.functionName;
    if (name === '(idle)') {
      close(t);
      return;
    }
    if (start < 0) start = t - ms;
    for (const key of appFramesOf(id)) spent.set(key, (spent.get(key) ?? 0) + ms);
  });
  close(t);
  return out;
}

const server = await startAppServer(Number(process.env.PROFILE_PORT ?? 8397));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
});
const byPkg = new Map<string, number>();
const byLine = new Map<string, number>();
const add = (m: Map<string, number>, k: string, ms: number) => m.set(k, (m.get(k) ?? 0) + ms);
try {
  const token = visitor ? null : await server.signIn('learner01');
  // `{course}` in the path: the demo video course's code (the study page, /trainres/study?id={course})
  if (path.includes('{course}') && token) {
    const found = await server.call<{ models: { resCode: string; resName: string }[] }>(
      '/Api/Train_Manage/Train_Res/ShowCompanyTrainRes',
      { keyword: '安全生产基础', pageIndex: 1, pageSize: 20 },
      token,
    );
    const code = found.models.find((c) => c.resName === '安全生产基础')?.resCode;
    if (!code) throw new Error('web-profile: the demo course 安全生产基础 is not in the catalogue');
    path = path.replace('{course}', encodeURIComponent(code));
  }
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    if (token) await context.addCookies([{ name: 'Admin-Token', value: token, url: server.origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(server.origin + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    if (TASK_MS > 0) console.log(`run ${i + 1}\n${busyStretches(profile, frames).join('\n')}`);
    profile.samples.forEach((id, k) => {
      const frame = frames.get(id);
      if (!frame) return;
      const ms = (profile.timeDeltas[k] ?? 0) / 1000 / RUNS;
      const { pkg, line } = placeOf(frame);
      add(byPkg, pkg, ms);
      add(byLine, line, ms);
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const table = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, SHOW)
    .map(([k, ms]) => `${ms.toFixed(1).padStart(8)}  ${k}`)
    .join('\n');
const script = [...byPkg].filter(([k]) => !k.startsWith('(')).reduce((s, [, ms]) => s + ms, 0);
console.log(`${path}${visitor ? '' : ' (learner01)'}: ${RUNS} cold loads, ms of self time per load`);
console.log(
  `JavaScript in all: ${script.toFixed(0)} ms; the browser's own work ("(program)"): ${(byPkg.get('(program)') ?? 0).toFixed(0)} ms`,
);
console.log(`\nby package\n${table(byPkg)}\n\nby source line\n${table(byLine)}`);
if (maps.size && [...maps.values()].every((m) => !m))
  console.log('\n(no source maps in web/dist: build with XUETU_SOURCEMAP=1 to map the chunks)');
