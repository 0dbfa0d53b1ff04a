// npm run bench:web (after npm run build): Lighthouse (mobile emulation, simulated slow 4G and
// 4x CPU slowdown, its defaults) on /home and /login of the built app, with the system Chromium.
// Prints scores and the main metrics, writes bench/results/web-<time>.json and web-latest.md,
// and exits 1 when a score is under WEB_MIN_SCORE (90, issue 15). Options (env): WEB_BENCH_PORT
// (default 8196), CHROMIUM_PATH, WEB_BENCH_RUNS (runs per page, median kept; default 1),
// WEB_BENCH_LHR_DIR (keep the full Lighthouse reports there).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { startAppServer } from '../../e2e/budget/server';

const here = dirname(fileURLToPath(import.meta.url));
const PAGES = ['/home', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const MIN_SCORE = Number(process.env.WEB_MIN_SCORE ?? 90);
const RUNS = Math.max(1, Number(process.env.WEB_BENCH_RUNS ?? 1));

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** milliseconds */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** bytes transferred for the whole page load */
  transferred: number;
  /** audits under 1 in the categories other than performance, for a score under the minimum */
  failing: string[];
  /** Lighthouse's measure of this machine's speed at the time (higher is faster; ~1000 is a slow laptop) */
  benchmarkIndex: number;
  /** the machine's 1-minute load average when the page was audited, and its core count */
  load: number;
}

/** Starts the system Chromium with a DevTools port for Lighthouse; nothing is downloaded. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'xuetu-lh-'));
  const child: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  process.once('exit', () => child.kill('SIGTERM'));
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await gone;
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${text.slice(-500)}`)));
  });
  return { port, stop };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function audit(chromePort: number, url: string): Promise<Omit<Row, 'page'>> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // the page is served over plain http on loopback in this run: HTTPS and HTTP/2 are the
    // deployment's business (reverse proxy), not the app's
    skipAudits: ['is-on-https', 'redirects-http', 'uses-http2'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // WEB_BENCH_LHR_DIR=<dir>: keep the full reports, to see which elements an audit names
  if (process.env.WEB_BENCH_LHR_DIR) {
    mkdirSync(process.env.WEB_BENCH_LHR_DIR, { recursive: true });
    writeFileSync(join(process.env.WEB_BENCH_LHR_DIR, `${new URL(url).pathname.slice(1) || 'root'}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = (['accessibility', 'best-practices'] as const).flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score !== null && (lhr.audits[r.id]?.score ?? 1) < 1)
      .map((r) => `${c}: ${r.id}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    transferred: num('total-byte-weight'),
    failing,
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    load: Math.round(loadavg()[0] * 10) / 10,
  };
}

function report(rows: Row[]): string {
  return [
    `## Lighthouse (mobile emulation, ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} per page)`,
    '',
    // the performance score follows the machine: its load and Lighthouse's benchmark index go with it
    `Measured ${new Date().toISOString()} on ${cpus().length} cores.`,
    '',
    '| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | transferred KB | load (1 min) | benchmark index |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.fcp.toFixed(0)} | ${r.lcp.toFixed(0)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.transferred / 1024).toFixed(1)} | ${r.load} | ${r.benchmarkIndex} |`,
    ),
  ].join('\n');
}

const server = await startAppServer(Number(process.env.WEB_BENCH_PORT ?? 8196));
const chromium = await startChromium();
const rows: Row[] = [];
try {
  for (const page of PAGES) {
    process.stderr.write(`  lighthouse ${page}\n`);
    const runs: Omit<Row, 'page'>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(chromium.port, `${server.origin}${page}`));
    const pick = (
      k: 'performance' | 'accessibility' | 'bestPractices' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'transferred' | 'benchmarkIndex' | 'load',
    ) => median(runs.map((r) => r[k]));
    rows.push({
      page,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      transferred: pick('transferred'),
      benchmarkIndex: pick('benchmarkIndex'),
      load: pick('load'),
      failing: [...new Set(runs.flatMap((r) => r.failing))],
    });
  }
} finally {
  await chromium.stop();
  await server.stop();
}

const text = report(rows);
console.log(`\n${text}\n`);
const out = join(here, '..', 'results');
mkdirSync(out, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(out, `web-${stamp}.json`), JSON.stringify({ rows, runs: RUNS, minScore: MIN_SCORE }, null, 2));
writeFileSync(join(out, 'web-latest.md'), `${text}\n`);

const low = rows.flatMap((r) =>
  (['performance', 'accessibility', 'bestPractices'] as const).filter((k) => r[k] < MIN_SCORE).map((k) => `${r.page} ${k} ${r[k]}`),
);
if (low.length) {
  console.log(`under ${MIN_SCORE}: ${low.join(', ')}`);
  for (const r of rows) if (r.failing.length) console.log(`${r.page} audits not passed: ${r.failing.join(', ')}`);
  process.exitCode = 1;
}
