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
