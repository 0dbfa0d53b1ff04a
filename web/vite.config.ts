import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = process.env.XUETU_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
        // one long-lived vendor chunk for the UI kit; pages are lazy chunks of their own
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design[\\/](?!icons[\\/])[^\\/]+|@rc-component|rc-[^\\/]+)[\\/]/ },
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
