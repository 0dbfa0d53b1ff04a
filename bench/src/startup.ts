import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Seconds from starting a production node (the compiled server the systemd units run) to its
// first 200 on /prod-api/ready, and the CPU time the process spent to get there (issue 39 item 3).
// `npm run bench:startup` — PostgreSQL + Redis when DATABASE_URL/REDIS_URL are set (the database
// migrated by a first start that is not counted), else the embedded database with the demo data.
// Each start polls /ready every 50 ms; the CPU seconds come from /proc/<pid>/stat at the first 200.
// BENCH_STARTS sets how many starts (default 5); the median and range are printed with the load
// average, since a busy machine moves every figure.

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const main = join(root, 'server/dist/main.js');
const starts = Number(process.env.BENCH_STARTS ?? 5);
const port = Number(process.env.BENCH_STARTUP_PORT ?? 18931);
const ticks = 100; // USER_HZ on Linux

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks; // utime + stime, after the (comm) field
}

async function once(env: NodeJS.ProcessEnv): Promise<{ seconds: number; cpu: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/prod-api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { seconds: (performance.now() - t0) / 1000, cpu: cpuSeconds(child.pid!) };
      if (performance.now() - t0 > 120_000) throw new Error('not ready after 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main_() {
  const external = Boolean(process.env.DATABASE_URL);
  const dir = mkdtempSync(join(tmpdir(), 'xuetu-startup-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: external ? 'production' : 'development',
    PGLITE_DIR: join(dir, 'db'),
    FILES_DIR: join(dir, 'files'),
    SHUTDOWN_DELAY_MS: '0',
    SEED_DEMO: external ? 'false' : 'true',
  };
  try {
    const first = await once(env); // migrations (and the demo data when embedded): not counted
    const runs: { seconds: number; cpu: number }[] = [];
    for (let i = 0; i < starts; i++) runs.push(await once(env));
    const secs = runs.map((r) => r.seconds);
    const cpu = runs.map((r) => r.cpu);
    const [l1, l5] = loadavg();
    console.log(
      `${external ? 'PostgreSQL + Redis, production' : 'embedded PGlite, demo data'}: first start ${first.seconds.toFixed(1)} s; ` +
        `then ${starts} starts to /ready median ${median(secs).toFixed(2)} s (${Math.min(...secs).toFixed(2)}–${Math.max(...secs).toFixed(2)}), ` +
        `CPU ${median(cpu).toFixed(2)} s; ${cpus().length} cores, load average ${l1!.toFixed(1)} / ${l5!.toFixed(1)} (1/5 min)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main_();
