// ADR 0039: web calls go through the typed client (`call(endpoint, input)`, api/client.ts) and
// query keys live in one keys module per domain (api/*.keys.ts). What is still typed by hand —
// a request.ts wrapper called with its URL (and answer type) spelled at the call site, an inline
// query-key array — is counted per file below. The counts can only go down: a new hand-typed call
// or inline key fails, and so does a file that got better until its count here is lowered.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');
const WRAPPERS = ['post', 'get', 'postEnvelope', 'getEnvelope', 'upload', 'download', 'request', 'requestEnvelope', 'sendRaw'];

/** Hand-typed calls allowed per file (path below web/src). */
const HAND_TYPED_CALLS: Record<string, number> = {
  'api/userexam.ts': 1,
};

/** Inline query keys allowed per file (`queryKey: [` and `invalidate: [[`). */
const INLINE_KEYS: Record<string, number> = {
  // the generic list and editor hooks add the page's filter or the record's code to a domain's key
  'pages/admin/EditorDrawer.tsx': 1,
  'pages/admin/LifecycleList.tsx': 1,
};

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

  it(`keeps query keys in the domains' keys modules (inline keys left: ${total(keys)})`, () => {
    expect(keys).toEqual(INLINE_KEYS);
  });
});
