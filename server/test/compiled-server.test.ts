import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error the build script is plain JavaScript (it runs without tsx)
import { buildServer } from '../scripts/build.mjs';

// Production runs the compiled server (issue 39 item 3): built as `npm start` builds it, started on
// a fresh embedded database with the demo seed, it must answer /ready — so the bundle finds every
// file it reads at run time (the migrations, the demo's sample files) — and each worker module
// it starts must load on its own.

const SERVER = join(import.meta.dirname, '..');
// inside server/node_modules, so the bundle resolves its packages as server/dist does
const cacheDir = join(SERVER, 'node_modules/.cache');
mkdirSync(cacheDir, { recursive: true });
const outdir = mkdtempSync(join(cacheDir, 'xuetu-dist-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-compiled-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

it('the compiled server starts on a fresh embedded database and answers /ready; its workers load', { timeout: 400_000 }, async () => {
  const entries: string[] = await buildServer(outdir);
  expect(entries).toContain('main');

  for (const name of entries.filter((e) => e !== 'main')) {
    // the first message a worker module sends says it loaded (serveOffLoop's ready); an error fails
    const worker = new Worker(pathToFileURL(join(outdir, `${name}.js`)));
    const loaded = await new Promise<string>((resolve) => {
      worker.once('message', () => resolve('loaded'));
      worker.once('error', (err) => resolve(`${name}: ${String(err)}`));
      worker.once('exit', (code) => resolve(`${name}: exited ${code}`));
    });
    await worker.terminate();
    expect(loaded).toBe('loaded');
  }

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    PGLITE_DIR: join(dataDir, 'db'),
    FILES_DIR: join(dataDir, 'files'),
    SEED_DEMO: 'true',
    SHUTDOWN_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
  };
  // the embedded database and cache, whatever the test run uses
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  let output = '';
  const proc = spawn(process.execPath, [join(outdir, 'main.js')], { cwd: dataDir, env });
  child = proc;
  proc.stdout?.on('data', (d) => {
    output += d;
  });
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  let running = true;
  const exited = new Promise<string>((resolve) =>
    proc.once('exit', (code) => {
      running = false;
      resolve(`exited ${code}`);
    }),
  );

  const ready = async (): Promise<string> => {
    while (running) {
      const res = await fetch(`http://127.0.0.1:${port}/prod-api/ready`).catch(() => null);
      if (res?.status === 200) return 'ready';
      await new Promise((r) => setTimeout(r, 200));
    }
    return 'exited';
  };
  const outcome = await Promise.race([ready(), exited]);
  expect(outcome, output).toBe('ready');

  proc.kill('SIGTERM');
  expect(await exited, output).toBe('exited 0');
  child = undefined;
});
