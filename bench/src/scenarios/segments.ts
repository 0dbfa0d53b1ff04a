import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { SEGMENT_BYTES } from './segments-fixtures.ts';

// BENCH_ONLY=segments (issue 25 item 3): HLS segment throughput through the reference deployment
// — nginx with deploy/nginx/xuetu.conf's upstreams and xuetu-proxy.conf as they are (only the node
// address and the internal location's alias pointed here) in front of one node with
// FILES_ACCEL_REDIRECT — against that nginx sending the same file directly. Reference: the node
// sending the bytes itself (the embedded default), against nginx again in the same phase. A third
// column (ADR 0046): the node also has FILES_SECURE_LINK_SECRET, and the segment URL is the one a
// real play list fetched through nginx carries, /_seg/<key>?md5=…&expires=…, which nginx checks
// itself (secure_link) without asking the node. The goal (≥ 0.8) applies to the better path.
// Not part of the full run (it needs nginx) nor of CI.
const here = dirname(fileURLToPath(import.meta.url));
const deploy = join(here, '..', '..', '..', 'deploy', 'nginx');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_SEGMENT_ROUNDS ?? 3);
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? 9180);
const exec = promisify(execFile);
/** the secret nginx's /_seg/ location and the node share (xuetu-proxy.conf's placeholder replaced) */
const SECRET_PLACEHOLDER = 'CHANGE_ME_TO_FILES_SECURE_LINK_SECRET';
const SECURE_LINK_SECRET = randomBytes(24).toString('base64url');

type Server = { port: number; filesDir: string; stop: () => void };
export type StartServer = (env: NodeJS.ProcessEnv) => Promise<Server>;

interface Measure {
  reqPerSec: number;
  mbPerSec: number;
  non2xx: number;
}

async function hasWrk(): Promise<boolean> {
  return exec('wrk', ['--version']).then(
    () => true,
    (err: { stdout?: string }) => /^wrk /.test(err.stdout ?? ''),
  );
}

/** wrk when installed (C: the client is not the bottleneck at GB/s), else autocannon. */
async function measure(url: string, tool: 'wrk' | 'autocannon'): Promise<Measure> {
  if (tool === 'wrk') {
    const { stdout } = await exec('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, url], { maxBuffer: 1 << 20 });
    const reqPerSec = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    return { reqPerSec, mbPerSec: (reqPerSec * SEGMENT_BYTES) / 1e6, non2xx };
  }
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { reqPerSec: r.requests.average, mbPerSec: r.throughput.average / 1e6, non2xx: r.non2xx };
}

/** The http-level part of deploy/nginx/xuetu.conf (upstreams, map, log format) on this node. */
function httpHead(nodePort: number): string {
  const conf = readFileSync(join(deploy, 'xuetu.conf'), 'utf8');
  const head = conf.slice(0, conf.indexOf('# Plain HTTP'));
  return head
    .split('\n')
    .filter((l) => !/^ *server 10\./.test(l))
    .map((l) => (/^upstream xuetu_[a-z]+ \{$/.test(l) ? `${l}\n    server 127.0.0.1:${nodePort} max_fails=1 fail_timeout=10s;` : l))
    .join('\n');
}

async function startNginx(tmp: string, nodePort: number, filesDir: string): Promise<() => Promise<void>> {
  mkdirSync(join(tmp, 'logs'), { recursive: true });
  mkdirSync(join(tmp, 'temp'), { recursive: true });
  const proxy = readFileSync(join(deploy, 'xuetu-proxy.conf'), 'utf8');
  if (!proxy.includes('alias /var/lib/xuetu/files/;')) throw new Error('xuetu-proxy.conf has no /_protected/ alias to FILES_DIR');
  if (!proxy.includes(SECRET_PLACEHOLDER)) throw new Error('xuetu-proxy.conf has no /_seg/ secure_link secret placeholder');
  writeFileSync(
    join(tmp, 'xuetu-proxy.conf'),
    proxy.replaceAll('alias /var/lib/xuetu/files/;', `alias ${filesDir}/;`).replace(SECRET_PLACEHOLDER, SECURE_LINK_SECRET),
  );
  const user = userInfo().username;
  writeFileSync(
    join(tmp, 'nginx.conf'),
    `worker_processes auto;
${user === 'root' ? 'user root;' : ''}
pid ${tmp}/nginx.pid;
error_log ${tmp}/logs/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path ${tmp}/temp/body;
    proxy_temp_path ${tmp}/temp/proxy;
    fastcgi_temp_path ${tmp}/temp/fastcgi;
    uwsgi_temp_path ${tmp}/temp/uwsgi;
    scgi_temp_path ${tmp}/temp/scgi;
${httpHead(nodePort)}
    server {
        listen 127.0.0.1:${NGINX_PORT};
        include ${tmp}/xuetu-proxy.conf;
        # the comparison: the same files sent by nginx directly, as the internal location does
        location ^~ /__direct/ {
            alias ${filesDir}/;
            sendfile on;
            tcp_nopush on;
        }
    }
}
`,
  );
  await exec('nginx', ['-t', '-p', tmp, '-c', join(tmp, 'nginx.conf')]);
  await exec('nginx', ['-p', tmp, '-c', join(tmp, 'nginx.conf')]);
  return async () => {
    await exec('nginx', ['-p', tmp, '-c', join(tmp, 'nginx.conf'), '-s', 'stop']).catch(() => {});
  };
}

/**
 * A signed-in learner's first segment link of the bench course, as the player asks for it (no
 * session header): the node-checked one (`path`) and, when the play list (fetched through nginx at
 * `via`) carries one, its secure_link URL (`secure`).
 */
async function segmentLink(port: number, via?: number): Promise<{ path: string; key: string; secure?: string }> {
  const base = `http://127.0.0.1:${port}/prod-api`;
  const post = async (path: string, body: unknown, token?: string) =>
    (await (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { ydAuthorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { success: boolean; msg: string; data: never };
  const course = (await post('/__bench/segments-course', {})) as { data: { resCode: string; segmentKey: string } };
  const login = (await post('/Api/User/user_user/Login', { username: 'learner01', password: 'Xuetu@2026' })) as { data: { token: string } };
  const pl = (await post('/Api/Train_Manage/Train_Res/GetVideoPlayList', { videoId: course.data.resCode }, login.data.token)) as {
    success: boolean;
    msg: string;
    data: { playList: { item2: string }[] };
  };
  if (!pl.success) throw new Error(`GetVideoPlayList: ${pl.msg}`);
  const m3u8 = pl.data.playList[0].item2;
  const text = await (await fetch(`http://127.0.0.1:${via ?? port}${m3u8}`)).text();
  const secure = text.split('\n').find((l) => l.startsWith('/_seg/'));
  if (secure) return { path: m3u8.replace('index.m3u8', 'seg_0000.ts'), key: course.data.segmentKey, secure };
  const segment = text.split('\n').find((l) => l.startsWith('seg_0000.ts'));
  if (!segment) throw new Error(`no segment in the play list: ${text}`);
  return { path: m3u8.replace(/index\.m3u8\?.*$/, segment), key: course.data.segmentKey };
}

/**
 * The /_seg/ location as deployed, checked through nginx: the play list's URL answers 200 with the
 * file's bytes; a wrong or missing md5 403; a correctly computed but expired URL 410.
 */
async function checkSecureLink(nginxUrl: (p: string) => string, secure: string, key: string, bytes: Buffer): Promise<string[]> {
  const failures: string[] = [];
  const good = await fetch(nginxUrl(secure));
  const body = Buffer.from(await good.arrayBuffer());
  if (good.status !== 200 || !body.equals(bytes) || good.headers.get('content-type') !== 'video/mp2t')
    failures.push(`secure_link URL through nginx: ${good.status} ${good.headers.get('content-type')} ${body.length} bytes`);
  const wrong = await fetch(nginxUrl(secure.replace(/md5=[^&]{4}/, 'md5=AAAA')));
  if (wrong.status !== 403) failures.push(`secure_link with a wrong md5: ${wrong.status} (expected 403)`);
  const bare = await fetch(nginxUrl(secure.split('?')[0]));
  if (bare.status !== 403) failures.push(`secure_link without md5: ${bare.status} (expected 403)`);
  // nginx's own formula, computed here: a genuine URL whose time is past
  const expires = Math.floor(Date.now() / 1000) - 60;
  const uri = `/_seg/${key}`;
  const md5 = createHash('md5').update(`${expires}${uri} ${SECURE_LINK_SECRET}`).digest('base64url');
  const expired = await fetch(nginxUrl(`${uri}?md5=${md5}&expires=${expires}`));
  if (expired.status !== 410) failures.push(`an expired secure_link URL: ${expired.status} (expected 410)`);
  const later = Math.floor(Date.now() / 1000) + 60;
  const fresh = createHash('md5').update(`${later}${uri} ${SECURE_LINK_SECRET}`).digest('base64url');
  const own = await fetch(nginxUrl(`${uri}?md5=${fresh}&expires=${later}`));
  await own.arrayBuffer();
  if (own.status !== 200) failures.push(`a secure_link URL computed here: ${own.status} (expected 200)`);
  return failures;
}

const mb = (m: Measure) => `${Math.round(m.mbPerSec)} MB/s (${Math.round(m.reqPerSec)} req/s)`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchSegments(startServer: StartServer, env: NodeJS.ProcessEnv): Promise<{ lines: string[]; failures: string[] }> {
  const tool = (await hasWrk()) ? 'wrk' : 'autocannon';
  const lines: string[] = [];
  const failures: string[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'xuetu-bench-nginx-'));
  const nginxUrl = (p: string) => `http://127.0.0.1:${NGINX_PORT}${p}`;

  // phase 1: nginx in front of a node with FILES_ACCEL_REDIRECT
  const node = await startServer({ ...env, BENCH_FILES_ACCEL: '1', BENCH_SECURE_LINK_SECRET: SECURE_LINK_SECRET });
  let stopNginx: (() => Promise<void>) | null = null;
  try {
    stopNginx = await startNginx(tmp, node.port, node.filesDir);
    const link = await segmentLink(node.port, NGINX_PORT);
    // what the deployment answers, checked before measuring
    const through = await fetch(nginxUrl(link.path));
    const body = Buffer.from(await through.arrayBuffer());
    if (through.status !== 200 || body.length !== SEGMENT_BYTES || through.headers.get('content-type') !== 'video/mp2t')
      failures.push(`through nginx: ${through.status} ${through.headers.get('content-type')} ${body.length} bytes`);
    const ranged = await fetch(nginxUrl(link.path), { headers: { range: 'bytes=0-99' } });
    if (ranged.status !== 206 || (await ranged.arrayBuffer()).byteLength !== 100) failures.push(`Range through nginx: ${ranged.status}`);
    const internal = await fetch(nginxUrl(`/_protected/${link.key}`));
    if (internal.status !== 404) failures.push(`/_protected/ asked directly: ${internal.status} (expected 404)`);
    const forged = await fetch(nginxUrl(link.path.replace(/t=[^&]{8}/, 't=AAAAAAAA')));
    if (forged.status !== 410) failures.push(`a forged link through nginx: ${forged.status} (expected 410)`);
    const secure = link.secure;
    if (!secure) failures.push('the play list fetched through nginx carries no /_seg/ secure_link URL');
    else failures.push(...(await checkSecureLink(nginxUrl, secure, link.key, body)));

    const ratios: number[] = [];
    lines.push(
      `${tool}, ${CONNECTIONS} connections, 2 threads, ${SECONDS} s per measure, one ${(SEGMENT_BYTES / 1e6).toFixed(1)} MB segment; nginx on :${NGINX_PORT} (worker_processes auto), one node.`,
      '',
      '| round | nginx sends the file directly | through nginx → node (checks) → X-Accel-Redirect | ratio | through nginx with secure_link URLs | ratio | the node alone answering the checked redirect (no bytes) |',
      '|---:|---:|---:|---:|---:|---:|---:|',
    );
    const secureRatios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const direct = await measure(nginxUrl(`/__direct/${link.key}`), tool);
      const accel = await measure(nginxUrl(link.path), tool);
      const sl = link.secure ? await measure(nginxUrl(link.secure), tool) : { reqPerSec: 0, mbPerSec: 0, non2xx: 0 };
      // where the deployment's ceiling is: the node's checks, asked directly (an empty answer)
      const checks = await measure(`http://127.0.0.1:${node.port}${link.path}`, tool);
      if (direct.non2xx || accel.non2xx || sl.non2xx)
        failures.push(`round ${round}: non-2xx answers (${direct.non2xx} direct, ${accel.non2xx} accel, ${sl.non2xx} secure_link)`);
      const ratio = accel.reqPerSec / direct.reqPerSec;
      const slRatio = sl.reqPerSec / direct.reqPerSec;
      ratios.push(ratio);
      secureRatios.push(slRatio);
      lines.push(
        `| ${round} | ${mb(direct)} | ${mb(accel)} | ${ratio.toFixed(2)} | ${mb(sl)} | ${slRatio.toFixed(2)} | ${Math.round(checks.reqPerSec)} req/s |`,
      );
      process.stderr.write(
        `  segments round ${round}: direct ${mb(direct)}, accel ${mb(accel)} (${ratio.toFixed(2)}), secure_link ${mb(sl)} (${slRatio.toFixed(2)})\n`,
      );
    }
    const accelRatio = median(ratios);
    const secureRatio = median(secureRatios);
    const best = Math.max(accelRatio, secureRatio);
    lines.push(
      '',
      `Through nginx → node → X-Accel-Redirect ÷ nginx directly: ${accelRatio.toFixed(2)}; through nginx with secure_link URLs ÷ nginx directly: ${secureRatio.toFixed(2)} (medians of ${ROUNDS}).`,
      '',
      `**The best production path ÷ nginx directly: ${best.toFixed(2)}** (${secureRatio >= accelRatio ? 'secure_link' : 'X-Accel-Redirect'}; the goal is at least 0.8).`,
      '',
    );
    if (best < 0.8) failures.push(`the best production path ÷ nginx directly = ${best.toFixed(2)} < 0.8`);
  } finally {
    await stopNginx?.();
    node.stop();
  }

  // phase 2 (reference): the node sends the bytes itself, as in the embedded default
  const plain = await startServer(env);
  try {
    stopNginx = await startNginx(tmp, plain.port, plain.filesDir);
    const link = await segmentLink(plain.port);
    const ratios: number[] = [];
    lines.push('Reference: the node sending the bytes (FILES_ACCEL_REDIRECT unset), asked directly.', '');
    lines.push('| round | nginx sends the file directly | node sends the file | ratio |', '|---:|---:|---:|---:|');
    for (let round = 1; round <= ROUNDS; round++) {
      const direct = await measure(nginxUrl(`/__direct/${link.key}`), tool);
      const app = await measure(`http://127.0.0.1:${plain.port}${link.path}`, tool);
      const ratio = app.reqPerSec / direct.reqPerSec;
      ratios.push(ratio);
      lines.push(`| ${round} | ${mb(direct)} | ${mb(app)} | ${ratio.toFixed(2)} |`);
      process.stderr.write(`  segments reference round ${round}: direct ${mb(direct)}, node ${mb(app)}, ratio ${ratio.toFixed(2)}\n`);
    }
    lines.push('', `Node directly ÷ nginx directly: ${median(ratios).toFixed(2)} (median of ${ROUNDS}).`);
  } finally {
    await stopNginx?.();
    plain.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  return { lines, failures };
}
