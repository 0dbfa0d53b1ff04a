import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and any other
 * GET that wants HTML answered with index.html (history fallback). The build writes .br and .gz
 * beside each text asset (web/build/precompress.ts); `preCompressed` sends the one the browser
 * accepts, with Content-Encoding and `Vary: Accept-Encoding`.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web build not found; run `npm run build` to serve the app');
    return false;
  }
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
  return true;
}
