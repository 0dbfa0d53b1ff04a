import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../src/config/env.ts';
import type { Cache } from '../src/platform/cache.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/**
 * Two app instances ("nodes") in this test process on one database, one cache and one files
 * directory, as two processes of a deployment share them: PostgreSQL and Redis when DATABASE_URL
 * and REDIS_URL are set, else one PGlite and one in-process cache (what the embedded setup can
 * share). `wrapA` may wrap node A's cache (to act between two of its steps).
 */
export async function twoNodes(
  opts: { env?: Partial<Env>; wrapA?: (cache: Cache) => Cache } = {},
): Promise<{ a: TestApp; b: TestApp; filesDir: string; close: () => Promise<void> }> {
  const filesDir = mkdtempSync(join(tmpdir(), 'xuetu-2nodes-'));
  const first = await buildTestApp({ env: opts.env, filesDir });
  const cache = first.ctx.cache;
  const notClosing = (c: Cache): Cache =>
    new Proxy(c, {
      get: (target, key) => {
        if (key === 'close') return async () => {};
        const v = Reflect.get(target, key, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  const b = await buildTestApp({ env: opts.env, database: first.ctx.database, cache: notClosing(cache), filesDir });
  const a = opts.wrapA
    ? await buildTestApp({ env: opts.env, database: first.ctx.database, cache: notClosing(opts.wrapA(cache)), filesDir })
    : first;
  return {
    a,
    b,
    filesDir,
    close: async () => {
      await b.close();
      if (a !== first) await a.close();
      await first.close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * Hooks on a node's cache writes, to act between two of its steps: `wrap` is for twoNodes' `wrapA`;
 * `beforeWrite(prefixes, run)` runs `run` once, just before the next write of a key starting with
 * one of `prefixes` (a hook set again for the same prefixes replaces the waiting one); `waiting()`
 * counts the hooks that have not run.
 */
export function cacheWriteHooks() {
  const hooks = new Map<string, { prefixes: string[]; run: () => Promise<void> }>();
  const wrap = (cache: Cache): Cache =>
    new Proxy(cache, {
      get: (target, key) => {
        const v = Reflect.get(target, key, target);
        if (key !== 'set') return typeof v === 'function' ? v.bind(target) : v;
        return async (k: string, value: unknown, ttl: number) => {
          for (const [id, hook] of hooks) {
            if (!hook.prefixes.some((p) => k.startsWith(p))) continue;
            hooks.delete(id);
            await hook.run();
          }
          return target.set(k, value, ttl);
        };
      },
    });
  return {
    wrap,
    beforeWrite: (prefixes: string | string[], run: () => Promise<void>) => {
      const list = [prefixes].flat();
      hooks.set(list.join(' '), { prefixes: list, run });
    },
    waiting: () => hooks.size,
  };
}
