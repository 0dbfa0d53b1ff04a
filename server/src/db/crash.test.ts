import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// A crash (kill -9) of the embedded server loses no committed data and the next start opens
// the database. Runs the real main.ts in a child process on a PGlite directory.
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: join(dataDir, 'db'),
      FILES_DIR: join(dataDir, 'files'),
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      // the demo seed's clips and renditions are not what this test is about: the committed samples
      // instead of ffmpeg (5–7 s of CPU a start on CI's two cores)
      FFMPEG_PATH: '/nonexistent/ffmpeg',
      FFPROBE_PATH: '/nonexistent/ffprobe',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  // up to 2 minutes: a loaded CI machine starts the embedded server slowly (initdb, migrations, seed)
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/prod-api/docs/json`);
      if (res.ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

const call = async (port: number, path: string, body: unknown, token?: string) =>
  (
    await fetch(`http://127.0.0.1:${port}/prod-api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { ydAuthorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  ).json();

describe('embedded database after kill -9', () => {
  it('keeps committed data and opens again', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const first = await start(port);
    const login = await call(port, '/Api/User/user_user/Login', { username: 'learner01', password: 'Xuetu@2026' });
    expect(login.success).toBe(true);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    const second = await start(port);
    try {
      const me = await call(port, '/Api/User/user_user/GetUserInfo', {}, login.data.token);
      expect(me).toMatchObject({ success: true, data: { accountCode: 'learner01' } });
    } finally {
      second.kill('SIGKILL');
    }
  });
});
