import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// ADR 0027: a module (a top-level folder under modules/: identity, directory, content, courses,
// projects, exams, exam-taking, operations) uses another one only through that module's public.ts;
// inside a module its sub-folders use each other freely. Helpers that are no one module's
// business live in platform/. This test reads every product file under modules/ and
// lists each import, export-from or dynamic import that reaches into another module's internals.
// Test files are not read: a test may set up or inspect another module's internals (tests are
// not the product surface). Files that assemble the app from every module (composition roots)
// are the only exceptions, named here.
const MODULES = dirname(fileURLToPath(import.meta.url));
const COMPOSITION_ROOTS = new Set(['index.ts']);

function productFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) productFiles(p, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** Every module specifier the source names: static imports, export-from, import() and import types. */
function specifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) out.push(arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const ref = node.moduleReference.expression;
      if (ts.isStringLiteral(ref)) out.push(ref.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The module a path under modules/ belongs to (its first folder); null for files at the top. */
function moduleOf(relPath: string): string | null {
  const parts = relPath.split(sep);
  return parts.length > 1 ? parts[0] : null;
}

/** `from -> to` for every import of `file` into another module that is not that module's public.ts. */
function crossModuleViolations(file: string, text: string): string[] {
  const rel = relative(MODULES, file);
  const own = moduleOf(rel);
  const found: string[] = [];
  for (const spec of specifiers(file, text)) {
    if (!spec.startsWith('.')) continue;
    const target = relative(MODULES, resolve(dirname(file), spec));
    if (target.startsWith('..') || target === '') continue; // outside modules/: platform, db, contract
    const other = moduleOf(target);
    if (!other || other === own) continue;
    const inside = target.slice(other.length + 1);
    if (inside === 'public.ts' || inside === 'public') continue;
    found.push(`${rel.split(sep).join('/')} -> ${target.split(sep).join('/')}`);
  }
  return found;
}

// ADR 0039: the modules form no cycle — a module that another one depends on does not depend on
// it back, directly or through others. What one module must tell another after a write (clear a
// cache) goes through an after-commit event (platform/events.ts); what one must ask another the
// other way round goes through a hook the composition root wires (modules/index.ts).
/** module -> the modules its product files import (each edge with one file that makes it). */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of productFiles(MODULES)) {
    const rel = relative(MODULES, file);
    const own = moduleOf(rel);
    if (!own || COMPOSITION_ROOTS.has(rel)) continue;
    const edges = graph.get(own) ?? new Map<string, string>();
    graph.set(own, edges);
    for (const spec of specifiers(file, readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = relative(MODULES, resolve(dirname(file), spec));
      if (target.startsWith('..')) continue;
      const other = moduleOf(target);
      if (other && other !== own && !edges.has(other)) edges.set(other, rel.split(sep).join('/'));
    }
  }
  return graph;
}

/** Every cycle of the graph, each as `a -> b -> … -> a` starting at its smallest module. */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of graph.get(at)?.keys() ?? []) {
      if (next === start) {
        const min = path.indexOf([...path].sort()[0]);
        const ring = [...path.slice(min), ...path.slice(0, min)];
        found.add([...ring, ring[0]].join(' -> '));
      } else if (!path.includes(next) && next > start) walk(start, next, [...path, next]);
    }
  };
  for (const m of [...graph.keys()].sort()) walk(m, m, [m]);
  return [...found].sort();
}

// Table ownership (ADR 0039): every table of db/schema belongs to one module (or to platform/,
// whose tables any module may use); a module imports only its own tables and reads the others
// through their owner's public.ts. By schema file, then the tables that live in another file.
const SCHEMA = resolve(MODULES, '../db/schema');
const FILE_OWNERS: Record<string, string> = {
  'account.ts': 'platform', // the SMS outbox and attempts (platform/sms.ts)
  'content.ts': 'content',
  'exam.ts': 'exams',
  'files.ts': 'platform',
  'installation.ts': 'platform',
  'jobs.ts': 'platform',
  'message.ts': 'content',
  'practice.ts': 'exam-taking', // practice and the 错题本 (ADR 0043)
  'org.ts': 'directory',
  'projects.ts': 'projects',
  'study.ts': 'courses',
  'trainres.ts': 'courses',
  'user.ts': 'directory',
};
const TABLE_OWNERS: Record<string, string> = {
  auditLogs: 'operations', // written by platform/audit.ts, listed by operations/auditlog
  sessions: 'platform', // platform/sessions.ts
  guardCounters: 'platform', // platform/counters.ts
  stepSecrets: 'identity',
  // the attempts (ADR 0049): exam taking begins, saves, submits, marks and reports them; exams
  // count them through a hook wired per app
  userPapers: 'exam-taking',
  userPaperQuestions: 'exam-taking',
  userPaperLeaves: 'exam-taking', // the leaves of the exam page (ADR 0040)
};

/** export name -> owning module, for every table (pgTable) the schema files declare. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const name of readdirSync(SCHEMA)) {
    if (name === 'index.ts' || !name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const owner = FILE_OWNERS[name];
    if (!owner) throw new Error(`db/schema/${name}: name its owning module in FILE_OWNERS`);
    for (const m of readFileSync(join(SCHEMA, name), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)) {
      owners.set(m[1], TABLE_OWNERS[m[1]] ?? owner);
    }
  }
  return owners;
}

/** `module -> table` for every table of another module a product file imports. */
function foreignTables(file: string, text: string, owners: Map<string, string>): string[] {
  const own = moduleOf(relative(MODULES, file));
  if (!own) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of source.statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier))
      continue;
    const target = resolve(dirname(file), st.moduleSpecifier.text);
    if (!st.moduleSpecifier.text.startsWith('.') || relative(SCHEMA, target).startsWith('..')) continue;
    const bindings = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : st.exportClause;
    if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
      out.push(`${own} -> * (import the tables by name)`);
      continue;
    }
    for (const el of bindings.elements) {
      const table = (el.propertyName ?? el.name).text;
      const owner = owners.get(table);
      if (owner && owner !== 'platform' && owner !== own) out.push(`${own} -> ${table} (${owner})`);
    }
  }
  return out;
}

/**
 * Tables a module still imports from another module (`module -> table (owner)`), from before the
 * tables had owners (ADR 0039). This list only shrinks: the test fails when a pair is no longer
 * needed. Empty since ADR 0049 (exam taking's were the last); a new pair is a read to move to
 * the owner's public.ts (ADR 0047), not an entry here.
 */
const TABLE_EXCEPTIONS: string[] = [];

describe('module boundaries (ADR 0027)', () => {
  it('modules import one another only through public.ts', () => {
    const violations = productFiles(MODULES)
      .filter((f) => !COMPOSITION_ROOTS.has(relative(MODULES, f)))
      .flatMap((f) => crossModuleViolations(f, readFileSync(f, 'utf8')));
    expect(violations, 'import these through the other module’s public.ts (or move the helper to platform/)').toEqual([]);
  });

  it('sees every kind of import into another module’s internals, and lets public.ts and platform/ through', () => {
    const file = join(MODULES, 'courses', 'study', 'study.service.ts');
    const text = [
      "import { findProject } from '../../projects/projects.repository.ts';",
      "import type { ProjectRow } from '../../projects/projects.repository';",
      "export { parseSpeeds } from '../../projects/progress.ts';",
      "const later = () => import('../../directory/users/users.service.ts');",
      "type Row = import('../../directory/users/users.repository.ts').UserRow;",
      "import { listOrgs } from '../../directory/public.ts';",
      "import { newShortCode } from '../../../platform/codes.ts';",
      "import { presentPost } from './study.presenter.ts';",
      "import { listDirs } from '../dirs/dirs.repository.ts';",
    ].join('\n');
    expect(crossModuleViolations(file, text)).toEqual([
      'courses/study/study.service.ts -> projects/projects.repository.ts',
      'courses/study/study.service.ts -> projects/projects.repository',
      'courses/study/study.service.ts -> projects/progress.ts',
      'courses/study/study.service.ts -> directory/users/users.service.ts',
      'courses/study/study.service.ts -> directory/users/users.repository.ts',
    ]);
    const nested = join(MODULES, 'courses', 'media', 'job.ts');
    expect(crossModuleViolations(nested, "import { sendMessage } from '../../content/message/message.service.ts';")).toEqual([
      'courses/media/job.ts -> content/message/message.service.ts',
    ]);
    expect(crossModuleViolations(nested, "import { resError } from '../resources/errors.ts';")).toEqual([]);
  });
});

describe('module dependencies and table ownership (ADR 0039)', () => {
  it('no two modules depend on each other, directly or through others', () => {
    const graph = moduleGraph();
    const found = cycles(graph).map((ring) => {
      const mods = ring.split(' -> ');
      return `${ring} (${mods
        .slice(0, -1)
        .map((m, i) => graph.get(m)?.get(mods[i + 1]))
        .join(', ')})`;
    });
    expect(found, 'turn one edge around: an after-commit event (platform/events.ts) or a hook wired in modules/index.ts').toEqual([]);
  });

  it('finds a two-way pair and a longer ring', () => {
    const g = (edges: [string, string][]) => {
      const graph = new Map<string, Map<string, string>>();
      for (const [a, b] of edges) graph.set(a, (graph.get(a) ?? new Map()).set(b, `${a}/x.ts`));
      return graph;
    };
    expect(
      cycles(
        g([
          ['a', 'b'],
          ['b', 'a'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual(['a -> b -> a']);
    expect(
      cycles(
        g([
          ['b', 'c'],
          ['c', 'a'],
          ['a', 'b'],
        ]),
      ),
    ).toEqual(['a -> b -> c -> a']);
    expect(
      cycles(
        g([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('a module imports only its own tables (and platform tables); the exceptions only shrink', () => {
    const owners = tableOwners();
    const found = [
      ...new Set(
        productFiles(MODULES)
          .filter((f) => !COMPOSITION_ROOTS.has(relative(MODULES, f)))
          .flatMap((f) => foreignTables(f, readFileSync(f, 'utf8'), owners)),
      ),
    ].sort();
    expect(
      found.filter((v) => !TABLE_EXCEPTIONS.includes(v)),
      'read another module’s table through its public.ts',
    ).toEqual([]);
    expect(
      TABLE_EXCEPTIONS.filter((v) => !found.includes(v)),
      'no longer needed: remove these from TABLE_EXCEPTIONS',
    ).toEqual([]);
  });

  it('knows the owner of every table and sees a foreign table however it is imported', () => {
    const owners = tableOwners();
    expect(owners.get('users')).toBe('directory');
    expect(owners.get('resStudies')).toBe('courses');
    expect(owners.get('jobs')).toBe('platform');
    const file = join(MODULES, 'courses', 'study', 'study.repository.ts');
    const text = [
      "import { resStudies, users } from '../../../db/schema/index.ts';",
      "import { projects as p } from '../../../db/schema/projects.ts';",
      "import { jobs } from '../../../db/schema/jobs.ts';",
      "import * as schema from '../../../db/schema/index.ts';",
    ].join('\n');
    expect(foreignTables(file, text, owners)).toEqual([
      'courses -> users (directory)',
      'courses -> projects (projects)',
      'courses -> * (import the tables by name)',
    ]);
  });
});
