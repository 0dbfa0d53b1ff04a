import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// npm run bench: each scenario against the real app, reported as req/s and p50/p99 latency and as
// ratios to baseline A (a constant) and baseline B (one SELECT 1) measured in the same run, on
// the embedded database and, when DATABASE_URL is set, on PostgreSQL too.
const here = dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Scenario {
  name: string;
  requests: { method: 'POST' | 'GET'; path: string; body?: string; headers?: Record<string, string> }[];
}

interface Row {
  database: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function startServer(env: NodeJS.ProcessEnv) {
  // BENCH_SERVER_NODE_ARGS adds node flags to the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', join(here, 'server.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const info = JSON.parse(line) as { port: number; database: string; cache: string; filesDir: string };
  return { ...info, stop: () => child.kill('SIGTERM') };
}

function run(port: number, scenario: Scenario): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        pipelining: 1,
        duration: SECONDS,
        requests: scenario.requests.map((r) => ({
          method: r.method,
          path: r.path,
          body: r.body,
          headers: { 'content-type': 'application/json', ...r.headers },
        })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const post = (path: string, body: unknown = {}, headers?: Record<string, string>) => ({
  method: 'POST' as const,
  path: path.startsWith('/prod-api') ? path : `/prod-api${path}`,
  body: JSON.stringify(body),
  headers,
});

async function scenariosFor(port: number): Promise<Scenario[]> {
  const login = await fetch(`http://127.0.0.1:${port}/prod-api/Api/User/user_user/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'learner01', password: 'Xuetu@2026' }),
  }).then((r) => r.json());
  const auth = { ydAuthorization: `Bearer ${login.data.token}` };
  const list: Scenario[] = [
    { name: 'baseline A: constant', requests: [post('/__bench/constant')] },
    { name: 'baseline B: SELECT 1', requests: [post('/__bench/select1')] },
    { name: 'GetUserInfo (session)', requests: [post('/Api/User/user_user/GetUserInfo', {}, auth)] },
    { name: 'GetUserMenuList (session)', requests: [post('/Api/SysConfig/sys_action/GetUserMenuList', {}, auth)] },
  ];
  // scenarios contributed by feature areas, when present
  const homeFile = join(here, 'scenarios', 'home.ts');
  if (existsSync(homeFile)) {
    const { homeCalls } = (await import(homeFile)) as { homeCalls: { path: string; body: unknown }[] };
    list.push({ name: `home page, anonymous (${homeCalls.length} calls, per call)`, requests: homeCalls.map((c) => post(c.path, c.body)) });
  }
  const mediaFile = join(here, 'scenarios', 'media.ts');
  if (existsSync(mediaFile)) {
    const { mediaScenarios } = (await import(mediaFile)) as { mediaScenarios: (port: number) => Promise<Scenario[]> };
    list.push(...(await mediaScenarios(port)));
  }
  return list;
}

type Server = { port: number; database: string; cache: string };
type AutocannonResult = Awaited<ReturnType<typeof run>>;

function resultRow(database: string, scenario: string, r: AutocannonResult): Row {
  return { database, scenario, reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/** A scenario file that checks its own results under load (study heartbeats, exam taking). */
interface LoadScenario {
  file: string;
  title: string;
  skip: boolean;
  load(port: number): Promise<{ rows: Omit<Row, 'database' | 'non2xx'>[]; lines: string[]; failures: string[] }>;
  lines: string[];
  failures: string[];
}

/**
 * The load scenario of scenarios/<name>.ts (loaded when it runs, then handed to `bench`); skipped with
 * BENCH_SKIP_<NAME>=1.
 */
function loadScenario<M>(name: string, title: string, bench: (module: M, port: number) => ReturnType<LoadScenario['load']>): LoadScenario {
  const file = `${name}.ts`;
  return {
    file,
    title,
    skip: process.env[`BENCH_SKIP_${name.toUpperCase()}`] === '1',
    load: async (port) => bench((await import(join(here, 'scenarios', file))) as M, port),
    lines: [],
    failures: [],
  };
}

const loadScenarios = {
  // study heartbeats run on the system clock: before the exam scenarios move it
  study: loadScenario<typeof import('./scenarios/study.ts')>('study', 'Study heartbeats under load (issue 13)', (m, port) =>
    m.benchStudy(port),
  ),
  // 1,000 learners practising at once (issue 39 item 1), on the system clock too
  practice: loadScenario<typeof import('./scenarios/practice.ts')>(
    'practice',
    'Practice at exam scale: 1,000 learners at 50 connections (issue 39 item 1)',
    (m, port) => m.benchPractice(port),
  ),
  // the exam scenarios run last on a server: they move its clock past their deadlines
  exam: loadScenario<typeof import('./scenarios/exam.ts')>('exam', 'Exam taking under load (issue 14)', (m, port) => m.benchExam(port)),
  // on a server of its own with the production rate limits (every other server has them out of the way)
  office: loadScenario<typeof import('./scenarios/office.ts')>(
    'office',
    'One office behind one address: 300 learners studying and taking an exam (issue 21)',
    (m, port) => m.benchOffice(port),
  ),
} satisfies Record<string, LoadScenario>;

async function benchDatabase(label: string, env: NodeJS.ProcessEnv): Promise<Row[]> {
  const only = process.env.BENCH_ONLY;
  if (only === 'office') return benchOffice(label, env, []);
  const server = await startServer(env);
  const rows: Row[] = [];
  const database = `${label} (${server.database}, ${server.cache} cache)`;
  try {
    if (only === 'exam' || only === 'study' || only === 'practice') return await benchLoadOn(loadScenarios[only], label, server, rows);
    for (const scenario of await scenariosFor(server.port)) {
      const r = await run(server.port, scenario);
      rows.push(resultRow(database, scenario.name, r));
      process.stderr.write(`  ${label}: ${scenario.name} — ${Math.round(r.requests.average)} req/s\n`);
    }
    await benchLoadOn(loadScenarios.study, label, server, rows);
    await benchLoadOn(loadScenarios.practice, label, server, rows);
    await benchLoadOn(loadScenarios.exam, label, server, rows);
  } finally {
    server.stop();
  }
  return benchOffice(label, env, rows);
}

/** The office scenario on a server of its own, with the rate limits as deployed. */
async function benchOffice(label: string, env: NodeJS.ProcessEnv, rows: Row[]): Promise<Row[]> {
  if (loadScenarios.office.skip) return rows;
  const server = await startServer({ ...env, BENCH_PRODUCTION_LIMITS: '1' });
  try {
    return await benchLoadOn(loadScenarios.office, label, server, rows);
  } finally {
    server.stop();
  }
}

async function benchLoadOn(spec: LoadScenario, label: string, server: Server, rows: Row[]): Promise<Row[]> {
  if (!existsSync(join(here, 'scenarios', spec.file)) || spec.skip) return rows;
  const database = `${label} (${server.database}, ${server.cache} cache)`;
  // baseline A and B at the usual connections, so the table's ratios exist on a partial run too
  if (!rows.length)
    for (const scenario of (await scenariosFor(server.port)).slice(0, 2))
      rows.push(resultRow(database, scenario.name, await run(server.port, scenario)));
  const result = await spec.load(server.port);
  for (const r of result.rows) rows.push({ ...r, database, non2xx: 0 });
  spec.lines.push(`### ${database}`, '', ...result.lines, '');
  spec.failures.push(...result.failures.map((f) => `${label}: ${f}`));
  for (const line of result.lines) process.stderr.write(`  ${label}: ${line}\n`);
  return rows;
}

function report(rows: Row[]): string {
  const lines = [
    `# Xuetu benchmark — ${new Date().toISOString()}`,
    '',
    `autocannon, ${CONNECTIONS} connections, no pipelining, ${SECONDS} s per scenario, Node ${process.version}, ${cpus().length} cores, load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1/5/15 min; a busy machine moves every number).`,
    'Ratios compare req/s with the baselines measured in the same run on the same database.',
    '',
    '| database | scenario | req/s | p50 ms | p99 ms | ÷ A | ÷ B | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const db of [...new Set(rows.map((r) => r.database))]) {
    const group = rows.filter((r) => r.database === db);
    const a = group.find((r) => r.scenario.startsWith('baseline A'))!.reqPerSec;
    const b = group.find((r) => r.scenario.startsWith('baseline B'))!.reqPerSec;
    for (const r of group) {
      lines.push(
        `| ${db} | ${r.scenario} | ${Math.round(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${(r.reqPerSec / a).toFixed(2)} | ${(r.reqPerSec / b).toFixed(2)} | ${r.errors + r.non2xx} |`,
      );
    }
  }
  return lines.join('\n');
}

// BENCH_ONLY=itemanalysis: the item analysis timing alone (issue 26 item 4), in this process
if (process.env.BENCH_ONLY === 'itemanalysis') {
  const { benchItemAnalysis } = (await import(join(here, 'scenarios', 'itemanalysis.ts'))) as typeof import('./scenarios/itemanalysis.ts');
  const { text, ok } = await benchItemAnalysis();
  console.log(text);
  mkdirSync(join(here, '..', 'results'), { recursive: true });
  writeFileSync(join(here, '..', 'results', 'itemanalysis-latest.md'), `${text}\n`);
  process.exit(ok ? 0 : 1);
}

// BENCH_ONLY=lists: the first screen of four lists with a large company (issue 39 item 6), in this process
if (process.env.BENCH_ONLY === 'lists') {
  const { benchLists } = (await import(join(here, 'scenarios', 'lists.ts'))) as typeof import('./scenarios/lists.ts');
  const { text, ok } = await benchLists();
  console.log(text);
  mkdirSync(join(here, '..', 'results'), { recursive: true });
  writeFileSync(join(here, '..', 'results', process.env.BENCH_LISTS_OUT ?? 'lists-latest.md'), `${text}\n`);
  process.exit(ok ? 0 : 1);
}

// BENCH_ONLY=qimport: question bank import speed (issue 27), embedded and (DATABASE_URL) PostgreSQL
if (process.env.BENCH_ONLY === 'qimport') {
  const { benchQuestionImport } = (await import(join(here, 'scenarios', 'qimport.ts'))) as typeof import('./scenarios/qimport.ts');
  const lines = [
    `# Xuetu benchmark: question import — ${new Date().toISOString()}`,
    '',
    `Node ${process.version}, ${cpus().length} cores, load average at the start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' / ',
      )}. Questions per second of ImportCheck and Import through the real calls; ÷ xlsx: the Moodle XML rate over the xlsx rate of the same run.`,
    '',
    '| database | file | size | check q/s | import q/s | check ÷ xlsx | import ÷ xlsx |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...(await benchQuestionImport('embedded', { DATABASE_URL: '', REDIS_URL: '' })),
  ];
  if (process.env.DATABASE_URL)
    lines.push(...(await benchQuestionImport('postgres', { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: '' })));
  const text = lines.join('\n');
  console.log(text);
  mkdirSync(join(here, '..', 'results'), { recursive: true });
  writeFileSync(join(here, '..', 'results', 'qimport-latest.md'), `${text}\n`);
  process.exit(0);
}

const rows: Row[] = [];
const baseEnv = { ...process.env };
delete baseEnv.DATABASE_URL;
delete baseEnv.REDIS_URL;
// BENCH_ONLY=segments: segment delivery through nginx (scenarios/segments.ts), a report of its own
if (process.env.BENCH_ONLY === 'segments') {
  const { benchSegments } = (await import(join(here, 'scenarios', 'segments.ts'))) as typeof import('./scenarios/segments.ts');
  const result = await benchSegments(startServer, baseEnv);
  const text = [
    `# Xuetu benchmark: HLS segments through the deployment — ${new Date().toISOString()}`,
    '',
    `Node ${process.version}, ${cpus().length} cores, load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1/5/15 min; a busy machine moves every number: compare the ratios of one run).`,
    '',
    ...result.lines,
    '',
    result.failures.length ? `**Checks failed:**\n${result.failures.map((f) => `- ${f}`).join('\n')}` : 'All segments checks passed.',
  ].join('\n');
  console.log(text);
  const out = join(here, '..', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'segments-latest.md'), `${text}\n`);
  for (const f of result.failures) process.stderr.write(`BENCH CHECK FAILED: ${f}\n`);
  process.exit(result.failures.length ? 1 : 0);
}
// BENCH_SKIP_EMBEDDED=1: PostgreSQL only (DATABASE_URL), e.g. while profiling its server
if (process.env.BENCH_SKIP_EMBEDDED !== '1') rows.push(...(await benchDatabase('embedded', baseEnv)));
if (process.env.DATABASE_URL) rows.push(...(await benchDatabase('postgres', { ...process.env })));
if (Object.values(loadScenarios).some((spec) => spec.failures.length))
  for (const spec of Object.values(loadScenarios))
    for (const failure of spec.failures) process.stderr.write(`BENCH CHECK FAILED: ${failure}\n`);

const extra: string[] = [];
const importFile = join(here, 'scenarios', 'import.ts');
if (existsSync(importFile) && process.env.BENCH_SKIP_IMPORT !== '1' && !process.env.BENCH_ONLY) {
  const { benchImport } = (await import(importFile)) as { benchImport: () => Promise<{ name: string; seconds: number }[]> };
  extra.push('', '## Bulk work', '', '| task | seconds |', '|---|---:|');
  for (const r of await benchImport()) extra.push(`| ${r.name} | ${r.seconds.toFixed(2)} |`);
}

const mediaBench = join(here, 'scenarios', 'media.ts');
if (
  existsSync(mediaBench) &&
  process.env.BENCH_SKIP_UPLOAD !== '1' &&
  process.env.BENCH_ONLY !== 'study' &&
  process.env.BENCH_ONLY !== 'office' &&
  process.env.BENCH_ONLY !== 'practice'
) {
  const { benchMediaUpload } = (await import(mediaBench)) as { benchMediaUpload: () => Promise<{ name: string; seconds: number }[]> };
  extra.push('', '## Media upload', '', '| task | seconds |', '|---|---:|');
  for (const r of await benchMediaUpload()) extra.push(`| ${r.name} | ${r.seconds.toFixed(2)} |`);
}
for (const spec of Object.values(loadScenarios))
  if (spec.lines.length)
    extra.push(
      '',
      `## ${spec.title}`,
      '',
      ...spec.lines,
      spec.failures.length
        ? `**Checks failed:**\n${spec.failures.map((f) => `- ${f}`).join('\n')}`
        : `All ${spec.file.replace('.ts', '')} checks passed.`,
    );

const text = report(rows) + extra.join('\n');
console.log(text);
const out = join(here, '..', 'results');
mkdirSync(out, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(out, `${stamp}.json`), JSON.stringify({ rows, seconds: SECONDS, connections: CONNECTIONS }, null, 2));
// a partial run (BENCH_ONLY=exam or study) keeps the full run's latest.md
writeFileSync(join(out, process.env.BENCH_ONLY ? `${process.env.BENCH_ONLY}-latest.md` : 'latest.md'), `${text}\n`);
if (Object.values(loadScenarios).some((spec) => spec.failures.length)) process.exitCode = 1;
