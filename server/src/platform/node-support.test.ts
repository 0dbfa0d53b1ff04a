import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// ADR 0030: the server runs on the Node LTS that the root package.json's `engines` names (the
// README and .ci/run install the same). Every package the server loads must accept that
// version's lowest release; a dependency bump that needs a newer Node fails here.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const ENGINES = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const SUPPORTED = semver.minVersion(ENGINES)?.version ?? ENGINES;

const admits = (range: string) => semver.satisfies(SUPPORTED, range);

function packagesUnder(dir: string, out: { path: string; range: string }[] = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const p = join(dir, name);
    if (name.startsWith('@')) {
      packagesUnder(p, out);
      continue;
    }
    const pj = join(p, 'package.json');
    if (existsSync(pj)) {
      const range = (JSON.parse(readFileSync(pj, 'utf8')) as { engines?: { node?: string } }).engines?.node;
      if (range) out.push({ path: p.slice(ROOT.length + 1), range });
    }
    packagesUnder(join(p, 'node_modules'), out);
  }
  return out;
}

/** The packages the server loads: the server's own and the hoisted ones its dependencies reach. */
function serverPackages(): Set<string> {
  const seen = new Set<string>();
  const visit = (pkgDir: string) => {
    const pj = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(pj.dependencies ?? {})) {
      for (let d = pkgDir; d.startsWith(ROOT); d = dirname(d)) {
        const candidate = join(d, 'node_modules', dep);
        if (existsSync(join(candidate, 'package.json'))) {
          if (!seen.has(candidate)) {
            seen.add(candidate);
            visit(candidate);
          }
          break;
        }
        if (d === ROOT) break;
      }
    }
  };
  visit(join(ROOT, 'server'));
  return new Set([...seen].map((p) => p.slice(ROOT.length + 1)));
}

describe('supported Node version', () => {
  it('the runtime is the one engines names', () => {
    expect(semver.satisfies(process.versions.node, ENGINES)).toBe(true);
  });

  it('every package the server loads accepts the lowest Node that engines names', () => {
    const used = serverPackages();
    const refusing = packagesUnder(join(ROOT, 'node_modules'))
      .concat(packagesUnder(join(ROOT, 'server/node_modules')))
      .filter((p) => used.has(p.path) && !admits(p.range))
      .map((p) => `${p.path} (${p.range})`);
    expect(refusing).toEqual([]);
  });
});
