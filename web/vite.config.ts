import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdStaticStyle } from './build/antd-static-style';
import { bootChunk, leanChunks, publicPagesChunks } from './build/boot-chunk.ts';
import { bootWithoutAntd } from './build/boot-without-antd.ts';
import { chunkReport } from './build/chunk-report';
import { dataPrefetch } from './build/data-prefetch.ts';
import { inertContractZod } from './build/inert-zod';
import { inlineEntryCss } from './build/inline-entry-css';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';
import { PREFETCH_SESSION_SKIP, PREFETCH_TOKEN_COOKIE } from './src/api/prefetch';
import { LEAN_PAGE_PATHS, LEAN_PUBLIC_PATHS } from './src/app/leanPages';

/** the public pages (issue 15): their own modules are grouped by page, not by every lazy page */
const PUBLIC_PAGES = Object.fromEntries(
  ['home', 'infonoticelist', 'viewnoticeitem'].map((p) => [p, join(import.meta.dirname, 'src', 'pages', 'public', p, 'index.tsx')]),
);
PUBLIC_PAGES.login = join(import.meta.dirname, 'src', 'pages', 'login', 'index.tsx');
PUBLIC_PAGES.register = join(import.meta.dirname, 'src', 'pages', 'register', 'index.tsx');

/** the learner pages measured in bench:web (issue 23 item 11): pathname → the page's module */
const SIGNED_IN_PAGES: Record<string, string> = {
  '/dashboard': 'src/pages/dashboard/index.tsx',
  '/trainres/index': 'src/pages/learner/trainres/index.tsx',
  '/trainres/study': 'src/pages/learner/study/index.tsx',
  '/ysUserExam/exam': 'src/pages/learner/exam/index.tsx',
  '/ysUserExam/myexam': 'src/pages/learner/myexam/index.tsx',
  '/project/mystudy': 'src/pages/learner/mystudy/index.tsx',
};

const SHELL = { shell: join(import.meta.dirname, 'src', 'app', 'layout', 'Layout.tsx') };
const LEARNER_PAGES = Object.fromEntries(
  Object.entries({ dashboard: '/dashboard', catalogue: '/trainres/index', study: '/trainres/study', exam: '/ysUserExam/exam' }).map(
    ([name, path]) => [name, join(import.meta.dirname, SIGNED_IN_PAGES[path])],
  ),
);

/** the layout and the lean learner pages (ADR 0050; app/leanPages.ts): their static imports, one chunk */
const signedInPage = (path: string) => {
  const key = Object.keys(SIGNED_IN_PAGES).find((k) => k.toLowerCase() === path);
  if (!key) throw new Error(`vite.config: the lean page ${path} is not in SIGNED_IN_PAGES`);
  return join(import.meta.dirname, SIGNED_IN_PAGES[key]);
};
const LEAN_STARTS = [SHELL.shell, ...LEAN_PAGE_PATHS.map(signedInPage)];
// what the public pages load: their pages, and antd's configuration beside them
const LEAN_CHUNKS = leanChunks(
  LEAN_STARTS,
  [...Object.values(PUBLIC_PAGES), join(import.meta.dirname, 'src', 'app', 'AntdConfig.tsx')],
  join(import.meta.dirname, 'src', 'main.tsx'),
);

const backend = process.env.XUETU_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    inertContractZod(),
    // the public pages' chunks are asked for together with the entry (issue 15), and with a
    // session the learner pages' layout and page (issue 23 item 11)
    routePreload(
      {
        '/home': 'src/pages/public/home/index.tsx',
        '/login': 'src/pages/login/index.tsx',
        '/register': 'src/pages/register/index.tsx',
        '/infonoticelist': 'src/pages/public/infonoticelist/index.tsx',
        '/viewnoticeitem': 'src/pages/public/viewnoticeitem/index.tsx',
      },
      {
        cookie: PREFETCH_TOKEN_COOKIE,
        routes: Object.fromEntries(Object.entries(SIGNED_IN_PAGES).map(([path, page]) => [path, ['src/app/layout/Layout.tsx', page]])),
      },
    ),
    // the public pages' first API calls start with the page, not after the app (issue 15)
    dataPrefetch(),
    // antd's styles of the first screen made at build time, not in the browser (issue 15); with a
    // session, the signed-in layout's and learner pages' too (issue 23 item 11)
    antdStaticStyle(import.meta.dirname, {
      cookie: PREFETCH_TOKEN_COOKIE,
      skip: PREFETCH_SESSION_SKIP,
      lean: LEAN_PAGE_PATHS,
      leanPublic: LEAN_PUBLIC_PATHS,
    }),
    // the entry's small stylesheet inside index.html: one round trip less before the first paint
    inlineEntryCss(),
    precompress(),
    // what every page loads first holds no antd (ADR 0050), nor /home's and /login's first load (issue 39 item 2)
    bootWithoutAntd([...LEAN_STARTS, PUBLIC_PAGES.home, PUBLIC_PAGES.login]),
    ...(process.env.XUETU_CHUNK_REPORT ? [chunkReport()] : []),
  ],
  server: {
    port: 5173,
    proxy: {
      '/prod-api': { target: backend, changeOrigin: true },
      '/Download': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // maps only for npm run bench:profile (docs/DEVELOPING.md); the shipped build has none
    sourcemap: Boolean(process.env.XUETU_SOURCEMAP),
    rolldownOptions: {
      output: {
        // React is on every page: one long-lived chunk. The UI kit is NOT grouped: each page's
        // chunks carry only the antd components it uses, shared ones land in shared chunks, so
        // the portal never downloads the admin toolkit (issue 15; docs/adr/0035-web-weight.md).
        codeSplitting: {
          // What the entry imports statically is loaded by every page first: one `boot` chunk, not
          // a dozen small ones (build/boot-chunk.ts).
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            { name: bootChunk(join(import.meta.dirname, 'src', 'main.tsx')), priority: 3 },
            // the layout's and the lean pages' own modules, the portal's parts they share and the
            // icons' runtime (ADR 0050): not with the portal's forms nor with antd's configuration
            // (the shared one first: a group takes its modules' dependencies with it)
            { name: LEAN_CHUNKS.portal, priority: 2 },
            { name: LEAN_CHUNKS.lean, priority: 1 },
            // antd's configuration, out of the boot (ADR 0050): loaded beside each page outside the
            // layout (and preloaded with the public pages, below); the layout's chunk imports it
            {
              name: 'antd-config',
              test: /[\\/]web[\\/]src[\\/]app[\\/]AntdConfig\.tsx$|[\\/]antd[\\/](es|lib)[\\/]locale[\\/]zh_CN|[\\/]antd[\\/]locale[\\/]zh_CN/,
            },
            // (/home draws no antd, issue 39 item 2: its modules no longer go with the sign-in
            // page's forms, which would bring antd's form code to it)
            {
              name: publicPagesChunks(
                PUBLIC_PAGES,
                join(import.meta.dirname, 'src', 'main.tsx'),
                [],
                'pub',
                /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/]/,
              ),
            },
            // the signed-in pages' query keys (a few hundred bytes each) in one small chunk: grouped by
            // page below, a key the study page uses landed in its chunk and the dashboard's lazy
            // panels fetched all of it (35 KB br) for the key alone (issue 23 item 11)
            { name: 'query-keys', test: /[\\/]web[\\/]src[\\/]api[\\/][^\\/]+\.keys\.ts$/ },
            // signed in (issue 23 item 11): the layout's own modules (sidebar, navbar, tabs, user
            // menu) and what they pull in, one chunk instead of about twenty; then the learner
            // pages' own modules by the pages that use them. Neither takes anything a public page
            // loads first (the groups above come first).
            { name: publicPagesChunks(SHELL, join(import.meta.dirname, 'src', 'main.tsx'), ['shell'], 'app') },
            { name: publicPagesChunks(LEARNER_PAGES, join(import.meta.dirname, 'src', 'main.tsx'), [], 'lrn') },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
    pool: 'threads',
    maxWorkers: 2,
  },
});
