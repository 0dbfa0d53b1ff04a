import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 24 item 7: a newcomer follows the paths the docs name. Every backticked token in
// README.md and docs/**/*.md that looks like a repository path, and every relative link target,
// must exist; the test fails listing the ones that do not. A file an ADR names as gone is struck
// through (~~`users/admin-routes.ts`~~) and not checked.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Folders at the repository root: a token starting with one of them is a path from the root. */
const TOP = ['server/', 'web/', 'e2e/', 'contract/', 'bench/', 'docs/', 'scripts/', 'deploy/', '.ci/'];

/** Never walked for the list of files (dependencies, build output, git itself). */
const SKIP_DIRS = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage', '.node', '.vite']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      out.push(`${rel}/`);
      walk(rel, out);
    } else out.push(rel);
  }
  return out;
}

/**
 * The root `.gitignore`'s patterns as tests: a path the build or a run creates (`./data/db`,
 * `e2e/artifacts/`, `web/dist`) is named by the docs but never committed.
 */
function ignoredMatcher(): (path: string) => boolean {
  const patterns = readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'))
    .map((p) => {
      const body = p.replace(/\/$/, '');
      const re = body.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
      // a pattern with no inner slash matches a segment anywhere; one with a slash, from the root
      return body.includes('/') ? new RegExp(`^${re}(/|$)`) : new RegExp(`(^|/)${re}(/|$)`);
    });
  return (path) => patterns.some((re) => re.test(path));
}

function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f.split('\\').join('/')}`);
  return ['README.md', ...docs.sort()];
}

/**
 * A backticked token that names a file or folder of the repository: one word of path characters
 * with a slash, that starts at a top folder, or ends in a file extension or a slash. Left out:
 * absolute paths (API routes such as `/prod-api/...` and `/Api/...`, system files), URLs,
 * package names (`@tus/s3-store`), placeholders and globs (`modules/<name>/`, `*.test.ts`,
 * `NNNN_name.sql`, `…`, `...`), queries (`?url`), and words joined by slashes (`get/set/del`).
 */
function pathLike(token: string): boolean {
  if (!token.includes('/')) return false;
  if (!/^[A-Za-z0-9_.\-/]+$/.test(token)) return false; // spaces, <>, *, {}, ?, :, =, …, CJK
  if (token.startsWith('/') || token.startsWith('@')) return false;
  if (token.includes('...')) return false; // `server/...`: an ellipsis, like `…`
  if (/(^|\/)N{2,}[_-]/.test(token)) return false; // `db/migrations/NNNN_name.sql`
  const bare = token.replace(/^\.\//, '');
  if (TOP.some((t) => bare === t.slice(0, -1) || bare.startsWith(t))) return true;
  if (token.startsWith('./')) return true;
  return token.endsWith('/') || /\/[^/]*[A-Za-z0-9_-]\.[A-Za-z][A-Za-z0-9]*$/.test(token);
}

/** Inline code spans outside fenced blocks, and relative link targets, with their line. */
function references(markdown: string): { token: string; line: number; link: boolean }[] {
  const out: { token: string; line: number; link: boolean }[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, i) => {
    const f = /^\s*(```|~~~)/.exec(text);
    if (f) {
      fence = fence === null ? f[1] : fence === f[1] ? null : fence;
      return;
    }
    if (fence !== null) return;
    for (const m of text.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
      // ~~`users/admin-routes.ts`~~: a file that is gone, named struck through where an ADR tells its history
      const struck = text.slice(0, m.index).endsWith('~~') && text.slice(m.index + m[0].length).startsWith('~~');
      if (!struck) out.push({ token: m[2].trim(), line: i + 1, link: false });
    }
    const withoutCode = text.replace(/(`+)[^`]+?\1/g, '');
    for (const m of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].replace(/#.*$/, '');
      if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target)) out.push({ token: target, line: i + 1, link: true });
    }
  });
  return out;
}

describe('paths named in the docs', () => {
  const all = walk('');
  const exact = new Set(all.map((p) => p.replace(/\/$/, '')));
  const ignored = ignoredMatcher();

  /**
   * A token from the root (`server/...`, `./data`) must exist there; a shorter one
   * (`platform/caller.ts` in the server section, `scenarios/office.ts` under Benchmarks) must be
   * the end of some file's or folder's path.
   */
  function exists(token: string): boolean {
    const bare = token.replace(/^\.\//, '').replace(/\/$/, '');
    if (ignored(bare)) return true;
    if (token.startsWith('./') || TOP.some((t) => bare === t.slice(0, -1) || bare.startsWith(t))) return exact.has(bare);
    return all.some((p) => {
      const q = p.replace(/\/$/, '');
      return q === bare || q.endsWith(`/${bare}`);
    });
  }

  it('recognises repository paths and nothing else', () => {
    for (const yes of ['server/src/main.ts', 'web/src', 'platform/caller.ts', 'policies/', './data/db', '.ci/run', 'e2e/artifacts/']) {
      expect(pathLike(yes), yes).toBe(true);
    }
    for (const no of [
      '/prod-api/health',
      '/Api/SysConfig/sys_site/…',
      '/usr/bin/chromium',
      '@tus/s3-store',
      'modules/<name>/',
      'server/src/modules/*/public.ts',
      'db/migrations/NNNN_name.sql',
      'server/...',
      'pdfjs-dist/build/pdf.worker.min.mjs?url',
      'http(s)://host[:port]',
      'get/set/del/delPrefix/incr',
      'components/LightTabs',
      '10.0.0.0/8,192.168.1.5',
      'BUDGET_ONLY=/home,/login',
      '安全/消防',
    ]) {
      expect(pathLike(no), no).toBe(false);
    }
  });

  it('reads code spans outside fences and relative links, skipping struck-through ones', () => {
    const md = ['`a/b.ts` ~~`gone/c.ts`~~ [x](d.md) [y](https://e/f.md)', '```', '`in/fence.ts`', '```'].join('\n');
    expect(references(md).map((r) => r.token)).toEqual(['a/b.ts', 'd.md']);
  });

  it('every path in README.md and docs/**/*.md exists', () => {
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      for (const { token, line, link } of references(readFileSync(join(ROOT, file), 'utf8'))) {
        if (link) {
          // a link is relative to the file it is written in
          const target = posix.normalize(posix.join(posix.dirname(file), token));
          if (target.startsWith('..') || !existsSync(join(ROOT, target))) missing.push(`${file}:${line} (${token})`);
        } else if (pathLike(token) && !exists(token)) {
          missing.push(`${file}:${line} \`${token}\``);
        }
      }
    }
    expect(missing, 'paths named in the docs that do not exist').toEqual([]);
  });

  it('every ADR a source comment names by its file exists', () => {
    const missing: string[] = [];
    // landed migrations are never edited; docs/adr/README.md says what their old names mean
    const sources = all.filter((p) => /\.(ts|tsx|mjs|js|sql|css)$/.test(p) && !p.startsWith('server/src/db/migrations/'));
    for (const file of sources) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          for (const m of text.matchAll(/docs\/adr\/[^\s)'"`,;]+?\.md/g)) {
            if (!exact.has(m[0])) missing.push(`${file}:${i + 1} ${m[0]}`);
          }
        });
    }
    expect(missing, 'ADR files named in the code that do not exist').toEqual([]);
  });
});
