import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { TOKEN_COOKIE_KEY } from '@xuetu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** written by the web build beside index.html (web/build/antd-static-style.ts) */
const LEAN_INDEX_FILE = 'index-lean.html';
const LEAN_PATHS_FILE = 'lean-pages.json';
/** the public pages drawn without antd: the lean index whoever asks (issue 39 item 2) */
const LEAN_PUBLIC_PATHS_FILE = 'lean-public-pages.json';

export interface Spa {
  /** the index file for a page request: the lean pages' own for a signed-in lean page (ADR 0050) */
  indexFor(req: FastifyRequest): string;
}

/** the lean pages' paths (lower case, no trailing slash), none without both files */
function leanPaths(distDir: string, file = LEAN_PATHS_FILE): Set<string> {
  const list = join(distDir, file);
  if (!existsSync(list) || !existsSync(join(distDir, LEAN_INDEX_FILE))) return new Set();
  const paths: unknown = JSON.parse(readFileSync(list, 'utf8'));
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) throw new Error(`${list}: not a list of paths`);
  return new Set(paths.map((p) => p.toLowerCase()));
}

const hasSession = (cookie: string | undefined) =>
  (cookie ?? '').split(';').some((part) => {
    const [name, ...value] = part.trim().split('=');
    return name === TOKEN_COOKIE_KEY && value.join('=') !== '';
  });

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and any other
 * GET that wants HTML answered with index.html (history fallback). The build writes .br and .gz
 * beside each text asset (web/build/precompress.ts); `preCompressed` sends the one the browser
 * accepts, with Content-Encoding and `Vary: Accept-Encoding`. A signed-in learner opening a lean
 * page (ADR 0050) gets `index-lean.html`: the same page without the portal's inline antd styles,
 * which that page does not draw (`Vary: Cookie` on both); so does anyone opening a lean public page
 * (`/home`, issue 39 item 2: 12 KB of HTML instead of 208 KB on a visitor's first page).
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<Spa | null> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web build not found; run `npm run build` to serve the app');
    return null;
  }
  const lean = leanPaths(distDir);
  const leanPublic = leanPaths(distDir, LEAN_PUBLIC_PATHS_FILE);
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      if (path.includes(`${join(distDir, 'assets')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  // `/` is the static root directory: without this route `send` refuses the directory listing
  // (403). The app itself sends `/` to `/home` and keeps the query (`/?ticket=…` SSO entry).
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return {
    indexFor(req) {
      if (!lean.size && !leanPublic.size) return 'index.html';
      const path = req.url.split('?')[0].toLowerCase().replace(/\/+$/, '') || '/';
      if (leanPublic.has(path)) return LEAN_INDEX_FILE;
      return lean.has(path) && hasSession(req.headers.cookie) ? LEAN_INDEX_FILE : 'index.html';
    },
  };
}
