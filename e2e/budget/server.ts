import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_MAIN = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
export const DEMO_PASSWORD = 'Xuetu@2026';

export interface AppServer {
  origin: string;
  /** signs in through the API, returns the session token */
  signIn(account: string): Promise<string>;
  /** POSTs to the API (path after /prod-api) and returns the envelope's data; throws on a failure envelope */
  call<T>(path: string, body: unknown, token?: string): Promise<T>;
  /** urls of every page in the account's menu */
  menuUrls(account: string): Promise<string[]>;
  stop(): Promise<void>;
}

interface MenuNode {
  url?: string;
  child?: MenuNode[];
}

/** Starts the built app (web/dist) on a fresh embedded database with the demo accounts. */
export async function startAppServer(port: number): Promise<AppServer> {
  const origin = `http://127.0.0.1:${port}`;
  const busy = await fetch(`${origin}/`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is already in use: stop that server or choose another port`);
  const data = mkdtempSync(join(tmpdir(), 'xuetu-budget-'));
  // always the embedded database and cache, whatever the caller's shell points at
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: join(data, 'db'),
      FILES_DIR: join(data, 'files'),
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'outbox',
      CAPTCHA_PROVIDER: 'none',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_ANON_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // never leave the server behind, whatever ends this process
  process.once('exit', () => child.kill('SIGTERM'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  // APP_SERVER_START_MS: longer on a loaded machine (the first start seeds the demo data)
  const deadline = Date.now() + Number(process.env.APP_SERVER_START_MS || 120_000);
  for (;;) {
    if (exited) throw new Error('the app server exited before it answered');
    const ok = await fetch(`${origin}/prod-api/docs/json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the app server did not answer on ${origin}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${origin}/prod-api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { ydAuthorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; msg: string; data: unknown };
    if (!json.success) throw new Error(`${path}: ${json.msg}`);
    return json.data;
  };
  const signIn = async (account: string) =>
    ((await post('/Api/User/user_user/Login', { username: account, password: DEMO_PASSWORD })) as { token: string }).token;

  return {
    origin,
    signIn,
    call: async <T>(path: string, body: unknown, token?: string) => (await post(path, body, token)) as T,
    async menuUrls(account) {
      const menus = (await post('/Api/SysConfig/sys_action/GetUserMenuList', {}, await signIn(account))) as MenuNode[];
      const urls: string[] = [];
      const walk = (nodes: MenuNode[]) => {
        for (const n of nodes) {
          if (n.url) urls.push(n.url);
          if (n.child?.length) walk(n.child);
        }
      };
      walk(menus);
      return [...new Set(urls)];
    },
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}
