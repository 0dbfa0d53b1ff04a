// `npm start`'s build step (issue 39 item 3): builds the web app and the server only when their
// inputs changed since the last build. Each build's inputs (files and the environment variables it
// reads) are hashed by content — a checkout or a copy that changes times but not bytes rebuilds
// nothing — and the hash kept in node_modules/.cache/xuetu-build/ once the build succeeded.
//
//   node scripts/build-if-stale.mjs            build what is out of date
//   node scripts/build-if-stale.mjs --always   build everything (`npm run build`)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMPS = join(ROOT, 'node_modules/.cache/xuetu-build');
const SHARED = ['contract/src', 'contract/package.json', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

/** what each build reads, what shows it ran, and how to run it */
export const TARGETS = {
  web: {
    inputs: [
      ...SHARED,
      'web/src',
      'web/public',
      'web/build',
      'web/index.html',
      'web/vite.config.ts',
      'web/tsconfig.json',
      'web/package.json',
    ],
    env: ['XUETU_SOURCEMAP', 'XUETU_CHUNK_REPORT'],
    output: 'web/dist/index.html',
    command: ['npm', ['run', 'build', '-w', '@xuetu/web']],
  },
  server: {
    inputs: [...SHARED, 'server/src', 'server/scripts/build.mjs', 'server/package.json', 'server/tsconfig.json'],
    env: [],
    output: 'server/dist/main.js',
    command: [process.execPath, ['server/scripts/build.mjs']],
  },
};

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  // tests are no input of a build: editing one rebuilds nothing
  return readdirSync(path, { withFileTypes: true })
    .filter((e) => !/\.test\.tsx?$/.test(e.name))
    .flatMap((e) => files(join(path, e.name)));
}

/** the hash of a target's inputs: every file's path and bytes, and the environment it reads */
export function inputsHash(target, root = ROOT) {
  const hash = createHash('sha256');
  const all = target.inputs.flatMap((p) => files(join(root, p))).sort();
  for (const file of all)
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  for (const name of target.env) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

function stampPath(name) {
  return join(STAMPS, `${name}.sha256`);
}

/** true when `name`'s output exists and was built from these very inputs */
export function upToDate(name, hash) {
  const stamp = stampPath(name);
  return existsSync(join(ROOT, TARGETS[name].output)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const always = process.argv.includes('--always');
  for (const [name, target] of Object.entries(TARGETS)) {
    const started = performance.now();
    const hash = inputsHash(target);
    if (!always && upToDate(name, hash)) {
      console.log(`${name}: up to date (inputs checked in ${Math.round(performance.now() - started)} ms)`);
      continue;
    }
    console.log(`${name}: building`);
    const [cmd, args] = target.command;
    const run = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(`${name}: build failed`);
      process.exit(run.status ?? 1);
    }
    // the hash of the inputs as they were before the build: an edit during the build rebuilds next time
    mkdirSync(STAMPS, { recursive: true });
    writeFileSync(stampPath(name), hash);
  }
}
