// ADR 0039, ADR 0053: pages call the contract's endpoints through the typed client and the generic
// hooks (`call`, `useCall`, `useCallMutation`, api/client.ts and api/hooks.ts), with query keys
// derived from the endpoint. What is still typed by hand — a request.ts wrapper called with its
// URL (and answer type) spelled at the call site, an inline query-key array — is counted per file
// below, and so are the api/ files: the client's own, and the legacy per-domain wrapper and key
// files still left. The lists can only shrink: a new hand-typed call, inline key, wrapper or keys
// file fails, and so does a file that got better (or went) until its entry here is removed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');
const WRAPPERS = ['post', 'get', 'postEnvelope', 'getEnvelope', 'upload', 'download', 'request', 'requestEnvelope', 'sendRaw'];

/** Hand-typed calls allowed per file (path below web/src). */
const HAND_TYPED_CALLS: Record<string, number> = {};

/** Inline query keys allowed per file (`queryKey: [` and `invalidate: [[`). */
const INLINE_KEYS: Record<string, number> = {};

/** The typed client and the generic hooks: the only product files of web/src/api. */
const CLIENT_FILES = ['api/client.ts', 'api/hooks.ts', 'api/http.ts', 'api/prefetch.ts', 'api/request.ts'];

/**
 * Per-domain wrapper and query-key files still left from before ADR 0053 (their pages move to
 * `useCall(endpoint, input)`); none may be added, anywhere in web/src.
 */
const LEGACY_WRAPPER_FILES: string[] = [];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function handTypedCalls(text: string): number {
  let count = 0;
  // the request.ts wrappers this file imports, called with a URL of its own
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*(?:api\/)?request'/g)) {
    const names = m[1]
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, ''))
      .filter((n) => WRAPPERS.includes(n));
    for (const name of names) count += text.match(new RegExp(`(?<![\\w.$])${name}\\s*(?:<[^()]*?>)?\\(`, 'g'))?.length ?? 0;
  }
  return count;
}

const inlineKeys = (text: string) => text.match(/queryKey:\s*\[|invalidate:\s*\[\s*\[/g)?.length ?? 0;

function measure(skip: (file: string) => boolean, count: (text: string) => number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const path of sources(SRC)) {
    const file = relative(SRC, path).split('\\').join('/');
    if (skip(file)) continue;
    const n = count(readFileSync(path, 'utf8'));
    if (n > 0) out[file] = n;
  }
  return out;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('hand-typed calls and inline query keys (ADR 0039)', () => {
  // the wrappers themselves and the typed client built on them
  const calls = measure((f) => f === 'api/request.ts' || f === 'api/client.ts', handTypedCalls);
  const keys = measure((f) => /\.keys\.ts$/.test(f), inlineKeys);
  if (process.env.XUETU_PRINT_COUNTS) writeFileSync(process.env.XUETU_PRINT_COUNTS, JSON.stringify({ calls, keys }, null, 2));

  it(`calls the API through the typed client (hand-typed calls left: ${total(calls)})`, () => {
    expect(calls).toEqual(HAND_TYPED_CALLS);
  });

  it(`derives query keys from the endpoints (inline keys left: ${total(keys)})`, () => {
    expect(keys).toEqual(INLINE_KEYS);
  });

  it(`has no wrapper or query-key file per domain (legacy ones left: ${LEGACY_WRAPPER_FILES.length})`, () => {
    const files = sources(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((f) => f.startsWith('api/') || /\.keys\.tsx?$/.test(f));
    expect(files.filter((f) => !CLIENT_FILES.includes(f)).sort()).toEqual([...LEGACY_WRAPPER_FILES].sort());
  });
});
