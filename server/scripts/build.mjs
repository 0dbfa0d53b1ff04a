// The production server build (issue 39 item 3): server/src and the contract's TypeScript bundled
// into plain JavaScript in server/dist, so a node starts without compiling anything (tsx stays for
// development and the tests). Packages in node_modules stay outside the bundle, loaded by Node.
//
// Paths from `import.meta.url` (the migrations, the sample files, the web app's folder) keep
// pointing into the checkout: in each bundled module `import.meta.url` is replaced by its source
// file's address, written relative to the bundle, so dist/ works wherever the checkout is. A worker
// thread's module (`new URL('./x.ts', import.meta.url)` in server/src) is found by that pattern and
// built as its own entry, dist/x.js, and the expression rewritten to it: a new worker needs no edit here.
//
//   node server/scripts/build.mjs [outdir]   (default server/dist)
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(SERVER, 'src');
const MAIN = join(SRC, 'main.ts');
const WORKER_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;
const DIST_URL = '__xuetu_dist_url__';
const BUNDLED = /^(@xuetu\/|drizzle-orm(\/|$)|zod(\/|$))/;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** the worker modules named in server/src: absolute path → entry name (its file name, unique) */
export function workerEntries() {
  const workers = new Map();
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(WORKER_URL)) {
      const path = resolve(dirname(file), m[2]);
      const name = basename(path, '.ts');
      const other = [...workers].find(([p, n]) => n === name && p !== path);
      if (other) throw new Error(`two worker modules named ${name}: ${other[0]} and ${path}`);
      workers.set(path, name);
    }
  }
  return workers;
}

/** Builds the server into `outdir`; returns the entry names (main and the workers). */
export async function buildServer(outdir = join(SERVER, 'dist')) {
  const workers = workerEntries();
  const entryPoints = { main: MAIN, ...Object.fromEntries([...workers].map(([path, name]) => [name, path])) };
  const toUrl = (p) => p.split('\\').join('/');
  const ourTs = {
    name: 'xuetu-sources',
    setup(b) {
      // packages load from node_modules at run time, but for the workspace's own (the contract) and
      // a few pure-JavaScript ones made of hundreds of small modules, which Node would otherwise
      // resolve and compile one by one at every start (drizzle-orm and zod: about half a second)
      b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { external: true }));
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        let text = readFileSync(args.path, 'utf8');
        if (/import\.meta\.(dirname|filename)/.test(text))
          throw new Error(`${args.path}: use import.meta.url (the build rewrites it), not import.meta.dirname/filename`);
        text = text.replace(WORKER_URL, (whole, _q, rel) => {
          const name = workers.get(resolve(dirname(args.path), rel));
          return name ? `new URL('./${name}.js', ${DIST_URL})` : whole;
        });
        const source = JSON.stringify(toUrl(relative(outdir, args.path)));
        text = text.replaceAll('import.meta.url', `new URL(${source}, import.meta.url).href`).replaceAll(DIST_URL, 'import.meta.url');
        return { contents: text, loader: 'ts', resolveDir: dirname(args.path) };
      });
    },
  };
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    // the server's files carry their names in logs and errors; nothing is shortened
    minify: false,
    logLevel: 'warning',
    plugins: [ourTs],
  });
  return Object.keys(entryPoints);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = resolve(process.argv[2] ?? join(SERVER, 'dist'));
  const started = performance.now();
  const entries = await buildServer(outdir);
  console.log(
    `server built into ${relative(process.cwd(), outdir) || '.'} (${entries.join(', ')}) in ${Math.round(performance.now() - started)} ms`,
  );
}
