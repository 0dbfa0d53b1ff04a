import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { staticClosure } from './boot-without-antd.ts';
import { builtIndexHtml } from './index-html.ts';

/**
 * Adds to index.html a small inline script that, for the public pages, asks for the page's lazy
 * chunk and everything it imports (`modulepreload`, and their stylesheets as `preload`) at once, while the entry script is still
 * downloading: without it the page's chunks are found only after the entry has run (one more
 * round trip on a phone, issue 15). `routes`: pathname → the page's module under web/.
 * `signedIn`: the same for the learner's pages, only when the session cookie `cookie` is set
 * (issue 23 item 11): pathname → the modules the page renders in (the layout, then the page),
 * otherwise found one after the other — the entry runs, the session loads, the layout's chunk
 * arrives and only then asks for the page's.
 * The build fails when a module is no longer a chunk of its own (renamed or no longer lazy).
 */
export function routePreload(
  routes: Record<string, string>,
  signedIn: { cookie: string; routes: Record<string, string[]> } = { cookie: '', routes: {} },
): Plugin {
  return builtIndexHtml('xuetu-route-preload', (html, bundle) => {
    const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const closure = (start: OutputChunk) => staticClosure(byFile, start);
    const entry = chunks.find((c) => c.isEntry);
    if (!entry) throw new Error('route-preload: no entry chunk');
    const loadedByEntry = closure(entry);
    const filesOf = (path: string, modules: string[]) => {
      const files = new Set<string>();
      for (const module of modules) {
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(`/web/${module}`));
        if (!page) throw new Error(`route-preload: ${module} (${path}) is not a chunk of its own`);
        for (const f of closure(page)) if (!loadedByEntry.has(f)) files.add(f);
      }
      // and their stylesheets: the page's import waits for them before it renders
      const css = new Set([...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
      return [...files, ...css].map((f) => `/${f}`);
    };
    const plan: Record<string, string[]> = {};
    for (const [path, module] of Object.entries(routes)) plan[path] = filesOf(path, [module]);
    const signedPlan: Record<string, string[]> = {};
    for (const [path, modules] of Object.entries(signedIn.routes)) signedPlan[path] = filesOf(path, modules);
    // a stylesheet is fetched as Vite's loader will ask for it (crossorigin), so that one is used
    // all links go in at once (one fragment): one insertion into <head> per link cost ~60 ms on a
    // phone-class CPU, most of the page's parse time
    const script = `(function(p,a,t){var f=p[location.pathname];if(!f&&t&&(window.__xtCk||(window.__xtCk='; '+document.cookie)).indexOf('; '+t+'=')>=0)f=a[location.pathname];if(!f)return;var d=document.createDocumentFragment();for(var i=0;i<f.length;i++){var l=document.createElement('link');if(/\\.css$/.test(f[i])){l.rel='preload';l.as='style';l.crossOrigin=''}else l.rel='modulepreload';l.href=f[i];d.appendChild(l)}document.head.appendChild(d)})(${JSON.stringify(plan)},${JSON.stringify(signedPlan)},${JSON.stringify(signedIn.cookie)})`;
    return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
  });
}
