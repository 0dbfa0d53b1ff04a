import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { productFiles } from '../../test/source-files.ts';

// ADR 0027: a module (a top-level folder under modules/: identity, directory, content, courses,
// projects, exams, exam-taking, operations) uses another one only through that module's public.ts;
// inside a module its sub-folders use each other freely. Helpers that are no one module's
// business live in platform/, which is below every module and imports none of them. This test
// reads every product file under modules/ and platform/ and the composition roots, and lists each
// import, export-from or dynamic import that reaches into another module's internals.
// Test files (and type tests, *.typecheck.ts) are not read: a test may set up or inspect another
// module's internals (tests are not the product surface).
const MODULES = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(MODULES, '..');
/**
 * The composition roots assemble the app from every module: `modules/index.ts` registers each
 * module's routes and jobs (it may name their files) and wires the hooks; `app.ts` and `main.ts`
 * build and start the app through `modules/index.ts` and the modules' public.ts.
 */
const COMPOSITION_ROOTS = new Set(['modules/index.ts', 'app.ts', 'main.ts']);

/** Every file this test reads: the modules, platform/ and the composition roots. */
function scannedFiles(): string[] {
  return [...productFiles(MODULES), ...productFiles(join(SRC, 'platform')), join(SRC, 'app.ts'), join(SRC, 'main.ts')];
}

/** A path under server/src, `/`-separated (`modules/exams/schema.ts`, `platform/actor.ts`, `app.ts`). */
const srcPath = (file: string) => relative(SRC, file).split(sep).join('/');

/**
 * Where a file sits: its module (`exams`), `platform`, `root` (the composition roots and the files
 * at the top of modules/), or null for what this test does not read (db/, config/).
 */
function layerOf(path: string): string | null {
  if (COMPOSITION_ROOTS.has(path)) return 'root';
  const parts = path.split('/');
  if (parts[0] === 'platform') return 'platform';
  if (parts[0] === 'modules') return parts.length > 2 ? parts[1] : 'root';
  return null;
}

/** A module's schema (`modules/<m>/schema.ts` or a file of `modules/<m>/schema/`) or platform's (`db/schema/`). */
const isSchemaPath = (path: string) => /^modules\/[^/]+\/schema(\.ts|\/[^/]+\.ts)$/.test(path) || path.startsWith('db/schema/');

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

/**
 * `from -> to` for every import of `file` that reaches into another module's internals: a module
 * or `app.ts`/`main.ts` may import another module's public.ts only, platform/ no module at all.
 * A module's schema may name another module's schema: a foreign key is a constraint between
 * the tables, not a read (its direction still counts for cycles).
 */
function crossModuleViolations(file: string, text: string): string[] {
  const from = srcPath(file);
  const own = layerOf(from);
  if (from === 'modules/index.ts') return [];
  const found: string[] = [];
  for (const spec of specifiers(file, text)) {
    if (!spec.startsWith('.')) continue;
    const target = srcPath(resolve(dirname(file), spec));
    if (!target.startsWith('modules/')) continue; // platform, db, config, contract
    const other = layerOf(target);
    if (other === own && own !== 'platform') continue;
    const inside = target.split('/').slice(2).join('/');
    const open = inside === 'public.ts' || inside === 'public' || (own === 'root' && target === 'modules/index.ts');
    const foreignKey = isSchemaPath(from) && isSchemaPath(target);
    if (own !== 'platform' && (open || foreignKey)) continue;
    found.push(`${from} -> ${target}`);
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
    const from = srcPath(file);
    const own = layerOf(from);
    if (!own || own === 'root') continue;
    const edges = graph.get(own) ?? new Map<string, string>();
    graph.set(own, edges);
    for (const spec of specifiers(file, readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = srcPath(resolve(dirname(file), spec));
      if (!target.startsWith('modules/')) continue;
      const other = layerOf(target);
      if (other && other !== 'root' && other !== own && !edges.has(other)) edges.set(other, from);
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

// Table ownership (ADR 0039, issue 40): a table belongs to the module whose folder defines it
// (`modules/<m>/schema.ts` or `modules/<m>/schema/*.ts`); the tables of `db/schema/` are
// platform's (files, installation values, counters, jobs, sessions, SMS), which any module may
// use. A module imports only its own tables and platform's and reads the others through their
// owner's public.ts; platform/ imports only its own; the composition roots none.

/** export name -> the module that defines the table (`platform` for db/schema), and its file. */
function tableDefinitions(): Map<string, { owner: string; file: string }> {
  const defs = new Map<string, { owner: string; file: string }>();
  for (const file of [...productFiles(MODULES), ...productFiles(join(SRC, 'db', 'schema'))]) {
    const path = srcPath(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)) {
      const seen = defs.get(m[1]);
      if (seen) throw new Error(`two tables exported as ${m[1]}: ${seen.file} and ${path}`);
      defs.set(m[1], { owner: path.startsWith('db/') ? 'platform' : (layerOf(path) ?? path), file: path });
    }
  }
  return defs;
}

/**
 * `who -> table (owner)` for every table of another module a file imports (`who` is the module,
 * or the file's path for platform/ and the composition roots). A schema file is not counted: it
 * names another module's table only in a foreign key.
 */
function foreignTables(file: string, text: string, defs: Map<string, { owner: string }>): string[] {
  const path = srcPath(file);
  const own = layerOf(path);
  if (!own || isSchemaPath(path)) return [];
  const who = own === 'platform' || own === 'root' ? path : own;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of source.statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier))
      continue;
    if (!st.moduleSpecifier.text.startsWith('.') || !isSchemaPath(srcPath(resolve(dirname(file), st.moduleSpecifier.text)))) continue;
    const bindings = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : st.exportClause;
    if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
      out.push(`${who} -> * (import the tables by name)`);
      continue;
    }
    for (const el of bindings.elements) {
      const table = (el.propertyName ?? el.name).text;
      const owner = defs.get(table)?.owner;
      if (!owner || owner === own || (owner === 'platform' && own !== 'root')) continue;
      out.push(`${who} -> ${table} (${owner})`);
    }
  }
  return out;
}

/**
 * Tables a file still imports from another module (`who -> table (owner)`). This list only
 * shrinks: the test fails when a pair is no longer needed. A new pair is a read to move to the
 * owner's public.ts (ADR 0047), or for platform/ a hook the composition root wires, not an entry here.
 */
const TABLE_EXCEPTIONS: string[] = [];

describe('module boundaries (ADR 0027)', () => {
  it('modules import one another only through public.ts, and platform/ imports no module', () => {
    const violations = scannedFiles().flatMap((f) => crossModuleViolations(f, readFileSync(f, 'utf8')));
    expect(
      violations,
      'import these through the other module’s public.ts (or move the helper to platform/; platform/ asks a module through a hook the composition root wires)',
    ).toEqual([]);
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
      "import { users } from '../../directory/schema/users.ts';",
    ].join('\n');
    expect(crossModuleViolations(file, text)).toEqual([
      'modules/courses/study/study.service.ts -> modules/projects/projects.repository.ts',
      'modules/courses/study/study.service.ts -> modules/projects/projects.repository',
      'modules/courses/study/study.service.ts -> modules/projects/progress.ts',
      'modules/courses/study/study.service.ts -> modules/directory/users/users.service.ts',
      'modules/courses/study/study.service.ts -> modules/directory/users/users.repository.ts',
      'modules/courses/study/study.service.ts -> modules/directory/schema/users.ts',
    ]);
    const nested = join(MODULES, 'courses', 'media', 'job.ts');
    expect(crossModuleViolations(nested, "import { sendMessage } from '../../content/message/message.service.ts';")).toEqual([
      'modules/courses/media/job.ts -> modules/content/message/message.service.ts',
    ]);
    expect(crossModuleViolations(nested, "import { resError } from '../resources/errors.ts';")).toEqual([]);
    // a schema names another module's table for a foreign key
    const schema = join(MODULES, 'courses', 'schema', 'study.ts');
    expect(crossModuleViolations(schema, "import { users } from '../../directory/schema/users.ts';")).toEqual([]);
    // platform/ is below the modules: not even their public.ts
    const platform = join(SRC, 'platform', 'actor.ts');
    expect(crossModuleViolations(platform, "import { x } from '../modules/identity/public.ts';\nimport { y } from './cache.ts';")).toEqual([
      'platform/actor.ts -> modules/identity/public.ts',
    ]);
    // the composition roots: app.ts through public.ts and modules/index.ts; modules/index.ts names routes and jobs
    const app = join(SRC, 'app.ts');
    expect(
      crossModuleViolations(
        app,
        [
          "import { wireModules } from './modules/index.ts';",
          "import { platformAdminState } from './modules/identity/public.ts';",
          "import { loadActor } from './modules/identity/session/actor.ts';",
        ].join('\n'),
      ),
    ).toEqual(['app.ts -> modules/identity/session/actor.ts']);
    expect(crossModuleViolations(join(MODULES, 'index.ts'), "import { x } from './exams/exams.routes.ts';")).toEqual([]);
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

  it('a module imports only its own tables (and platform tables), platform/ only its own; the exceptions only shrink', () => {
    const defs = tableDefinitions();
    const found = [...new Set(scannedFiles().flatMap((f) => foreignTables(f, readFileSync(f, 'utf8'), defs)))].sort();
    expect(
      found.filter((v) => !TABLE_EXCEPTIONS.includes(v)),
      'read another module’s table through its public.ts',
    ).toEqual([]);
    expect(
      TABLE_EXCEPTIONS.filter((v) => !found.includes(v)),
      'no longer needed: remove these from TABLE_EXCEPTIONS',
    ).toEqual([]);
  });

  it('every table is defined in a schema file, and the schema index drizzle reads lists every schema file', () => {
    const defs = [...tableDefinitions().values()];
    expect(defs.length).toBeGreaterThan(50);
    expect(defs.filter((d) => !isSchemaPath(d.file)).map((d) => d.file)).toEqual([]);
    const index = join(SRC, 'db', 'schema', 'index.ts');
    const listed = [...readFileSync(index, 'utf8').matchAll(/^export \* from '([^']+)';$/gm)].map((m) =>
      srcPath(resolve(dirname(index), m[1])),
    );
    expect(listed.sort()).toEqual([...new Set(defs.map((d) => d.file))].sort());
  });

  it('knows the owner of every table by where it is defined and sees a foreign table however it is imported', () => {
    const defs = tableDefinitions();
    expect(defs.get('users')?.owner).toBe('directory');
    expect(defs.get('resStudies')?.owner).toBe('courses');
    expect(defs.get('auditLogs')?.owner).toBe('operations');
    expect(defs.get('userPapers')?.owner).toBe('exam-taking');
    expect(defs.get('jobs')?.owner).toBe('platform');
    const file = join(MODULES, 'courses', 'study', 'study.repository.ts');
    const text = [
      "import { resStudies, users } from '../../../db/schema/index.ts';",
      "import { projects as p } from '../../projects/schema.ts';",
      "import { jobs } from '../../../db/schema/jobs.ts';",
      "import { resources } from '../schema/resources.ts';",
      "import * as schema from '../../../db/schema/index.ts';",
    ].join('\n');
    expect(foreignTables(file, text, defs)).toEqual([
      'courses -> users (directory)',
      'courses -> projects (projects)',
      'courses -> * (import the tables by name)',
    ]);
    const platform = join(SRC, 'platform', 'x.ts');
    expect(foreignTables(platform, "import { jobs, users } from '../db/schema/index.ts';", defs)).toEqual([
      'platform/x.ts -> users (directory)',
    ]);
    const schema = join(MODULES, 'projects', 'schema.ts');
    expect(foreignTables(schema, "import { users } from '../directory/schema/users.ts';", defs)).toEqual([]);
  });
});
