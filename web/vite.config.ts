import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkReport } from './build/chunk-report';
import { inertContractZod } from './build/inert-zod';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';

const backend = process.env.XUETU_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    inertContractZod(),
    // the public pages' chunks are asked for together with the entry (issue 15)
    routePreload({
      '/home': 'src/pages/public/home/index.tsx',
      '/login': 'src/pages/login/index.tsx',
      '/register': 'src/pages/register/index.tsx',
      '/infonoticelist': 'src/pages/public/infonoticelist/index.tsx',
      '/viewnoticeitem': 'src/pages/public/viewnoticeitem/index.tsx',
    }),
    precompress(),
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
    rolldownOptions: {
      output: {
        // React is on every page: one long-lived chunk. The UI kit is NOT grouped: each page's
        // chunks carry only the antd components it uses, shared ones land in shared chunks, so
        // the portal never downloads the admin toolkit (issue 15; docs/adr/0010a-web-weight.md).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
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
