import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // one migrated, seeded database per run; each test file clones it (test/helper.ts)
    globalSetup: process.env.XUETU_TEST_NO_SNAPSHOT ? [] : ['test/snapshot.ts'],
    pool: 'forks',
    // files share a worker's loaded modules (the app graph and PGlite's WASM load once per worker,
    // not once per file); every file still builds its own app on its own cloned database
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
