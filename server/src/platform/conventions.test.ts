import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../config/env.ts';

// Issue 40 item 4: the repository's conventions, each held by a test that reads the files as text
// (docs/DEVELOPING.md "Conventions held by tests"). A list of exceptions only shrinks: a listed
// file that now keeps the rule fails the test too, until its line is dropped.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Never walked (dependencies, build output). */
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);

function walk(dir: string, keep: (rel: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(join(ROOT, dir))) return out;
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(rel, keep, out);
    else if (keep(rel)) out.push(rel);
  }
  return out;
}

const read = (rel: string) => readFileSync(join(ROOT, rel), 'utf8');
const isTestFile = (rel: string) => /\.test\.tsx?$/.test(rel) || rel.startsWith('web/src/test/');
const isSource = (rel: string) => /\.tsx?$/.test(rel);

/** Product files: the non-test .ts/.tsx of the server, the web app and the contract. */
const productFiles = () =>
  ['server/src', 'web/src', 'contract/src'].flatMap((d) => walk(d, (rel) => isSource(rel) && !isTestFile(rel))).sort();

describe('product files are at most 500 lines', () => {
  const LIMIT = 500;
  /** Files over the limit today, with their length: only shrinks (split a file, drop its line). */
  const OVER_LIMIT: Record<string, number> = {};

  it('no product file is longer, beyond the listed ones at their length', () => {
    const over: Record<string, number> = {};
    for (const rel of productFiles()) {
      const text = read(rel);
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines > LIMIT) over[rel] = lines;
    }
    expect(over, 'split the file (or, if it shrank, lower or drop its line in OVER_LIMIT)').toEqual(OVER_LIMIT);
  });
});

describe('e2e specs and fixtures wait on conditions, never on time', () => {
  // `test.setTimeout(ms)` (Playwright's limit for one test) is not a sleep; any other setTimeout,
  // Playwright's waitForTimeout and the promise timers of node:timers/promises are
  const SLEEPS = [
    /\bwaitForTimeout\s*\(/g,
    /(?<!\btest(?:\.info\(\))?\.|\btestInfo\.)\bsetTimeout\s*\(/g,
    /['"](?:node:)?timers\/promises['"]/g,
  ];

  it('no sleep in e2e/specs or e2e/fixtures', () => {
    const files = ['e2e/specs', 'e2e/fixtures'].flatMap((d) => walk(d, isSource));
    expect(files.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const rel of files) {
      read(rel)
        .split('\n')
        .forEach((line, i) => {
          if (SLEEPS.some((re) => line.match(re))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, 'wait for what the page shows (expect(locator), expect.poll, waitForResponse) instead').toEqual([]);
  });
});

describe('every ADR is in docs/adr/README.md with its true status', () => {
  const ADR_DIR = 'docs/adr';
  const files = readdirSync(join(ROOT, ADR_DIR)).filter((f) => /^\d{4}[a-z]?-.*\.md$/.test(f));
  const index = read(`${ADR_DIR}/README.md`);
  type Row = { num: string; file: string; status: string; relation: string };
  const rows = new Map<string, Row>();
  for (const m of index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| [^|]+ \| ([^|]+) \| ([^|]+) \|$/gm)) {
    rows.set(m[1], { num: m[1], file: m[2], status: m[3].trim(), relation: m[4].trim() });
  }
  /** The status line an ADR states of itself ("Status: accepted (…). Amends 0042 …"). */
  const statusLine = (file: string): string | null => {
    const m = /Status:\s*([^\n]*(?:\n(?!\n)[^\n]*)*)/.exec(read(`${ADR_DIR}/${file}`).split('\n## ')[0]);
    return m ? m[1].replace(/\s+/g, ' ') : null;
  };

  it('each numbered ADR has its row, linking its file; each renumbered one its pointer', () => {
    const missing: string[] = [];
    for (const f of files) {
      const num = f.slice(0, 4);
      if (/^\d{4}[a-z]-/.test(f)) {
        if (!index.includes(`| ${f.slice(0, 5)} | [`)) missing.push(`${f}: not in the renumbered table`);
      } else if (rows.get(num)?.file !== f) missing.push(`${f}: no row [${num}](${f})`);
    }
    for (const row of rows.values()) if (!files.includes(row.file)) missing.push(`row ${row.num}: no file ${row.file}`);
    expect(missing).toEqual([]);
  });

  it('the next free number is the one the index names', () => {
    const last = Math.max(...files.map((f) => Number(f.slice(0, 4))));
    expect(index).toContain(`(today ${String(last + 1).padStart(4, '0')})`);
  });

  it('a row states the status its ADR states, and what the ADR says it amends', () => {
    const wrong: string[] = [];
    for (const row of rows.values()) {
      const own = statusLine(row.file);
      if (!own) continue;
      const word = /^[a-z]+/.exec(own)?.[0];
      if (word && !row.status.startsWith(word)) wrong.push(`${row.num}: the ADR says ${word}, the index ${row.status}`);
      // how far a staged decision is built, as the ADR says it
      const built = /\bsteps? [\d–-]+ built[^.;)]*/.exec(own)?.[0];
      if (/\bbuilt\b/.test(row.status) && (!built || !row.status.includes(built)))
        wrong.push(`${row.num}: the ADR says "${built ?? 'nothing built'}", the index "${row.status}"`);
      for (const m of own.matchAll(/\b(?:Amends|Supersedes|Extends)\b([^.]*)/g)) {
        for (const n of m[1].match(/\b0\d{3}\b/g) ?? [])
          if (!row.relation.includes(n)) wrong.push(`${row.num}: the ADR amends ${n}, its row does not say so`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an ADR another one amends or supersedes names it in its status', () => {
    const wrong: string[] = [];
    for (const row of rows.values()) {
      for (const n of row.relation.match(/\b0\d{3}\b/g) ?? []) {
        const target = rows.get(n);
        if (!target) wrong.push(`${row.num} names ${n}, which has no row`);
        else if (!target.status.includes(row.num)) wrong.push(`${n}: "${target.status}" does not name ${row.num}, which ${row.relation}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("README's configuration table is config/env.ts", () => {
  it('every variable the server reads is in the table, and the table names no other', () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## '));
    const documented = new Set<string>();
    for (const line of table.split('\n')) {
      const first = line.startsWith('| `') ? line.split('|')[1] : '';
      for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) documented.add(m[1]);
    }
    const inEnv = new Set(Object.keys(envSchema.shape));
    expect(inEnv.size).toBeGreaterThan(40);
    expect({
      'in env.ts, not in the README': [...inEnv].filter((v) => !documented.has(v)).sort(),
      'in the README, not in env.ts': [...documented].filter((v) => !inEnv.has(v)).sort(),
    }).toEqual({ 'in env.ts, not in the README': [], 'in the README, not in env.ts': [] });
  });
});

describe('test kits live outside the product tree', () => {
  // A file under server/src or web/src that only tests import is a test kit: it belongs in
  // server/test/ or web/src/test/. Importers are found from relative import specifiers.
  const IMPORTER_DIRS = ['server/src', 'server/test', 'server/scripts', 'web/src', 'web/build', 'contract/src'];
  const ROOT_CONFIGS = ['web/vite.config.ts', 'web/vitest.config.ts', 'server/vitest.config.ts'];

  function resolveSpecifier(from: string, spec: string): string | null {
    const base = resolve(ROOT, dirname(from), spec);
    const stem = base.replace(/\.(js|ts|tsx)$/, '');
    for (const c of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
      if (existsSync(c) && statSync(c).isFile()) return relative(ROOT, c).split('\\').join('/');
    return null;
  }

  it('no product file is imported by tests alone', () => {
    const importers = new Map<string, Set<string>>();
    const sources = [
      ...IMPORTER_DIRS.flatMap((d) => walk(d, (rel) => /\.(tsx?|mjs)$/.test(rel))),
      ...ROOT_CONFIGS.filter((f) => existsSync(join(ROOT, f))),
    ];
    for (const from of sources) {
      for (const m of read(from).matchAll(/(?:\bfrom|\bimport|\bimport\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = resolveSpecifier(from, m[1]);
        if (!target) continue;
        if (!importers.has(target)) importers.set(target, new Set());
        importers.get(target)?.add(from);
      }
    }
    const isTestCode = (rel: string) => isTestFile(rel) || rel.startsWith('server/test/');
    const kits = productFiles()
      .filter((rel) => rel.startsWith('server/src/') || rel.startsWith('web/src/'))
      .filter((rel) => {
        const by = [...(importers.get(rel) ?? [])];
        return by.length > 0 && by.every(isTestCode);
      });
    expect(kits, 'move these under server/test/ or web/src/test/').toEqual([]);
  });
});
