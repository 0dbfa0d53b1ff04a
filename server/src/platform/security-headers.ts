import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy the built app runs under (issue 9 item 11, ADR 0006 "Security headers"):
 * - scripts only from our own origin, plus the inline scripts of the built index.html by their
 *   sha256 (the route preloader and boot screen of the public pages, issue 15);
 * - styles also inline: antd (cssinjs) and the captcha widget write <style> and style="" at run time;
 * - media and workers also from blob: URLs (hls.js feeds the <video> through MediaSource, the
 *   captcha solves in a blob: worker);
 * - images also from data:/blob: (crops, previews) and any https: host (rich text pasted with
 *   pictures hosted elsewhere);
 * - never framed by another site, no plugins, forms and <base> only to ourselves.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'worker-src': ["'self'", 'blob:'],
} as const;

/**
 * Security headers on every answer (HTML, assets, files, API): CSP, no framing, nosniff,
 * Referrer-Policy, cross-origin isolation of resources. HSTS only in production: a developer's
 * http://localhost must not be pinned to https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { production: boolean; webDist?: string }): Promise<void> {
  const directives: Record<string, string[]> = Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]));
  directives['script-src'].push(...inlineScriptHashes(opts.webDist));
  // helmet itself, built once: @fastify/helmet built it again on every request (the policy
  // parsed anew each time, a measurable share of a small API call, issue 39 item 1)
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // no upgrade-insecure-requests: an intranet install on http://10.x.x.x would lose its assets
      directives,
    },
    // the files of a course or notice are read by our pages only
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // inside the app the full address helps nobody outside it; other sites get nothing (tickets travel in URLs)
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: opts.production ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, (err) => done(err as Error | undefined)));
}

/** 'sha256-…' sources for the inline <script> blocks of the built index.html (none without a build). */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  const file = webDist ? join(webDist, 'index.html') : '';
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1])
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}
