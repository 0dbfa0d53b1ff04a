import type { ChunkingContext } from 'rolldown';

/**
 * A `codeSplitting` group name function: every module the entry imports statically (and so every
 * page loads before it renders anything) goes into one `boot` chunk, instead of the dozen or so
 * small shared chunks the automatic split makes of them because lazy pages import parts of them
 * too. Same bytes on every page, far fewer requests before the first render (on HTTP/1.1 a phone
 * waits a round trip per six of them; issue 15, Lighthouse LCP). `entryId`: the entry module's
 * absolute path; the entry module itself stays in the entry chunk.
 */
const BARREL = /node_modules[\\/](antd|@ant-design[\\/]icons|@rc-component[\\/][^\\/]+)[\\/](es|lib)[\\/]index\.js$/;

export function bootChunk(entryId: string) {
  let reachable: Set<string> | undefined;
  return (moduleId: string, ctx: ChunkingContext): string | null => {
    if (!reachable) {
      // a package's barrel imports the whole package: what the entry really uses of it is not
      // known here, so the walk stops there (those modules keep the automatic split)
      reachable = staticReach([entryId], ctx);
      if (reachable.size < 2) throw new Error(`boot-chunk: ${entryId} imports nothing (not the entry?)`);
    }
    return moduleId !== entryId && reachable.has(moduleId) && !BARREL.test(moduleId) ? 'boot' : null;
  };
}

/**
 * A `codeSplitting` group name function for the public pages' own modules (web/src, not
 * packages): a module reached statically from some of `pages` goes into one chunk per set of
 * pages that reach it (`pub-home-login`, …), whatever admin page also uses it. The automatic
 * split cuts them by every lazy page of the app into a dozen tiny files per public page, each a
 * request on a phone. Modules of the entry's `boot` chunk are not taken. `pages`: short name →
 * the page module's absolute path. `together`: pages whose modules share one chunk whatever other
 * public page also uses them (`pub-home-login`: the two most visited pages then fetch two or three
 * files each, not six to eight; they already shared most of their bytes through the dependencies
 * the groups pull in — Lighthouse counts each request on the simulated slow link). `prefix`: the
 * chunk names' (`pub`; the signed-in shell and learner pages use the same grouping under their own,
 * issue 23 item 11). `packages`: package modules grouped the same way, by the pages whose own
 * modules import them (the portal's icons: otherwise an icon /home draws followed the sign-in
 * page's forms into `pub-login`, and /home loaded antd's form code with it; issue 39 item 2).
 */
export function publicPagesChunks(
  pages: Record<string, string>,
  entryId: string,
  together: string[] = [],
  prefix = 'pub',
  packages?: RegExp,
) {
  let reachedBy: Map<string, string[]> | undefined;
  const boot = bootChunk(entryId);
  const pageIds = new Set(Object.values(pages));
  return (moduleId: string, ctx: ChunkingContext): string | null => {
    if (!reachedBy) {
      const map = new Map<string, string[]>();
      for (const [name, pageId] of Object.entries(pages)) {
        if (!ctx.getModuleInfo(pageId)) throw new Error(`public-pages-chunks: ${pageId} is not a module`);
        const seen = new Set<string>();
        const stack = [pageId];
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id) || !(OWN_SOURCE.test(id) || packages?.test(id))) continue;
          seen.add(id);
          // a package module is grouped, not walked through
          if (!OWN_SOURCE.test(id)) continue;
          const info = ctx.getModuleInfo(id);
          const lazy = new Set(info?.dynamicallyImportedIds ?? []);
          for (const next of info?.importedIds ?? []) if (!lazy.has(next)) stack.push(next);
        }
        for (const id of seen) map.set(id, [...(map.get(id) ?? []), name]);
      }
      reachedBy = map;
    }
    const names = reachedBy.get(moduleId);
    // the pages themselves stay chunks of their own (the router loads them, route-preload finds them)
    if (!names || pageIds.has(moduleId) || boot(moduleId, ctx)) return null;
    if (names.some((n) => together.includes(n))) return `${prefix}-${[...together].sort().join('-')}`;
    return `${prefix}-${[...names].sort().join('-')}`;
  };
}

/** our own source, not a package (and not a virtual module) */
const OWN_SOURCE = /^(?!.*node_modules)[^\0]*[\\/]web[\\/]src[\\/]/;

/** the icons' runtime and the colours they are drawn in (each icon goes where it is drawn) */
const ICON_RUNTIME =
  /node_modules[\\/](@ant-design[\\/](icons[\\/]es[\\/](components|utils|[a-zA-Z]+Utils)|colors|fast-color)|@rc-component[\\/]util)[\\/]/;
/** antd's own index (the portal imports its components through it) */
const ANTD_INDEX = /node_modules[\\/]antd[\\/](es|lib)[\\/]index\.js$/;

/**
 * the modules `starts` import statically, packages included, up to a package's index; `iconsIndex`:
 * fail when one of our modules imports the icons' index
 */
function staticReach(starts: string[], ctx: ChunkingContext, iconsIndex = false, through?: RegExp): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    // a package's barrel: what is used of it follows its users into the chunk (the bundler takes
    // a group's dependencies with it), not the whole package (unless `through` names it)
    if (BARREL.test(id) && !through?.test(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    const lazy = new Set(info.dynamicallyImportedIds);
    for (const next of info.importedIds) {
      if (lazy.has(next)) continue;
      if (iconsIndex && ICONS_INDEX.test(next) && OWN_SOURCE.test(id))
        throw new Error(
          `lean-chunk: ${id} imports @ant-design/icons' index; import each icon by its module (@ant-design/icons/es/icons/…)`,
        );
      stack.push(next);
    }
  }
  return seen;
}

const ICONS_INDEX = /node_modules[\\/]@ant-design[\\/]icons[\\/](es|lib)[\\/]index\.js$/;

/**
 * A `codeSplitting` group name function for what the signed-in layout and the lean learner pages
 * (ADR 0050) import statically, packages included: the `lean` chunk, and `lean-portal` for what of
 * it the public pages `portal` import too (the banner carousel, the notice rows, the avatar, the
 * light tabs, the portal's API and keys, the icons antd's own components draw too) with the icons'
 * runtime. Without it those were grouped
 * with the portal's forms (`pub-home-login`, 106 KB br) and the icons' runtime with antd's
 * configuration (`antd-config`), and a lean page loaded both; a single chunk for all of them gave
 * the portal the layout's code and styles. The boot's modules stay in the boot; the page modules
 * themselves stay chunks of their own (the router loads them, route-preload finds them).
 * `starts`, `portal`: the modules' absolute paths.
 */
export function leanChunks(starts: string[], portal: string[], entryId: string) {
  if (starts.length < 2) throw new Error('leanChunks: the layout, then the lean pages');
  let lean: Set<string> | undefined;
  let shared: Set<string> | undefined;
  let onePage: Set<string> | undefined;
  const boot = bootChunk(entryId);
  const own = new Set([...starts, ...portal]);
  const name = (moduleId: string, ctx: ChunkingContext): string | null => {
    if (!lean || !shared) {
      // the icons by their own modules: through the package's index they would follow whichever
      // chunk took them first, often a portal page's
      const reaches = starts.map((start) => staticReach([start], ctx, true));
      lean = new Set(reaches.flatMap((reach) => [...reach]));
      // of our own modules, `lean` takes what the layout (the first start) or at least two lean
      // pages import: one only one page uses stays with that page (the study page's player and
      // notes are not the dashboard's); the packages and what the portal shares go as before
      const count = new Map<string, number>();
      for (const reach of reaches.slice(1)) for (const id of reach) count.set(id, (count.get(id) ?? 0) + 1);
      onePage = new Set([...count].filter(([id, n]) => n === 1 && !reaches[0].has(id) && OWN_SOURCE.test(id)).map(([id]) => id));
      // through antd's index: the icons antd's own components draw (a close button, a select's
      // arrow) are shared with the portal's chunks; those only the lean pages draw stay in `lean`
      const fromPortal = staticReach(portal, ctx, false, ANTD_INDEX);
      shared = new Set([...lean].filter((id) => fromPortal.has(id) || ICON_RUNTIME.test(id)));
    }
    if (!lean.has(moduleId) || own.has(moduleId) || BARREL.test(moduleId) || boot(moduleId, ctx)) return null;
    if (shared.has(moduleId)) return 'lean-portal';
    return onePage?.has(moduleId) ? null : 'lean';
  };
  // two groups, the shared one of higher priority: a group takes its modules' dependencies with
  // it, so `lean` first would take the shared modules its own ones import
  return {
    portal: (moduleId: string, ctx: ChunkingContext) => (name(moduleId, ctx) === 'lean-portal' ? 'lean-portal' : null),
    lean: (moduleId: string, ctx: ChunkingContext) => (name(moduleId, ctx) === 'lean' ? 'lean' : null),
  };
}
