import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { productFiles } from '../../test/source-files.ts';

// Issue 24 item 3: one way per concern (docs/DEVELOPING.md "One way per concern"). Each rule below
// reads every product file under server/src (test files are not read) and counts the places that
// still do it another way. The counts must equal the exception list: a new violation fails, and so
// does a listed one that went away — lower its count (or drop the line) in the same change, so the
// lists only ever shrink. Counts are per file.
const SRC = resolveSrc();

function resolveSrc(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..');
}

type Rule = (rel: string, source: ts.SourceFile) => number;

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function countNodes(source: ts.SourceFile, match: (node: ts.Node) => boolean): number {
  let n = 0;
  const visit = (node: ts.Node) => {
    if (match(node)) n++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return n;
}

const calleeName = (node: ts.CallExpression | ts.NewExpression): string | null => {
  const e = node.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
};

/** Seeds and the database layer itself (db/, and each module's table definitions) are not the product's request/job paths. */
const isSeedOrDb = (rel: string) => rel.startsWith('db/') || /(^|\/)seed\.ts$/.test(rel) || /^modules\/[^/]+\/schema(\.ts$|\/)/.test(rel);
const isRepository = (rel: string) => /(^|[./])repository\.ts$/.test(rel);

/** 1. Transactions open through inTransaction (platform/tx.ts), never `db.transaction(` directly. */
const rawTransactions: Rule = (rel, source) =>
  rel === 'platform/tx.ts' || isSeedOrDb(rel)
    ? 0
    : countNodes(
        source,
        (n) => ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'transaction',
      );

/**
 * 2. SQL only in repositories: outside `*.repository.ts` / `repository.ts` no file imports a value
 * from drizzle-orm (query operators, `sql`) — counted once per imported name.
 */
const queriesOutsideRepositories: Rule = (rel, source) => {
  // platform/ helpers that own their small tables (sessions, counters, markers) are repositories of their own
  if (!rel.startsWith('modules/') || isRepository(rel) || isSeedOrDb(rel)) return 0;
  let n = 0;
  for (const st of source.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (!st.moduleSpecifier.text.startsWith('drizzle-orm')) continue;
    const clause = st.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) n++;
    const b = clause.namedBindings;
    if (b && ts.isNamedImports(b)) n += b.elements.filter((e) => !e.isTypeOnly).length;
    else if (b) n++;
  }
  return n;
};

/**
 * 2b. SQL only in repositories, written without importing drizzle-orm: a query built on a database
 * handle (`ctx.db.insert(`, `tx.update(`, `db.select(`, `caller.ctx.db.execute(` …) outside a
 * repository — counted once per statement begun. A handle is `db`, `tx` or anything's `.db`.
 */
const QUERY_BUILDERS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute', 'with', '$count']);
const isDbHandle = (e: ts.Expression): boolean =>
  (ts.isIdentifier(e) && (e.text === 'db' || e.text === 'tx')) || (ts.isPropertyAccessExpression(e) && e.name.text === 'db');
const queryBuildersOutsideRepositories: Rule = (rel, source) =>
  !rel.startsWith('modules/') || isRepository(rel) || isSeedOrDb(rel)
    ? 0
    : countNodes(
        source,
        (n) =>
          ts.isCallExpression(n) &&
          ts.isPropertyAccessExpression(n.expression) &&
          QUERY_BUILDERS.has(n.expression.name.text) &&
          isDbHandle(n.expression.expression),
      );

/**
 * 3. One error shape: `appError(code)` / `appErrorMsg(code, msg)` (platform/errors.ts), whose code
 * carries its kind. Counted: `fail(…)`, `new AppError(…)` outside platform/errors.ts, and the
 * per-module factories (`projectError`, `examError`, `resError`).
 */
const MODULE_ERROR_FACTORIES = new Set(['projectError', 'examError', 'resError']);
const otherErrorShapes: Rule = (rel, source) =>
  rel === 'platform/errors.ts'
    ? 0
    : countNodes(source, (n) => {
        if (ts.isNewExpression(n)) return calleeName(n) === 'AppError';
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression))
          return n.expression.text === 'fail' || MODULE_ERROR_FACTORIES.has(n.expression.text);
        return false;
      });

/** 4. Jobs: `defineJob(` only in a file named jobs.ts (one per module or sub-module). */
const jobsElsewhere: Rule = (rel, source) =>
  rel.startsWith('platform/jobs/') || /(^|\/)jobs\.ts$/.test(rel)
    ? 0
    : countNodes(source, (n) => ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'defineJob');

/** 5. Time from the context's clock: no LRUCache built without the clock (`perf: …`). */
const cachesOffTheClock: Rule = (_rel, source) =>
  countNodes(source, (n) => {
    if (!ts.isNewExpression(n) || calleeName(n) !== 'LRUCache') return false;
    const [opts] = n.arguments ?? [];
    return !(
      opts &&
      ts.isObjectLiteralExpression(opts) &&
      opts.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'perf')
    );
  });

/**
 * 6. Per-app state on the context: a module-level `let`, or a module-level Map/Set/WeakMap/WeakSet
 * created empty (filled at run time), is state shared by every app in the process. Constant lookup
 * tables (created with their entries) are not counted.
 */
const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);
const moduleLevelState: Rule = (rel, source) => {
  // main.ts is the process itself (one app); tx.ts keys its map by an open transaction, not by an app
  if (rel === 'main.ts' || rel === 'platform/tx.ts') return 0;
  let n = 0;
  for (const st of source.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const isLet = (st.declarationList.flags & ts.NodeFlags.Let) !== 0;
    for (const d of st.declarationList.declarations) {
      const init = d.initializer;
      if (isLet) n++;
      else if (init && ts.isNewExpression(init) && COLLECTIONS.has(calleeName(init) ?? '') && !(init.arguments?.length ?? 0)) n++;
    }
  }
  return n;
};

function scan(rule: Rule, texts: Map<string, string> = productTexts()): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [rel, text] of texts) {
    const n = rule(rel, parse(rel, text));
    if (n) out[rel] = n;
  }
  return out;
}

let cached: Map<string, string> | null = null;
function productTexts(): Map<string, string> {
  if (!cached) {
    cached = new Map();
    for (const f of productFiles(SRC).sort()) cached.set(relative(SRC, f).split(sep).join('/'), readFileSync(f, 'utf8'));
  }
  return cached;
}

// ---------- the exception lists: they may only shrink ----------

const RAW_TRANSACTIONS: Record<string, number> = {
  // the job queue's own claim/complete statements take a bare Db (no context to hand inTransaction)
  'platform/jobs/repository.ts': 2,
};

const QUERIES_OUTSIDE_REPOSITORIES: Record<string, number> = {
  // one visibility rule written twice, as SQL for the repositories and as a check of a loaded row
  // (isResVisible / visibleResWhere, ownOrPlatform / ownOnly), kept side by side so they cannot drift
  'modules/courses/resources/resources.policy.ts': 3,
  'modules/courses/resources/visibility.ts': 5,
};

const QUERY_BUILDERS_OUTSIDE_REPOSITORIES: Record<string, number> = {};

const OTHER_ERROR_SHAPES: Record<string, number> = {};

const JOBS_ELSEWHERE: Record<string, number> = {};

const CACHES_OFF_THE_CLOCK: Record<string, number> = {};

const MODULE_LEVEL_STATE: Record<string, number> = {
  // purge throttles: per process on purpose (one sweep per N writes, whichever app wrote)
  'modules/identity/account/secrets.ts': 1,
  'platform/counters.ts': 1,
  'platform/markers.ts': 1,
  // registries filled at import time by the modules (the same for every app)
  'platform/files/references.ts': 1,
  'platform/files/reservations.ts': 1,
  // after-commit event handlers, wired by the composition root (the same for every app)
  'platform/events.ts': 1,
};

// ONE_WAY_PRINT=1 npx vitest run src/platform/one-way.test.ts prints the current counts (to lower a list)
if (process.env.ONE_WAY_PRINT)
  for (const [k, r] of Object.entries({
    rawTransactions,
    queriesOutsideRepositories,
    queryBuildersOutsideRepositories,
    otherErrorShapes,
    jobsElsewhere,
    cachesOffTheClock,
    moduleLevelState,
  }))
    console.log(k, JSON.stringify(scan(r), null, 2));

describe('one way per concern (issue 24 item 3; the exception lists only shrink)', () => {
  it('transactions open through inTransaction', () => {
    expect(scan(rawTransactions), 'use inTransaction(caller | ctx, …) from platform/tx.ts').toEqual(RAW_TRANSACTIONS);
  });
  it('SQL lives in repositories', () => {
    expect(scan(queriesOutsideRepositories), 'move the query into the module’s *.repository.ts').toEqual(QUERIES_OUTSIDE_REPOSITORIES);
  });
  it('queries are built on a database handle only in repositories', () => {
    expect(scan(queryBuildersOutsideRepositories), 'move the statement into the module’s *.repository.ts').toEqual(
      QUERY_BUILDERS_OUTSIDE_REPOSITORIES,
    );
  });
  it('errors are appError(code) / appErrorMsg(code, msg)', () => {
    expect(scan(otherErrorShapes), 'raise appError(code) with a contract code').toEqual(OTHER_ERROR_SHAPES);
  });
  it('jobs are defined in a jobs.ts', () => {
    expect(scan(jobsElsewhere), 'define the job in the module’s jobs.ts').toEqual(JOBS_ELSEWHERE);
  });
  it('in-process caches run on the context’s clock', () => {
    expect(scan(cachesOffTheClock), 'give the LRUCache `perf` from the context’s clock').toEqual(CACHES_OFF_THE_CLOCK);
  });
  it('per-app state lives on the context, not in module-level variables', () => {
    expect(scan(moduleLevelState), 'keep the state on the AppContext (or a WeakMap keyed by it)').toEqual(MODULE_LEVEL_STATE);
  });

  it('each rule sees what it is meant to', () => {
    const one = (rule: Rule, rel: string, text: string) => scan(rule, new Map([[rel, text]]))[rel] ?? 0;
    expect(
      one(rawTransactions, 'modules/a/a.service.ts', 'await ctx.db.transaction(async (tx) => {}); await inTransaction(caller, f);'),
    ).toBe(1);
    expect(one(rawTransactions, 'platform/tx.ts', 'ctx.db.transaction(f)')).toBe(0);
    expect(one(queriesOutsideRepositories, 'modules/a/a.service.ts', "import { and, eq, type SQL } from 'drizzle-orm';")).toBe(2);
    expect(one(queriesOutsideRepositories, 'modules/a/a.service.ts', "import type { SQL } from 'drizzle-orm';")).toBe(0);
    expect(one(queriesOutsideRepositories, 'modules/a/a.repository.ts', "import { eq } from 'drizzle-orm';")).toBe(0);
    expect(
      one(
        queryBuildersOutsideRepositories,
        'modules/a/a.service.ts',
        [
          'await ctx.db.insert(t).values(v);',
          'await tx.update(t).set(v);',
          'await caller.ctx.db.select().from(t);',
          'await db.execute(q);',
          'await tx.delete(t);',
          "hash.update('x'); map.delete(k); list.select(); await insertRows(tx, rows);",
        ].join('\n'),
      ),
    ).toBe(5);
    expect(one(queryBuildersOutsideRepositories, 'modules/a/a.repository.ts', 'await ctx.db.insert(t).values(v);')).toBe(0);
    expect(
      one(
        otherErrorShapes,
        'modules/a/a.service.ts',
        "throw fail('x'); throw new AppError('x'); throw projectError('P'); throw appError('NOT_FOUND');",
      ),
    ).toBe(3);
    expect(one(jobsElsewhere, 'modules/a/a.service.ts', "export const j = defineJob('a', {});")).toBe(1);
    expect(one(jobsElsewhere, 'modules/a/jobs.ts', "export const j = defineJob('a', {});")).toBe(0);
    expect(one(cachesOffTheClock, 'platform/x.ts', 'new LRUCache({ max: 1 }); new LRUCache({ max: 1, perf });')).toBe(1);
    expect(
      one(moduleLevelState, 'platform/x.ts', 'let a = 1; const b = new Map(); const c = new Set([1]); function f() { let d = new Map(); }'),
    ).toBe(2);
  });
});
