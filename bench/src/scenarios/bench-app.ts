import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../server/src/app.ts';
import { DEMO_PASSWORD } from '../../../server/src/db/seed/demo.ts';

/** A fresh temporary folder for one in-process scenario's database and files (`xuetu-bench-<name>-…`). */
export const benchDir = (name: string) => mkdtempSync(join(tmpdir(), `xuetu-bench-${name}-`));

/**
 * The app an in-process scenario measures: an embedded database and files in `dir`, the demo
 * seed, rate limits and the captcha out of the way, no web app, no log. `env` adds to that (a
 * scenario's own settings, or DATABASE_URL to measure on PostgreSQL).
 */
export function buildBenchApp(dir: string, env: Record<string, unknown> = {}) {
  return buildApp({
    env: {
      PGLITE_DIR: join(dir, 'db'),
      FILES_DIR: join(dir, 'files'),
      SEED_DEMO: true,
      RATE_LIMIT_PER_MINUTE: 100_000_000,
      RATE_LIMIT_ANON_PER_MINUTE: 100_000_000,
      CAPTCHA_PROVIDER: 'none',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      ...env,
    },
    logger: false,
  });
}

/** Uploads `file` as an import's temporary file (UploadZFileByFormTemporarily) and answers its url. */
export async function uploadTemporary(
  app: Awaited<ReturnType<typeof buildApp>>['app'],
  headers: Record<string, string>,
  file: Buffer,
  name: string,
): Promise<string> {
  const boundary = '----xuetubench';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/Api/upload/Upload/UploadZFileByFormTemporarily',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json().data.url as string;
}

/** A demo account's session token on the scenario's app. */
export async function benchSignIn(app: Awaited<ReturnType<typeof buildApp>>['app'], username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/Api/User/user_user/Login',
    payload: { username, password: DEMO_PASSWORD },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

/** Calls below /prod-api with these headers; a refused call throws with its message. */
export const benchCaller =
  (app: Awaited<ReturnType<typeof buildApp>>['app'], headers: Record<string, string>) => async (path: string, body: unknown) => {
    const res = await app.inject({ method: 'POST', url: `/prod-api${path}`, headers, payload: body as object });
    const json = res.json();
    if (!json.success) throw new Error(`${path}: ${json.msg}`);
    return json;
  };
